#!/usr/bin/env python3
"""Fails when a public top-level symbol of a module is not curated in its DocC catalog.

Usage: check_doc_topics.py SYMBOL_GRAPH_DIR MODULE...

For each module, reads `SYMBOL_GRAPH_DIR/<Module>.symbols.json` and every `.md` file of
`Sources/<Module>/<Module>.docc/`, collects the symbol links (``Name``, ``Name/member``,
``Name(_:)-abc12``) and reports each public top-level symbol (types, protocols, free functions,
type aliases; underscored names are not public API) that no link names. DocC itself fails the
build on links that resolve to nothing (`--warnings-as-errors`).
"""
import json
import pathlib
import re
import sys

LINK = re.compile(r"``([^`]+)``")


def curated_names(catalog: pathlib.Path) -> set:
    names = set()
    for page in catalog.rglob("*.md"):
        for link in LINK.findall(page.read_text()):
            top = link.split("/")[0]
            # A disambiguation suffix (`-abc12`, `-swift.struct`, `-(Int)`) is not part of the name.
            if ")-" in top:
                top = top[: top.index(")-") + 1]
            elif "-" in top and "(" not in top:
                top = top.split("-")[0]
            names.add(top)
    return names


def main() -> int:
    directory = pathlib.Path(sys.argv[1])
    failed = False
    for module in sys.argv[2:]:
        graph = json.loads((directory / f"{module}.symbols.json").read_text())
        top_level = set()
        for symbol in graph.get("symbols", []):
            components = symbol.get("pathComponents", [])
            if len(components) != 1 or components[0].startswith("_"):
                continue
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            top_level.add(components[0])
        catalog = pathlib.Path("Sources") / module / f"{module}.docc"
        curated = curated_names(catalog) if catalog.is_dir() else set()
        missing = sorted(top_level - curated)
        for name in missing:
            print(f"not curated in {catalog}: {name}")
        print(f"topics: {module}: {len(top_level) - len(missing)} of {len(top_level)} top-level symbols curated")
        failed = failed or bool(missing)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
