#!/usr/bin/env bash
# Builds the DocC archives of Rivulet, RivuletCombine, RivuletCombineBridge, RivuletTest, RivuletKeyboard and
# RivuletKeyboardCombine with the toolchain's own `docc` (no package plugin), and fails on
# undocumented public symbols, on public top-level symbols missing from the catalog's Topics, and
# on broken symbol links (docc's warnings are errors).
# Needs no network. Output: .build/docs/<Module>.doccarchive
#
#   scripts/build-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs
graphs="$scratch/symbol-graphs"
mkdir -p "$graphs"

modules=(Rivulet RivuletCombine RivuletCombineBridge RivuletTest RivuletKeyboard RivuletKeyboardCombine)
build_graphs() {
    for module in "${modules[@]}"; do
        echo "docs: symbol graph of $module (the first run compiles the package into $scratch: a few minutes)"
        swift build --scratch-path "$scratch" --target "$module" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
            -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
    done
}
# The compiler writes a module's graph when it compiles the module, so graphs stay current with
# the sources; the directory is kept between runs. A missing graph (the directory was deleted
# but the build is up to date) needs a clean build.
build_graphs
for module in "${modules[@]}"; do
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        swift package --scratch-path "$scratch" clean
        build_graphs
        break
    fi
done

echo "docs: checking doc comments and Topics"
python3 scripts/check_doc_coverage.py "$graphs" "${modules[@]}"
python3 scripts/check_doc_topics.py "$graphs" "${modules[@]}"

# docc may write caches under $HOME; CI's HOME can be missing or read-only.
if [ -z "${HOME:-}" ] || [ ! -w "${HOME:-/nonexistent}" ]; then
    export HOME="$PWD/$scratch/home"
    mkdir -p "$HOME"
fi

for module in "${modules[@]}"; do
    module_graphs="$scratch/graphs-$module"
    rm -rf "$module_graphs"
    mkdir -p "$module_graphs"
    cp "$graphs/$module".symbols.json "$module_graphs/"
    cp "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
    echo "docs: docc convert $module"
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.rivulet.$module" \
        --output-dir "$scratch/$module.doccarchive" \
        --warnings-as-errors
done
echo "docs: built ${modules[*]} into $scratch"
