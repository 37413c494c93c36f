#!/usr/bin/env bash
# What Rivulet costs an app: the machine code and build time its operators add to a user's module,
# and the stripped size of the library itself. Results and their meaning: docs/performance.md,
# "What Rivulet costs an app".
#
#   scripts/client-cost.sh [--runs N] [--no-debug] [--no-binary] [--breakdown] [--symbols N]
#                          [--operators]
#
# The reference clients are the targets ClientCostRx and ClientCostCombine
# (Benchmarks/ClientCost/): view models written the way apps write them, one file per dialect;
# and ClientCostRxScreen, one screen's view model of the size the code-size issue measured.
# Each is built by SwiftPM as a user's module is built (release: whole-module -O against the
# release-built Rivulet; debug: -Onone, incremental), then:
#   - text bytes: the executable (TEXT) sections of the client's object file, summed;
#   - data bytes: its other loaded sections (read-only data, Swift metadata and reflection
#     records), without the unwind tables (.eh_frame);
#   - operator uses: counted by the compiler, not by eye (see count_uses below);
#   - build time: SwiftPM's own compiler command for the target, replayed N times after touching
#     the file (the minimum and the median are shown; only the compiler runs, not SwiftPM's
#     planning);
#   - library binary size: stripped executables linked as SwiftPM links them (release,
#     --gc-sections): an empty one, one that uses Rivulet, one that adds each other module.
# --breakdown groups the client objects' symbols by library type and by kind; --symbols N lists
# the N largest. --operators measures what a first use of each common operator costs a module: a
# file `func f(_ s: PublishSubject<S>, _ bag: DisposeBag) { <one pipeline> }` compiled as the
# clients are, minus the same file subscribing without the operator (or with an empty body). Needs only the Swift toolchain (swift, swiftc, llvm-objdump, llvm-nm,
# llvm-objcopy) and coreutils.
set -euo pipefail
cd "$(dirname "$0")/.."
# The engine's C atomics are a Clang module: its module map is needed to import Rivulet.
cshim="-Xcc -fmodule-map-file=.build/release/CRivuletAtomics.build/module.modulemap -Xcc -I -Xcc Sources/CRivuletAtomics/include"

runs=3
debug=1
binary=1
breakdown=0
symbols=0
operators=0
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs="$2"; shift ;;
    --no-debug) debug=0 ;;
    --no-binary) binary=0 ;;
    --breakdown) breakdown=1 ;;
    --symbols) symbols="$2"; shift ;;
    --operators) operators=1 ;;
    -h | --help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

toolbin="$(dirname "$(readlink -f "$(command -v swift)")")"
tool() {
    if [ -x "$toolbin/$1" ]; then echo "$toolbin/$1"; else command -v "$1"; fi
}
objdump="$(tool llvm-objdump)"
nm="$(tool llvm-nm)"
objcopy="$(tool llvm-objcopy)"

# target name, source file (one file per client target)
clients=(
    "ClientCostRx Benchmarks/ClientCost/Rx/RxViewModels.swift"
    "ClientCostRxScreen Benchmarks/ClientCost/RxScreen/ScreenViewModel.swift"
    "ClientCostRxScreenMix Benchmarks/ClientCost/RxScreenMix/MixedScreenViewModel.swift"
    "ClientCostCombine Benchmarks/ClientCost/Combine/CombineViewModels.swift"
)
# The library modules a client may import.
library_modules="Rivulet RivuletCombine"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# Bytes of the sections of an object or executable whose type llvm-objdump reports as $2 (TEXT or
# DATA); DATA leaves out the unwind tables.
section_bytes() {
    local file="$1" kind="$2" total=0 name size type
    while read -r _ name size _ type; do
        [ "$type" = "$kind" ] || continue
        [ "$kind" = DATA ] && [ "$name" = ".eh_frame" ] && continue
        total=$((total + 16#$size))
    done < <("$objdump" -h "$file" | tail -n +5)
    echo "$total"
}

# Operator uses in a client file, counted by the compiler: every distinct source location that
# refers to a function declared in an extension of a stream protocol or type of a library module
# (ObservableType, Observable, Publisher, the traits, Reactive's `notification`,
# NotificationCenter's `publisher(for:)`), plus the initialisers of the factory publishers (Just,
# Future, Deferred, Empty, Fail, Record). Not counted: conversions (`asObservable()`,
# `eraseToAnyPublisher()`, `asObserver()`), `disposed(by:)`, `store(in:)`, subjects, relays and
# bags (their initialisers, `accept`, `send`, `value`), schedulers and `@Published`.
# Prints "total name:count ...".
count_uses() {
    local target="$1" file="$2" modules_pattern
    modules_pattern="$(echo "$library_modules" | tr ' ' '|')"
    swiftc -dump-ast -parse-as-library -swift-version 6 -module-name "${target}Uses" $cshim \
        -I ".build/release/Modules" "$file" 2>/dev/null |
        grep -oE "location=[^ ]+ range=[^]]*] decl=\"($modules_pattern)\.\(file\)\.[^@]*@" |
        sed -E 's/ range=[^]]*]//; s/decl="[A-Za-z]+\.\(file\)\.//; s/@$//' |
        sort -u |
        awk '
        {
            decl = $0
            sub(/^[^ ]+ /, "", decl)
            counted = 0
            if (decl ~ /^(ObservableType|Observable|ObservableConvertibleType|Publisher|PrimitiveSequence|PrimitiveSequenceType|Infallible|InfallibleType|SharedSequence|SharedSequenceConvertibleType|Reactive|NotificationCenter)( extension)?\./) counted = 1
            if (decl ~ /^(Just|Future|Deferred|Empty|Fail|Record)\.init/) counted = 1
            name = decl
            sub(/^.*\./, "", name)
            sub(/\(.*$/, "", name)
            if (name ~ /^(asObservable|asObserver|eraseToAnyPublisher|rx|disposed|store)$/) counted = 0
            if (counted) {
                if (decl ~ /\.init/) { name = decl; sub(/\.init.*$/, "", name) }
                count[name]++
                total++
            }
        }
        END {
            line = total + 0
            for (name in count) line = line " " name ":" count[name]
            print line
        }'
}

# Compiles `target` with SwiftPM once in `config` (capturing SwiftPM's compiler command), then
# replays that command `runs` times after touching `file`. Prints "min median" in milliseconds and
# leaves the command in $scratch/$target.$config.cmd.
build_time() {
    local target="$1" file="$2" config="$3"
    local log="$scratch/$target.$config.log" cmd times=()
    touch "$file"
    swift build -c "$config" --target "$target" -v >"$log" 2>&1 || {
        cat "$log" >&2
        return 1
    }
    cmd="$(grep -E "^[^ ]*swiftc -module-name $target " "$log" | head -n 1)"
    [ -n "$cmd" ] || {
        echo "no compiler command for $target in SwiftPM's output" >&2
        return 1
    }
    echo "$cmd" >"$scratch/$target.$config.cmd"
    for _ in $(seq "$runs"); do
        touch "$file"
        local start end
        start=$(now_ms)
        eval "$cmd" >/dev/null 2>&1
        end=$(now_ms)
        times+=($((end - start)))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print v[1], m }'
}

echo "== building the library (release$([ $debug = 1 ] && echo ' and debug'))"
for module in $library_modules; do
    swift build -c release --target "$module" >/dev/null
    [ $debug = 1 ] && swift build --target "$module" >/dev/null
done

echo ""
echo "Swift: $(swift --version 2>/dev/null | head -n 1)"
echo "Reference clients, built as SwiftPM builds a user's module; build times over $runs runs (min / median)"
echo ""
printf '%-18s %8s %8s %6s %10s %18s %18s\n' "client" "text B" "data B" "uses" "text B/use" "release ms" "debug ms"
for entry in "${clients[@]}"; do
    read -r target file <<<"$entry"
    read -r release_min release_median <<<"$(build_time "$target" "$file" release)"
    debug_col="-"
    if [ $debug = 1 ]; then
        read -r debug_min debug_median <<<"$(build_time "$target" "$file" debug)"
        debug_col="$debug_min / $debug_median"
    fi
    object=".build/release/$target.build/$(basename "$file").o"
    text=$(section_bytes "$object" TEXT)
    data=$(section_bytes "$object" DATA)
    uses_line="$(count_uses "$target" "$file")"
    uses="${uses_line%% *}"
    per_use=$([ "$uses" -gt 0 ] && echo $((text / uses)) || echo "-")
    printf '%-18s %8d %8d %6d %10s %18s %18s\n' "$target" "$text" "$data" "$uses" "$per_use" \
        "$release_min / $release_median" "$debug_col"
    echo "$uses_line" | tr ' ' '\n' | tail -n +2 | sort -t: -k2 -nr | tr '\n' ' ' | fold -s -w 96 | sed 's/^/    uses: /'
    echo ""
done

# Functions of a client object, largest first: "size origin demangled-name", where origin is
# "client" for the module's own functions (with whatever library code was inlined into them) and
# "library" for code the compiler generated from the library (specialisations and their thunks).
client_symbols() {
    local object="$1" module="$2"
    local prefix="\$s${#module}${module}"
    "$nm" -S --defined-only "$object" |
        awk 'NF == 4 && $3 ~ /^[tTwW]$/ { print $2, $4 }' |
        while read -r size name; do
            case "$name" in
            "$prefix"*) echo "$((16#$size)) client $name" ;;
            *) echo "$((16#$size)) library $name" ;;
            esac
        done |
        sort -rn | swift demangle --simplified
}

if [ $breakdown = 1 ] || [ "$symbols" -gt 0 ]; then
    for entry in "${clients[@]}"; do
        read -r target file <<<"$entry"
        object=".build/release/$target.build/$(basename "$file").o"
        client_symbols "$object" "$target" >"$scratch/$target.symbols"
        if [ "$symbols" -gt 0 ]; then
            echo ""
            echo "== $target: the $symbols largest functions"
            head -n "$symbols" "$scratch/$target.symbols"
        fi
        if [ $breakdown = 1 ]; then
            echo ""
            echo "== $target: function bytes by what they belong to (by kind, then by library type)"
            awk -f scripts/client-cost-breakdown.awk "$scratch/$target.symbols"
        fi
    done
fi

if [ $binary = 1 ]; then
    echo ""
    echo "== library binary size (release, linked as SwiftPM links an executable: --gc-sections; stripped)"
    swift build -c release --target RivuletKeyboard >/dev/null
    swift build -c release --target RivuletTest >/dev/null
    modules=".build/release/Modules"
    link() {  # link <name> <main.swift> <object dirs...>
        local name="$1" main="$2"
        shift 2
        local objects=()
        # The objects of the module's current sources (the build directory may keep stale ones).
        for dir in "$@"; do
            while read -r object; do objects+=("$object"); done < <(
                grep -oE '"object": "[^"]*\.swift\.o"' "$dir/output-file-map.json" | sed -E 's/^"object": "//; s/"$//'
            )
        done
        swiftc -O -parse-as-library -module-name "App$name" -I "$modules" $cshim -c "$main" -o "$scratch/$name.main.o"
        swiftc -emit-executable -Xlinker --gc-sections -o "$scratch/$name" "$scratch/$name.main.o" \
            ${objects[@]+"${objects[@]}"}
        "$objcopy" --strip-all "$scratch/$name"
        stat -c %s "$scratch/$name"
    }
    printf '@main enum App { static func main() { print("ready") } }\n' >"$scratch/empty.swift"
    cat >"$scratch/rx.swift" <<'EOF'
import Rivulet
@main enum App {
    static func main() {
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        subject.map { $0 + 1 }.subscribe(onNext: { print($0) }).disposed(by: bag)
        subject.onNext(1)
    }
}
EOF
    cat >"$scratch/combine.swift" <<'EOF'
import RivuletCombine
@main enum App {
    static func main() {
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.map { $0 + 1 }.sink { print($0) }
        subject.send(1)
        cancellable.cancel()
    }
}
EOF
    cat >"$scratch/keyboard.swift" <<'EOF'
import Foundation
import Rivulet
import RivuletKeyboard
@main enum App {
    static func main() {
        let observer = KeyboardObserver(center: NotificationCenter(), container: { .zero })
        print(observer.height.value)
    }
}
EOF
    cat >"$scratch/test.swift" <<'EOF'
import Rivulet
import RivuletTest
@main enum App {
    static func main() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        scheduler.start()
        print(observer.events.count)
    }
}
EOF
    empty=$(link empty "$scratch/empty.swift")
    rx=$(link rx "$scratch/rx.swift" .build/release/Rivulet.build)
    keyboard=$(link keyboard "$scratch/keyboard.swift" .build/release/Rivulet.build .build/release/RivuletKeyboard.build)
    combine=$(link combine "$scratch/combine.swift" .build/release/Rivulet.build .build/release/RivuletCombine.build)
    testing=$(link test "$scratch/test.swift" .build/release/Rivulet.build .build/release/RivuletTest.build)
    printf '%-40s %10s %12s\n' "executable" "bytes" "cost"
    printf '%-40s %10d %12s\n' "empty (prints a line)" "$empty" "-"
    printf '%-40s %10d %12d\n' "uses Rivulet (subject, map, subscribe)" "$rx" $((rx - empty))
    printf '%-40s %10d %12d\n' "... and RivuletKeyboard" "$keyboard" $((keyboard - rx))
    printf '%-40s %10d %12d\n' "... and RivuletCombine (instead)" "$combine" $((combine - rx))
    printf '%-40s %10d %12d\n' "... and RivuletTest (instead)" "$testing" $((testing - rx))
fi

if [ $operators = 1 ]; then
    echo ""
    echo "== what a first use of each operator costs a module (text bytes; release, whole module)"
    modules=".build/release/Modules"
    op_text() {  # op_text <name> <body>
        printf 'import Foundation\nimport Rivulet\npublic struct S: Equatable { var a: Int; var b: String }\n%s\n' "$2" \
            >"$scratch/op-$1.swift"
        swiftc -module-name "Op$1" -parse-as-library -whole-module-optimization -O -swift-version 6 -g \
            -I "$modules" $cshim -c "$scratch/op-$1.swift" -o "$scratch/op-$1.o"
        section_bytes "$scratch/op-$1.o" TEXT
    }
    signature='public func f(_ s: PublishSubject<S>, _ bag: DisposeBag'
    sink='.subscribe(onNext: { print($0) }).disposed(by: bag)'
    empty=$(op_text empty "$signature) {}")
    subscribed=$(op_text subscribe "$signature) { s$sink }")
    printf '%-46s %8s\n' "use" "bytes"
    printf '%-46s %8d\n' "subscribe(onNext:) on a subject, into a bag" $((subscribed - empty))
    # name|pipeline between `s` and the subscription (a leading '!' : the whole body, measured
    # against the empty file)
    number=0
    while IFS='|' read -r name pipeline; do
        number=$((number + 1))
        if [ "${pipeline:0:1}" = "!" ]; then
            bytes=$(op_text "$number" "${pipeline:1}")
            printf '%-46s %8d\n' "$name" $((bytes - empty))
        else
            bytes=$(op_text "$number" "$signature) { $pipeline$sink }")
            printf '%-46s %8d\n' "$name" $((bytes - subscribed))
        fi
    done <<'OPERATORS'
map|s.map { $0.a }
filter|s.filter { $0.a > 0 }
distinctUntilChanged()|s.distinctUntilChanged()
take(1)|s.take(1)
Observable.merge(a, b)|Observable.merge(s.asObservable(), s.asObservable())
Observable.combineLatest(a, b)|Observable.combineLatest(s.asObservable(), s.asObservable())
flatMapLatest (to just)|s.flatMapLatest { Observable.just($0) }
flatMap (to just)|s.flatMap { Observable.just($0) }
concatMap (to just)|s.concatMap { Observable.just($0) }
withLatestFrom|s.withLatestFrom(s.asObservable())
catchAndReturn|s.catchAndReturn(S(a: 0, b: ""))
do(onNext:)|s.do(onNext: { print($0) })
debounce|s.debounce(.seconds(1), scheduler: MainScheduler.instance)
throttle|s.throttle(.seconds(1), scheduler: MainScheduler.instance)
observe(on:)|s.observe(on: MainScheduler.instance)
share(replay: 1)|s.share(replay: 1)
scan|s.scan(0) { $0 + $1.a }
startWith|s.startWith(S(a: 0, b: ""))
Single: asSingle, map, subscribe(onSuccess:)|!public func f(_ s: PublishSubject<S>, _ bag: DisposeBag) { s.take(1).asSingle().map { $0.a }.subscribe(onSuccess: { print($0) }).disposed(by: bag) }
asDriver + drive (instead of subscribe)|!public func f(_ s: PublishSubject<S>, _ bag: DisposeBag) { s.asDriver(onErrorJustReturn: S(a: 0, b: "")).drive(onNext: { print($0) }).disposed(by: bag) }
bind(to: relay) (instead of subscribe)|!public func f(_ s: PublishSubject<S>, _ bag: DisposeBag, _ r: BehaviorRelay<S>) { s.bind(to: r).disposed(by: bag) }
creating a BehaviorRelay|!public func f(_ s: PublishSubject<S>, _ bag: DisposeBag) -> BehaviorRelay<S> { BehaviorRelay(value: S(a: 1, b: "")) }
creating a PublishSubject|!public func f(_ s: PublishSubject<S>, _ bag: DisposeBag) -> PublishSubject<Int> { PublishSubject() }
OPERATORS
fi
