#!/usr/bin/env bash
# Runs one libFuzzer harness from Tests/Fuzz against the library sources.
#
#   scripts/fuzz.sh marbles 600      # fuzz the marble-diagram parser for 10 minutes
#   scripts/fuzz.sh keyboard 600     # fuzz the keyboard userInfo parser for 10 minutes
#   scripts/fuzz.sh marbles merge    # minimise the found corpus into the committed seeds
#
# The library targets a harness needs are named on its `// fuzz-targets:` line (default: all
# three); they are built with coverage instrumentation and AddressSanitizer into .build/fuzz and
# linked with the harness Tests/Fuzz/<name>.swift (RivuletTest also needs libXCTest and libTesting,
# which it imports for its assertions). New interesting inputs go to .build/fuzz/corpus-<name>; the
# committed seeds in Tests/Fuzz/Corpus/<name> are read first. The full libFuzzer log is kept in
# .build/fuzz/<name>.log (its last lines give the executions: stat::number_of_executed_units).
# Exits non-zero on a crash (libFuzzer writes the input to .build/fuzz/crash-*).
set -euo pipefail
cd "$(dirname "$0")/.."

name=${1:?usage: scripts/fuzz.sh NAME [SECONDS]}
seconds=${2:-60}
scratch=.build/fuzz
harness="Tests/Fuzz/$name.swift"
[ -f "$harness" ] || { echo "no harness $harness" >&2; exit 2; }

read -r -a targets <<<"$(sed -n 's#^// fuzz-targets: *##p' "$harness" | head -n 1)"
[ "${#targets[@]}" -gt 0 ] || targets=(Rivulet RivuletTest RivuletKeyboard)
libraries=()
for target in "${targets[@]}"; do
    [ "$target" = RivuletTest ] && libraries+=(-lXCTest -lTesting)
done
for target in "${targets[@]}"; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -sanitize=fuzzer -Xswiftc -sanitize=address >/dev/null
done

objects=()
for target in "${targets[@]}"; do
    objects+=("$scratch"/debug/"$target".build/*.o)
done
swiftc -sanitize=fuzzer,address -parse-as-library -I "$scratch/debug/Modules" \
    "$harness" "${objects[@]}" "${libraries[@]}" -o "$scratch/fuzz-$name" 2>&1 | grep -v "Cannot export local symbol" || true

# Swift's own crash reporter would run inside libFuzzer's and ASan's handlers and hide the report.
export SWIFT_BACKTRACE=enable=no
# Known leaks outside Rivulet (see the file).
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
corpus="$scratch/corpus-$name"
mkdir -p "$corpus"
seeds="Tests/Fuzz/Corpus/$name"
mkdir -p "$seeds"
if [ "$seconds" = merge ]; then
    # Rewrites the committed seeds as a minimal set with the coverage of seeds + found corpus.
    minimal="$scratch/minimal-$name"
    rm -rf "$minimal" && mkdir -p "$minimal"
    "$scratch/fuzz-$name" -merge=1 "$minimal" "$seeds" "$corpus" 2>&1 | tail -n 3
    rm -rf "$seeds" && mv "$minimal" "$seeds"
    ls "$seeds" | wc -l
    exit 0
fi
"$scratch/fuzz-$name" "$corpus" "$seeds" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$scratch/" >"$scratch/$name.log" 2>&1 || status=$?
tail -n 20 "$scratch/$name.log"
exit "${status:-0}"
