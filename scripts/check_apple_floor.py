#!/usr/bin/env python3
"""Fails when a source file uses an Apple API newer than the package's floor outside an
`@available` declaration or an `if #available` / `guard #available` branch.

Usage: check_apple_floor.py [--self-check] [DIR...]   (default DIR: Sources)

The floor is Combine's: iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1 (Package.swift). This
runs on a machine without Apple SDKs, so it cannot ask the compiler; it knows a list of APIs (the
`NEWER` table: the module `Synchronization` and what it declares, Observation, the clocks, newer
task and SwiftUI/UIKit APIs, ...) and, for each use, whether an enclosing declaration carries an
`@available(... iOS N ...)` with N at least the API's iOS version, or the use sits in the body of
an `if #available(iOS N, ...)` or after a `guard #available(iOS N, ...)` in the same scope.
`import Synchronization` is refused everywhere. Comments and string literals are ignored.

`--self-check` runs the checker on planted files (violations it must report, guarded uses it must
accept) and fails if it misses one: the proof that the check can fail.
"""
import pathlib
import re
import sys
import tempfile

FLOOR_IOS = 13

# (pattern, iOS version that introduced it, what it is). A pattern matches code with comments and
# string literals removed. The iOS version stands for the platform set (macOS, tvOS and watchOS of
# the same year), which is how Rivulet writes its `@available` attributes. Not listed because the
# toolchain's own interfaces (usr/lib/swift/linux/*.swiftmodule/*.swiftinterface, which keep Apple's
# availability) show them back-deployed to iOS 13: `AsyncStream.makeStream` (@backDeployed before
# iOS 17), `withTaskCancellationHandler(operation:onCancel:isolation:)` and
# `withCheckedThrowingContinuation(isolation:)` (@backDeployed before iOS 18).
NEWER = [
    (r"\bMutex\s*<", 18, "Synchronization.Mutex"),
    (r"\bAtomic\s*<", 18, "Synchronization.Atomic"),
    (r"\bAtomicLazyReference\b", 18, "Synchronization.AtomicLazyReference"),
    (r"\bWordPair\b", 18, "Synchronization.WordPair"),
    (r"\bTaskExecutor\b|\bwithTaskExecutorPreference\b|\bglobalConcurrentExecutor\b", 18, "task executors"),
    (r"\bInlineArray\b|\bRawSpan\b|\bMutableSpan\b|\bMutableRawSpan\b|\bUTF8Span\b|\bOutputSpan\b|\bSpan\s*<",
     26, "spans and InlineArray"),
    (r"\bTask\.immediate\b|\bTask\s*\(\s*name\s*:|\bstartSynchronously\b", 26, "Task.immediate / named tasks"),
    (r"\bObservations\b", 26, "Observation.Observations"),
    (r"@Observable\b|\bObservationRegistrar\b|\bwithObservationTracking\b|\bObservationIgnored\b|@Bindable\b",
     17, "Observation"),
    (r"\bwithDiscardingTaskGroup\b|\bwithThrowingDiscardingTaskGroup\b", 17, "discarding task groups"),
    (r"\.spring\s*\(\s*duration\s*:|\bbounce\s*:", 17, "SwiftUI's spring(duration:bounce:)"),
    (r"\bregisterForTraitChanges\b", 17, "UIKit trait registration"),
    (r"\bContinuousClock\b|\bSuspendingClock\b|\bDuration\b|\bInstantProtocol\b|\bDurationProtocol\b",
     16, "Clock and Duration"),
    (r"\bany\s+Clock\b|:\s*Clock\b|\bsome\s+Clock\b|<\s*\w+\s*:\s*Clock\b", 16, "Clock"),
    (r"\bsleep\s*\(\s*for\s*:|\bsleep\s*\(\s*until\s*:", 16, "Task.sleep(for:) / sleep(until:)"),
    (r"\bRegex\s*<|\bRegex\s*\(|#/", 16, "Regex"),
    (r"\bOSAllocatedUnfairLock\b", 16, "OSAllocatedUnfairLock"),
    (r"\bURL\s*\(\s*filePath\s*:|\.appending\s*\(\s*path\s*:", 16, "URL(filePath:) / appending(path:)"),
    (r"\bUIHostingConfiguration\b", 16, "UIHostingConfiguration"),
    (r"\bDate\.now\b|\.formatted\s*\(|\bAttributedString\b|\bFormatStyle\b", 15, "Foundation formatting, Date.now"),
    (r"\.notifications\s*\(\s*named\s*:", 15, "NotificationCenter.notifications(named:)"),
    (r"\.task\s*(\(|\{)", 15, "SwiftUI's task modifier"),
    (r"\.animation\s*\([^)]*value\s*:", 15, "SwiftUI's animation(_:value:)"),
    (r"\.safeAreaInset\s*\(", 15, "SwiftUI's safeAreaInset"),
    (r"\bkeyboardLayoutGuide\b|\bUIKeyboardLayoutGuide\b|\bUISheetPresentationController\b", 15, "UIKit (iOS 15)"),
    (r"@StateObject\b|\.onChange\s*\(\s*of\s*:|\.ignoresSafeArea\s*\(", 14, "SwiftUI (iOS 14)"),
    (r"\bLogger\s*\(", 14, "os.Logger"),
]

AVAILABLE_ATTRIBUTE = re.compile(r"@available\s*\(([^)]*)\)")
AVAILABLE_CONDITION = re.compile(r"\b(if|guard)\s+#available\s*\(([^)]*)\)")
IOS_VERSION = re.compile(r"\biOS\s+(\d+)")
IMPORT_SYNCHRONIZATION = re.compile(r"^\s*(@\w+\s+)*import\s+(\w+\s+)?Synchronization\b")


def strip_comments_and_strings(text):
    """The text with comments and string literals blanked (newlines kept, so lines still count)."""
    out = []
    i, n = 0, len(text)
    block_depth = 0
    while i < n:
        c = text[i]
        if block_depth:
            if text.startswith("*/", i):
                block_depth -= 1
                i += 2
            elif text.startswith("/*", i):
                block_depth += 1
                i += 2
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            block_depth = 1
            i += 2
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def ios_of(arguments):
    """The iOS version an availability list names (0 if none: it does not cover the floor)."""
    match = IOS_VERSION.search(arguments)
    return int(match.group(1)) if match else 0


def check_file(path, display):
    """The violations in one file, as printable lines."""
    code = strip_comments_and_strings(path.read_text(encoding="utf-8")).split("\n")
    problems = []
    # Each open brace's scope: the iOS version it guarantees (0: none beyond its parent's).
    scopes = []
    pending = 0          # an @available / if #available waiting for the brace of its body
    guarded = []         # per scope, the iOS version a `guard #available` guarantees after it
    paren_depth = 0
    for number, line in enumerate(code, start=1):
        if IMPORT_SYNCHRONIZATION.search(line):
            problems.append(f"{display}:{number}: imports Synchronization (iOS 18 / macOS 15)")
        for match in AVAILABLE_ATTRIBUTE.finditer(line):
            arguments = match.group(1)
            if "unavailable" in arguments:
                continue
            pending = max(pending, ios_of(arguments))
        for match in AVAILABLE_CONDITION.finditer(line):
            version = ios_of(match.group(2))
            if match.group(1) == "guard":
                if guarded:
                    guarded[-1] = max(guarded[-1], version)
            else:
                pending = max(pending, version)
        current = max([pending] + scopes + guarded)
        for pattern, version, what in NEWER:
            if version <= FLOOR_IOS:
                continue
            if re.search(pattern, line) and current < version:
                problems.append(f"{display}:{number}: {what} (iOS {version}) outside @available / #available")
        opened_here = False
        for c in line:
            if c == "(":
                paren_depth += 1
            elif c == ")":
                paren_depth = max(0, paren_depth - 1)
            elif c == "{":
                scopes.append(pending)
                guarded.append(0)
                pending = 0
                opened_here = True
            elif c == "}":
                if scopes:
                    scopes.pop()
                    guarded.pop()
        stripped = line.strip()
        # A pending attribute lasts over its own line, attribute lines and an unfinished
        # declaration (open parentheses, a trailing comma or arrow); a declaration without a body
        # ends with its line.
        if pending and not opened_here:
            continues = (
                paren_depth > 0
                or stripped == ""
                or stripped.startswith("@")
                or stripped.endswith((",", "->", "=", ":", "where"))
                or AVAILABLE_ATTRIBUTE.fullmatch(stripped) is not None
            )
            attribute_only = re.fullmatch(r"(@\w+(\s*\([^)]*\))?\s*)+", stripped) is not None
            if not (continues or attribute_only):
                pending = 0
    return problems


def check(directories):
    problems = []
    for directory in directories:
        root = pathlib.Path(directory)
        for path in sorted(root.rglob("*.swift")):
            problems += check_file(path, str(path))
    return problems


PLANTED_VIOLATIONS = {
    "ImportsSynchronization.swift": "import Synchronization\n",
    "UsesMutex.swift": "final class A {\n    let m = Mutex<Int>(0)\n}\n",
    "UsesAtomic.swift": "let flag = Atomic<Int>(0)\n",
    "ClockOutside.swift": "func f() async {\n    let clock = ContinuousClock()\n    _ = clock\n}\n",
    "ElseBranch.swift": (
        "func f() {\n    if #available(iOS 16, macOS 13, *) {\n        _ = ContinuousClock()\n"
        "    } else {\n        _ = Duration.seconds(1)\n    }\n}\n"
    ),
    "TooLow.swift": "@available(iOS 16, macOS 13, *)\nfinal class S {\n    @Observable final class M {}\n}\n",
    "AfterBody.swift": "@available(iOS 17, *)\nfunc g() {}\nlet d: Duration = .seconds(1)\n",
}
PLANTED_ACCEPTED = {
    "Attribute.swift": (
        "/// `Mutex<Int>` in a comment, \"Atomic<Int>\" in a string.\n"
        "let s = \"import Synchronization\"\n"
        "@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)\n@Observable\n"
        "public final class State {\n    var d: Duration = .seconds(1)\n}\n"
    ),
    "Condition.swift": (
        "func f() {\n    if #available(iOS 16, macOS 13, *) {\n        _ = ContinuousClock()\n    }\n}\n"
        "func g() {\n    guard #available(iOS 17, macOS 14, *) else { return }\n"
        "    await withDiscardingTaskGroup { _ in }\n}\n"
    ),
    "Signature.swift": (
        "@available(iOS 16, macOS 13, *)\npublic func wait(\n    for duration: Duration,\n"
        "    tolerance: Duration? = nil\n) async {}\n"
        "@available(iOS 16, macOS 13, *) public var limit: Duration { .seconds(1) }\n"
    ),
}


def self_check():
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        for name, text in {**PLANTED_VIOLATIONS, **PLANTED_ACCEPTED}.items():
            (root / name).write_text(text, encoding="utf-8")
        found = check([scratch])
    failed = False
    for name in PLANTED_VIOLATIONS:
        if not any(f"/{name}:" in problem for problem in found):
            print(f"self-check: the planted violation in {name} was not reported", file=sys.stderr)
            failed = True
    for name in PLANTED_ACCEPTED:
        wrong = [problem for problem in found if f"/{name}:" in problem]
        if wrong:
            print(f"self-check: a guarded use was reported: {wrong}", file=sys.stderr)
            failed = True
    if failed:
        return 1
    print(f"self-check: {len(PLANTED_VIOLATIONS)} planted violations reported, "
          f"{len(PLANTED_ACCEPTED)} guarded files accepted")
    return 0


def main(arguments):
    if arguments[:1] == ["--self-check"]:
        return self_check()
    problems = check(arguments or ["Sources"])
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} use(s) of Apple APIs newer than the floor (iOS {FLOOR_IOS}); put them "
              "behind @available / #available (and say so in the doc comment)", file=sys.stderr)
        return 1
    print(f"apple floor: no import of Synchronization, no listed API newer than iOS {FLOOR_IOS} unguarded")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
