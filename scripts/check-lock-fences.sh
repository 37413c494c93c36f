#!/usr/bin/env bash
# Checks that `Lock` keeps its critical section's memory operations inside it, retains included
# (docs/DESIGN.md, "Decisions"). Compiles the real Lock.swift and AtomicCell.swift
# with scripts/lock-fences/Probes.swift (the critical sections that hand an object across the
# lock) the way a release build does (-O, whole module), and reads the optimised LLVM IR of each
# probe: between the unlock (the lock word's releasing store, or `os_unfair_lock_unlock`) and the
# function's return there must be no `swift_retain`. A retain there means another thread can take
# the lock and release the object before it is retained.
#
# Before that, the check proves it can fail: on Linux it compiles the lock without its compiler
# barrier (the lock Rivulet had before, `-DRIVULET_LOCK_WITHOUT_COMPILER_BARRIER`) and requires the
# check to report it.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
include="$PWD/Sources/CRivuletAtomics/include"
cat > "$work/module.modulemap" <<MAP
module CRivuletAtomics {
    umbrella "$include"
    export *
}
MAP

# Compiles the probes (extra swiftc arguments in "$@") and prints the optimised IR's file name.
compile() {
    local out="$work/probes-$#.ll"
    swiftc -O -wmo -parse-as-library -module-name LockFences -package-name Rivulet \
        -enable-experimental-feature RawLayout -enable-experimental-feature BuiltinModule \
        -Xcc -fmodule-map-file="$work/module.modulemap" "$@" -emit-ir \
        Sources/Rivulet/Internal/Lock.swift Sources/Rivulet/Internal/AtomicCell.swift \
        scripts/lock-fences/Probes.swift -o "$out"
    echo "$out"
}

# Prints one line per probe function: "<name> ok" or "<name> retain after unlock".
verdicts() {
    awk '
        /^define .*ProbeOwnerC(12storeInDefer|8exchange|4read)/ {
            name = $0; sub(/^.*@"?/, "", name); sub(/"?\(.*$/, "", name)
            inside = 1; unlocked = 0; bad = 0; unlocks = 0; next
        }
        inside && (/store atomic i32 0, ptr [^,]* release/ || /call .*@os_unfair_lock_unlock/) {
            unlocked = 1; unlocks++; next
        }
        inside && unlocked && /call .*@swift_retain/ { bad = 1 }
        inside && /^  ret / { unlocked = 0 }
        inside && /^}/ {
            inside = 0
            if (unlocks == 0) print name " no-unlock-found"
            else if (bad) print name " retain-after-unlock"
            else print name " ok"
        }
    ' "$1"
}

# Fails unless three probes were found and every one is ok; prints the verdicts.
judge() {
    local lines
    lines=$(verdicts "$1")
    echo "$lines" | sed 's/^/    /'
    [ "$(echo "$lines" | grep -c ' ok$')" -eq 3 ] && [ "$(echo "$lines" | wc -l)" -eq 3 ]
}

if [ "$(uname)" != Darwin ]; then
    echo "-- self-check: the lock without its compiler barrier must be reported"
    if judge "$(compile -Xcc -DRIVULET_LOCK_WITHOUT_COMPILER_BARRIER)"; then
        echo "check-lock-fences: the check passed a lock without a barrier; it cannot fail" >&2
        exit 1
    fi
fi

echo "-- Lock as built: no retain may follow the unlock"
if ! judge "$(compile)"; then
    echo "check-lock-fences: a retain moved out of Lock's critical section (see above)" >&2
    exit 1
fi
echo "check-lock-fences: ok"
