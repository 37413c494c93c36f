#!/usr/bin/env bash
# Keeps the Apple floor (iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1) true on a machine
# without Apple SDKs: fails when a file in Sources imports Synchronization or uses a listed Apple
# API newer than the floor outside `@available` / `#available` (scripts/check_apple_floor.py has
# the list). First proves it can fail, on planted violations. What only an Apple build can check
# is in the README ("Requirements").
#
#   scripts/check-apple-floor.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/check_apple_floor.py --self-check
python3 scripts/check_apple_floor.py Sources
