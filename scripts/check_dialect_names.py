#!/usr/bin/env python3
"""Fails when a module of the Rx side declares a Combine name.

Usage: check_dialect_names.py SYMBOL_GRAPH_DIR MODULE...

`import Rivulet` (and `import RivuletKeyboard`) must bring no name of Apple's Combine into a file:
the Combine dialect lives in RivuletCombine (docs/DESIGN.md, "Module map"). For each module this
reads `<Module>.symbols.json` and the extension graphs `<Module>@<Other>.symbols.json` (members the
module adds to Swift's, Foundation's or Dispatch's types) and reports every public symbol whose
path (`Observable.asPublisher()`, `NotificationCenter.publisher(for:object:)`,
`DispatchQueue.SchedulerTimeType`) contains a Combine name, including operators declared on a
Combine type (`Subscribers.Demand + Int` shows as a member of `Subscribers`), and every public
declaration that names a Combine type (`var eventsPublisher: AnyPublisher<KeyboardEvent, Never>`). Underscored names
count too: they would still be visible to the type checker.
"""
import json
import pathlib
import re
import sys

# Combine's top-level types, protocols and namespaces, and the nested names Combine adds to
# Swift's and Foundation's types (`Sequence.publisher`, `NotificationCenter.Publisher`,
# `DispatchQueue.SchedulerTimeType`, `Timer.publish`, ...).
FORBIDDEN = {
    "AnyCancellable", "AnyPublisher", "AnySubscriber", "AsyncPublisher", "AsyncThrowingPublisher",
    "Cancellable", "CombineIdentifier", "ConnectablePublisher", "CurrentValueSubject",
    "CustomCombineIdentifierConvertible", "Deferred", "Empty", "Fail", "Future", "Just",
    "ImmediateScheduler", "ObservableObject", "ObservableObjectPublisher", "PassthroughSubject",
    "Published", "Publisher", "Publishers", "Record", "Scheduler", "SchedulerTimeIntervalConvertible",
    "Subject", "Subscriber", "Subscribers", "Subscription", "Subscriptions", "TopLevelDecoder",
    "TopLevelEncoder", "SchedulerTimeType", "SchedulerOptions", "TimerPublisher", "DataTaskPublisher",
    "KeyValueObservingPublisher",
}
# Member names (the last path component, without the argument labels) that only Combine declares.
FORBIDDEN_MEMBERS = {
    "asPublisher", "eraseToAnyPublisher", "sink", "assign", "store", "receive", "objectWillChange",
}
# Member names Combine adds to other modules' types (`Sequence.publisher`, `Timer.publish`,
# `DispatchQueue.now`): forbidden in the extension graphs only (RxSwift's own `publish()` is fine).
FORBIDDEN_FOREIGN_MEMBERS = {
    "publisher", "publish", "dataTaskPublisher", "minimumTolerance", "now", "schedule",
}

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*")


def base_name(component: str) -> str:
    match = NAME.match(component)
    return match.group(0) if match else component


def main() -> int:
    directory = pathlib.Path(sys.argv[1])
    offenders = []
    checked = 0
    for module in sys.argv[2:]:
        graphs = [directory / f"{module}.symbols.json", *sorted(directory.glob(f"{module}@*.symbols.json"))]
        if not graphs[0].is_file():
            print(f"no symbol graph for {module} in {directory}")
            return 1
        for path in graphs:
            extension_graph = "@" in path.name
            graph = json.loads(path.read_text())
            for symbol in graph.get("symbols", []):
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                checked += 1
                components = [base_name(c) for c in symbol.get("pathComponents", [])]
                if not components:
                    continue
                hits = [c for c in components if c in FORBIDDEN]
                if components[-1] in FORBIDDEN_MEMBERS:
                    hits.append(components[-1])
                if extension_graph and components[-1] in FORBIDDEN_FOREIGN_MEMBERS:
                    hits.append(components[-1])
                # A declaration that names a Combine type (`var eventsPublisher: AnyPublisher<...>`);
                # a generic parameter (`multicast<Subject: SubjectType>`) has no precise identifier.
                for fragment in symbol.get("declarationFragments", []):
                    if (
                        fragment.get("kind") == "typeIdentifier"
                        and fragment.get("preciseIdentifier")
                        and fragment.get("spelling") in FORBIDDEN
                    ):
                        hits.append(fragment["spelling"])
                if hits:
                    location = symbol.get("location", {}).get("uri", "?").split("/Sources/")[-1]
                    offenders.append(f"{module}: {'.'.join(symbol['pathComponents'])}  (Sources/{location})")
    for entry in sorted(set(offenders)):
        print(f"Combine name: {entry}")
    print(f"dialect names: {checked} public symbols of {', '.join(sys.argv[2:])} checked, "
          f"{len(set(offenders))} Combine names")
    return 1 if offenders else 0


if __name__ == "__main__":
    sys.exit(main())
