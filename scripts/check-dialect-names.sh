#!/usr/bin/env bash
# Fails when `import Rivulet` or `import RivuletKeyboard` would bring a Combine name into a file
# (the Combine dialect lives in RivuletCombine and RivuletKeyboardCombine; docs/DESIGN.md).
# Builds the two modules, extracts their symbol graphs from the compiled modules (fresh each run,
# so a graph never outlives the code it came from) and checks every public symbol, including the
# members the modules add to other modules' types. Needs no network.
#
#   scripts/check-dialect-names.sh
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Rivulet RivuletKeyboard)
for module in "${modules[@]}"; do
    swift build --target "$module" >/dev/null
done
bin=$(swift build --show-bin-path)
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in "${modules[@]}"; do
    # The engine's C shim (CRivuletAtomics) is a Clang module: its generated module map is needed
    # to load Rivulet's interface.
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" \
        -Xcc -fmodule-map-file="$bin/CRivuletAtomics.build/module.modulemap" \
        -Xcc -I -Xcc Sources/CRivuletAtomics/include \
        -output-dir "$graphs" -minimum-access-level public
done
python3 scripts/check_dialect_names.py "$graphs" "${modules[@]}"
