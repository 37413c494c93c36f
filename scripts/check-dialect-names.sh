#!/usr/bin/env bash
# Fails when `import Rivulet` or `import RivuletKeyboard` would bring a Combine name into a file
# (the Combine dialect lives in RivuletCombine and RivuletKeyboardCombine; docs/DESIGN.md).
# Reads the modules' symbol graphs, every public symbol including the members they add to other
# modules' types. Shares .build/docs with scripts/build-docs.sh. Needs no network.
#
#   scripts/check-dialect-names.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs
graphs="$scratch/dialect-graphs"
mkdir -p "$graphs"
modules=(Rivulet RivuletKeyboard)
build_graphs() {
    for module in "${modules[@]}"; do
        swift build --scratch-path "$scratch" --target "$module" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
            -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
    done
}
# The compiler writes a module's graph when it compiles the module, so graphs stay current with
# the sources; a missing graph (the directory was deleted but the build is up to date) needs a
# clean build.
build_graphs
for module in "${modules[@]}"; do
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        swift package --scratch-path "$scratch" clean
        build_graphs
        break
    fi
done
python3 scripts/check_dialect_names.py "$graphs" "${modules[@]}"
