#!/usr/bin/env bash
# Keeps the Combine-facing sources (RivuletCombineBridge, RivuletKeyboardCombine) portable: they
# are written once against Combine's public API and built against Apple's Combine on Apple
# platforms and against RivuletCombine elsewhere (docs/DESIGN.md, "One source for every Combine").
# Apple's Combine cannot be built here, so this script checks the two things that can be:
#  (a) the sources name no non-public RivuletCombine API: no `package` declaration of
#      RivuletCombine, no underscored name, no @testable/@_spi import, and RivuletCombine is
#      imported only as the fallback of the cross-platform pattern;
#  (b) the sources compile, as their `canImport(Combine)` branch, with `import Combine` mapped to a
#      separately built RivuletCombine (`-module-alias Combine=RivuletCombine`, no package name, so
#      only its public API is visible), warnings as errors, in Swift 6 mode.
#
#   scripts/check-combine-portability.sh
set -euo pipefail
cd "$(dirname "$0")/.."

portable=(RivuletCombineBridge RivuletKeyboardCombine)
status=0

echo "-- (a) no non-public RivuletCombine API"
# Names RivuletCombine declares with `package` access (what a file outside the package cannot see).
# Names RivuletCombine declares with `package` access (what a file outside the package cannot
# see; its internal names are invisible anyway), and the first labels of its `package` initialisers.
package_names=$(grep -rhoE '\bpackage\s+((static|final|override|convenience|mutating)\s+)*(func|var|let|class|struct|enum|typealias|protocol)\s+[A-Za-z_][A-Za-z0-9_]*' \
    Sources/RivuletCombine | awk '{ print $NF }' | sort -u || true)
package_labels=$(grep -rhoE '\bpackage\s+(convenience\s+)?init\??\(\s*[A-Za-z_][A-Za-z0-9_]*' Sources/RivuletCombine |
    sed -E 's/.*\(\s*//' | grep -v '^_$' | sort -u | sed 's/$/:/' || true)
for module in "${portable[@]}"; do
    for file in Sources/"$module"/*.swift; do
        python3 - "$file" "$package_names" "$package_labels" <<'PY' || status=1
import re, sys
path, names, labels = sys.argv[1], set(sys.argv[2].split()), sys.argv[3].split()
text = open(path).read()
pattern = "#if canImport(Combine)\n    import Combine\n#else\n    import RivuletCombine\n#endif\n"
problems = []
if not text.startswith(pattern):
    problems.append("does not start with the cross-platform import pattern")
rest = text.replace(pattern, "", 1)
code = re.sub(r'//[^\n]*', '', rest)  # comments may name anything
if re.search(r'\bRivuletCombine\b', code):
    problems.append("names RivuletCombine outside the import pattern")
for bad in ["@testable", "@_spi", "@_implementationOnly"] + labels:
    if bad in code:
        problems.append(f"uses {bad}")
for word in sorted(set(re.findall(r'\b[A-Za-z_][A-Za-z0-9_]*\b', code))):
    if word.startswith('_') and word != '_':
        problems.append(f"uses the underscored name {word}")
    elif word in names:
        problems.append(f"uses RivuletCombine's package name {word}")
for problem in problems:
    print(f"{path}: {problem}")
sys.exit(1 if problems else 0)
PY
    done
done
[ "$status" -eq 0 ] || { echo "non-public RivuletCombine API in a portable source"; exit 1; }

echo "-- (b) the canImport(Combine) branch compiles against RivuletCombine as Combine"
swift build --target RivuletKeyboardCombine >/dev/null
bin=$(swift build --show-bin-path)
scratch=$(mktemp -d /tmp/combine-portability.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/modules"

for module in "${portable[@]}"; do
    mkdir -p "$scratch/$module"
    for file in Sources/"$module"/*.swift; do
        # The Apple branch, verbatim: the import pattern becomes `import Combine`, every other
        # `#if canImport(Combine)` is taken.
        python3 - "$file" > "$scratch/$module/$(basename "$file")" <<'PY'
import sys
text = open(sys.argv[1]).read()
text = text.replace("#if canImport(Combine)\n    import Combine\n#else\n    import RivuletCombine\n#endif\n", "import Combine\n", 1)
print(text.replace("#if canImport(Combine)\n", "#if true\n"), end="")
PY
    done
    swiftc -emit-module -parse-as-library -swift-version 6 -warnings-as-errors \
        -module-alias Combine=RivuletCombine -I "$bin/Modules" -I "$scratch/modules" \
        -Xcc -fmodule-map-file="$bin/CRivuletAtomics.build/module.modulemap" \
        -Xcc -I -Xcc Sources/CRivuletAtomics/include \
        -module-name "$module" -emit-module-path "$scratch/modules/$module.swiftmodule" \
        "$scratch/$module"/*.swift
    echo "$module: compiled against Combine = RivuletCombine"

done
