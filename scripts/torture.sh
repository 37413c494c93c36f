#!/usr/bin/env bash
# Runs the torture target (Tests/RivuletTests/ProtocolChecks/TortureTests.swift) for a long time:
# random pipelines sent to by 2-4 threads while another subscribes and disposes, each round
# under a watchdog. Each round prints its seed and shape before it starts, so a trap that kills
# the process still names the round; the run stops at the first failure.
#
#   scripts/torture.sh 3600                    # an hour from seed 1 (debug build)
#   scripts/torture.sh 3600 release            # an hour, release build (the optimiser's reorderings)
#   scripts/torture.sh 0 debug 500 900         # seeds 500...900, however long they take
#   scripts/torture.sh 600 debug 1 '' known    # include the shapes of the known stalls
#
# Arguments: SECONDS (0: no time limit), CONFIGURATION (debug | release), FIRST_SEED, LAST_SEED,
# and `known` to include the shapes that avoidsKnownStalls leaves out. A round that makes no
# progress for RIVULET_TORTURE_HANG_SECONDS (30) fails as a hang, with each thread's place.
# The log is kept in .build/torture-<configuration>.log.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-3600}
configuration=${2:-debug}
first=${3:-1}
last=${4:-}
known=${5:-}

export RIVULET_TORTURE_SEED="$first"
if [ "$seconds" != 0 ]; then export RIVULET_TORTURE_SECONDS="$seconds"; fi
if [ -n "$last" ]; then export RIVULET_TORTURE_LAST_SEED="$last"; fi
if [ "$seconds" = 0 ] && [ -z "$last" ]; then export RIVULET_TORTURE_SECONDS=$((365 * 86400)); fi
if [ "$known" = known ]; then export RIVULET_TORTURE_KNOWN_STALLS=1; fi

log=".build/torture-$configuration.log"
mkdir -p .build
echo "torture: $configuration build, seeds from $first${last:+ to $last}, ${seconds}s (log: $log)"
# `-Xswiftc -enable-testing` lets a release build compile the tests' `@testable import`.
extra=()
[ "$configuration" = release ] && extra=(-Xswiftc -enable-testing)
status=0
swift test -c "$configuration" "${extra[@]}" --filter 'TortureTests/testRandomPipelinesNeitherHangNorStaySubscribed' \
    >"$log" 2>&1 || status=$?
grep -E '^torture|hang|left subscribed|Fatal error|error:' "$log" | tail -n 40
if [ "$status" -ne 0 ]; then
    echo "torture: FAILED (exit $status); the last 'torture seed N' line above is the round that failed" >&2
fi
exit "$status"
