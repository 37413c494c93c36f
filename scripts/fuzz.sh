#!/usr/bin/env bash
# Runs one libFuzzer harness from Tests/Fuzz against the library sources.
#
#   scripts/fuzz.sh marbles 600      # fuzz the marble-diagram parser for 10 minutes
#   scripts/fuzz.sh keyboard 600     # fuzz the keyboard userInfo parser for 10 minutes
#   scripts/fuzz.sh engine 60        # fuzz random subject/operator scripts for a minute
#
# The library is built with coverage instrumentation and AddressSanitizer into .build/fuzz; the
# harness Tests/Fuzz/<name>.swift is linked with it. New interesting inputs go to
# .build/fuzz/corpus-<name>; the committed seeds in Tests/Fuzz/Corpus/<name> are read first.
# Exits non-zero on a crash (libFuzzer writes the input to .build/fuzz/crash-*).
set -euo pipefail
cd "$(dirname "$0")/.."

name=${1:?usage: scripts/fuzz.sh NAME [SECONDS]}
seconds=${2:-60}
scratch=.build/fuzz
harness="Tests/Fuzz/$name.swift"
[ -f "$harness" ] || { echo "no harness $harness" >&2; exit 2; }

targets=(Rivulet RivuletTest RivuletKeyboard)
for target in "${targets[@]}"; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -sanitize=fuzzer -Xswiftc -sanitize=address >/dev/null
done

objects=()
for target in "${targets[@]}"; do
    objects+=("$scratch"/debug/"$target".build/*.o)
done
swiftc -sanitize=fuzzer,address -parse-as-library -I "$scratch/debug/Modules" \
    "$harness" "${objects[@]}" -o "$scratch/fuzz-$name" 2>&1 | grep -v "Cannot export local symbol" || true

corpus="$scratch/corpus-$name"
mkdir -p "$corpus"
seeds="Tests/Fuzz/Corpus/$name"
mkdir -p "$seeds"
"$scratch/fuzz-$name" "$corpus" "$seeds" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$scratch/" 2>&1 | tail -n 20
