#!/usr/bin/env python3
"""Fails when a public symbol in a symbol graph has no doc comment.

Usage: check_doc_coverage.py SYMBOL_GRAPH_DIR MODULE...

Skips what has no source of its own to document: compiler-synthesized symbols (and symbols
with no source location, which the compiler generated), underscored
names (not public API by the README's rule) and members of underscored types.
"""
import json
import pathlib
import sys


def main() -> int:
    directory = pathlib.Path(sys.argv[1])
    modules = sys.argv[2:]
    missing = []
    total = 0
    for module in modules:
        if not (directory / f"{module}.symbols.json").is_file():
            print(f"no symbol graph for {module} in {directory}")
            return 1
        for path in sorted(directory.glob(f"{module}*.symbols.json")):
            graph = json.loads(path.read_text())
            for symbol in graph.get("symbols", []):
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                identifier = symbol["identifier"]["precise"]
                if "::SYNTHESIZED::" in identifier:
                    continue
                # No source location: compiler-generated (a raw-value enum's init(rawValue:)).
                if "location" not in symbol:
                    continue
                components = symbol.get("pathComponents", [])
                if any(component.startswith("_") for component in components):
                    continue
                total += 1
                if not symbol.get("docComment", {}).get("lines"):
                    location = symbol.get("location", {})
                    where = location.get("uri", "?").split("/Sources/")[-1]
                    line = location.get("position", {}).get("line", 0) + 1
                    missing.append(f"{'.'.join(components)}  (Sources/{where}:{line})")
    for entry in sorted(set(missing)):
        print(f"undocumented: {entry}")
    print(f"doc coverage: {total - len(set(missing))} of {total} public symbols documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
