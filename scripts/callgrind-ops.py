#!/usr/bin/env python3
"""Instructions per operation of rivulet-bench scenarios, under callgrind.

Runs `rivulet-bench --quick --runs 1` and `--runs 3` under callgrind (with deterministic hashing)
and divides the difference of each scenario body's inclusive instruction count by the extra
operations, so start-up and one-time costs cancel out. Deterministic: the same binary gives the
same figures on a busy machine.

    scripts/callgrind-ops.py [--binary PATH] FILTER...     e.g. B1 B3 B6

FILTER is a scenario id; every body function of that scenario (`b1Baseline`, `b1Rx`,
`b1Combine`, ...) is reported.
"""
import os
import re
import subprocess
import sys
import tempfile

# Operations per run at --quick scale (1/100 of the full run), per scenario id.
OPERATIONS = {"B1": 10_000, "B2": 10_000, "B3": 1_000, "B4": 10_000, "B5": 1_000, "B6": 1_000, "B7": 10_000, "B8": 1_000}


def run(binary, runs, scenario, workdir):
    out = os.path.join(workdir, f"cg-{scenario}-{runs}.out")
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "--quick", "--runs", str(runs),
         "--filter", scenario],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    annotated = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
        capture_output=True, text=True, check=True).stdout
    counts = {}
    prefix = scenario.lower()
    for line in annotated.splitlines():
        match = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+\S*?:(\$s\S+)", line)
        if not match:
            continue
        count, symbol = int(match.group(1).replace(",", "")), match.group(2)
        # Scenario bodies: static funcs of `Scenarios` named b1Baseline, b1Rx, ... (mangled with
        # their length: "ScenariosO4b1Rxy...").
        body = re.search(r"ScenariosO(\d+)", symbol)
        if not body:
            continue
        start = body.end()
        name = symbol[start:start + int(body.group(1))]
        if name.lower().startswith(prefix) and len(name) > len(prefix) and symbol[start + len(name)] == "y":
            counts[name] = max(counts.get(name, 0), count)
    return counts


def main():
    args = sys.argv[1:]
    binary = ".build/release/rivulet-bench"
    if len(args) >= 2 and args[0] == "--binary":
        binary, args = args[1], args[2:]
    if not args:
        print(__doc__)
        sys.exit(2)
    with tempfile.TemporaryDirectory() as workdir:
        for scenario in args:
            one = run(binary, 1, scenario, workdir)
            three = run(binary, 3, scenario, workdir)
            extra = 2 * OPERATIONS[scenario]
            # The baseline body runs once per dialect row of the scenario.
            rows = max(1, len([name for name in three if not name.endswith("Baseline")]))
            for name in sorted(three):
                if name in one:
                    per_op = (three[name] - one[name]) / extra / (rows if name.endswith("Baseline") else 1)
                    print(f"{scenario:3} {name:14} {per_op:10.1f} instructions/op")


if __name__ == "__main__":
    main()
