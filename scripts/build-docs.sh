#!/usr/bin/env bash
# Builds the DocC archives of Rivulet, RivuletTest and RivuletKeyboard with the toolchain's own
# `docc` (no package plugin), and fails on undocumented public symbols or broken symbol links.
# Output: .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs
graphs="$scratch/symbol-graphs"
rm -rf "$graphs"
mkdir -p "$graphs"

modules=(Rivulet RivuletTest RivuletKeyboard)
for module in "${modules[@]}"; do
    swift build --scratch-path "$scratch" --target "$module" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
done

python3 scripts/check_doc_coverage.py "$graphs" "${modules[@]}"

for module in "${modules[@]}"; do
    module_graphs="$scratch/graphs-$module"
    rm -rf "$module_graphs"
    mkdir -p "$module_graphs"
    cp "$graphs/$module".symbols.json "$module_graphs/"
    cp "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.rivulet.$module" \
        --output-dir "$scratch/$module.doccarchive" \
        --warnings-as-errors
done
echo "docs: built ${modules[*]} into $scratch"
