#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Rivulet

// `rivulet-bench --reliability`: the figures of docs/reliability.md, "Concurrent senders and
// disposal under load" — what two and four threads sending into one subject with a slow
// subscriber do to resident memory and to the time one `onNext` call takes, how soon the senders
// stop when asked, and how long `dispose()` and a bag's release take while two threads send.
// Figures, not pass/fail: the test suite checks the bounds.

enum Reliability {
    /// Runs every measurement and prints the results; `seconds` is how long each flood lasts.
    static func run(seconds: Double) {
        print("reliability figures (each flood \(seconds) s)")
        print("")
        for senders in [2, 4] {
            flood(senders: senders, seconds: seconds)
        }
        print("")
        disposeUnderLoad(rounds: seconds >= 1 ? 2_000 : 200)
    }

    /// `senders` threads send into one subject whose subscriber works about 1 µs per value.
    static func flood(senders: Int, seconds: Double) {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in busyWait(nanoseconds: 1_000) })
        let resident = ResidentMemory()
        let shared = Shared()
        let timer = BenchThread {
            sleepSeconds(seconds)
            shared.askedAt.store(nowNanoseconds(), ordering: .relaxed)
            shared.stop.store(true, ordering: .releasing)
        }
        timer.start()
        runOnThreads(senders) { _ in
            var value = 0
            while !shared.stop.load(ordering: .acquiring) {
                let start = nowNanoseconds()
                subject.onNext(value)
                shared.raiseLongestCall(to: nowNanoseconds() - start)
                value += 1
                if value & 1023 == 0 { resident.sample() }
            }
            shared.raiseStoppedAt(to: nowNanoseconds())
            shared.sent.wrappingAdd(value, ordering: .relaxed)
        }
        timer.join()
        subscription.dispose()
        let asked = shared.askedAt.load(ordering: .relaxed)
        let stopped = shared.stoppedAt.load(ordering: .relaxed)
        let stopLag = stopped > asked ? stopped - asked : 0
        print(
            "\(senders) senders, slow subscriber: \(shared.sent.load(ordering: .relaxed)) values; peak resident "
                + "growth \(megabytes(resident.peakGrowth)) MB; longest onNext "
                + "\(milliseconds(shared.longestCall.load(ordering: .relaxed))) ms; "
                + "all senders stopped \(milliseconds(stopLag)) ms after being asked")
    }

    /// Two threads send into one subject while this thread subscribes and disposes (a plain
    /// subscription, a merge of the subject with itself, a combineLatest, and a bag holding them).
    static func disposeUnderLoad(rounds: Int) {
        let subject = PublishSubject<Int>()
        let other = BehaviorSubject(value: 0)
        let keep = Observable.merge(subject.asObservable(), subject.map { $0 &+ 1 })
            .subscribe(onNext: { _ in busyWait(nanoseconds: 200) })
        let shared = Shared()
        var single: [UInt64] = []
        var bags: [UInt64] = []
        let senders = BenchThread {
            runOnThreads(2) { _ in
                var value = 0
                while !shared.stop.load(ordering: .acquiring) {
                    subject.onNext(value)
                    value += 1
                }
                shared.sent.wrappingAdd(value, ordering: .relaxed)
            }
        }
        senders.start()
        sleepSeconds(0.05)
        let before = shared.sent.load(ordering: .relaxed)
        for _ in 0..<rounds {
            let cheap = subject.subscribe(onNext: { _ in })
            var start = nowNanoseconds()
            cheap.dispose()
            single.append(nowNanoseconds() - start)
            var bag: DisposeBag? = DisposeBag()
            Observable.merge(subject.asObservable(), subject.filter { $0 > 0 })
                .subscribe(onNext: { _ in }).disposed(by: bag!)
            Observable.combineLatest(subject, other) { $0 &+ $1 }.subscribe(onNext: { _ in }).disposed(by: bag!)
            subject.map { $0 }.subscribe(onNext: { _ in }).disposed(by: bag!)
            start = nowNanoseconds()
            bag = nil
            bags.append(nowNanoseconds() - start)
        }
        shared.stop.store(true, ordering: .releasing)
        senders.join()
        keep.dispose()
        print(
            "dispose() of a subscription while 2 threads send: p50 \(microseconds(percentile(single, 0.5))) µs, "
                + "p99 \(microseconds(percentile(single, 0.99))) µs, max \(microseconds(single.max() ?? 0)) µs (\(rounds) disposals)"
        )
        print(
            "bag release (merge, combineLatest, map) while 2 threads send: p50 \(microseconds(percentile(bags, 0.5))) µs, "
                + "p99 \(microseconds(percentile(bags, 0.99))) µs, max \(microseconds(bags.max() ?? 0)) µs (\(rounds) releases)"
        )
        print("the senders went on meanwhile: \(shared.sent.load(ordering: .relaxed) - before) values sent")
    }

    /// What the measuring threads share.
    final class Shared: Sendable {
        let stop = AtomicCell<Bool>(false)
        let sent = AtomicCell<Int>(0)
        let askedAt = AtomicCell<UInt64>(0)
        let stoppedAt = AtomicCell<UInt64>(0)
        let longestCall = AtomicCell<UInt64>(0)

        func raiseLongestCall(to candidate: UInt64) { raise(longestCall, to: candidate) }
        func raiseStoppedAt(to candidate: UInt64) { raise(stoppedAt, to: candidate) }

        private func raise(_ value: borrowing AtomicCell<UInt64>, to candidate: UInt64) {
            var seen = value.load(ordering: .relaxed)
            while candidate > seen {
                let (exchanged, original) = value.compareExchange(
                    expected: seen, desired: candidate, ordering: .relaxed)
                if exchanged { return }
                seen = original
            }
        }
    }

    static func percentile(_ values: [UInt64], _ fraction: Double) -> UInt64 {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    static func megabytes(_ bytes: Int) -> String { Table.format(Double(bytes) / 1_048_576, 1) }
    static func milliseconds(_ nanoseconds: UInt64) -> String { Table.format(Double(nanoseconds) / 1e6, 2) }
    static func microseconds(_ nanoseconds: UInt64) -> String { Table.format(Double(nanoseconds) / 1e3, 1) }
}

/// Spins for about `nanoseconds` (a subscriber doing a little work).
func busyWait(nanoseconds: UInt64) {
    let end = nowNanoseconds() + nanoseconds
    while nowNanoseconds() < end {}
}

func sleepSeconds(_ seconds: Double) {
    usleep(UInt32(seconds * 1_000_000))
}

/// A thread that runs `body` once (a pthread: the benchmark does not link Foundation).
final class BenchThread: @unchecked Sendable {
    // @unchecked Sendable: `handle` is touched only by the thread that starts and joins it.
    private let body: () -> Void
    private var handle: pthread_t? = nil

    init(_ body: @escaping () -> Void) { self.body = body }

    func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let created = pthread_create(
            &thread, nil,
            { raw in
                let me = Unmanaged<BenchThread>.fromOpaque(raw!).takeRetainedValue()
                me.body()
                return nil
            }, context)
        if created == 0 {
            handle = thread
        } else {
            Unmanaged<BenchThread>.fromOpaque(context).release()
        }
    }

    func join() {
        if let handle { pthread_join(handle, nil) }
        handle = nil
    }
}
