#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Rivulet

// B7 contended sends: two threads each send N events into one subject → map { $0 &+ 1 } → a
// subscriber summing; one operation = one event. The baseline is B1's closure array guarded by a
// mutex: each send locks, calls the observers, unlocks. Also reported: the peak growth of resident
// memory while the senders run (events waiting for a busy subject must not pile up).

extension Scenarios {
    static var b7: Scenario {
        Scenario(
            id: "B7", name: "contended sends", dialect: "rx", unit: "event", operations: 1_000_000,
            target: 2.0, reportsAllocations: false,
            baseline: b7Baseline, rivulet: b7Rx
        )
    }

    /// The target for the peak resident-memory growth of either side, in bytes.
    static let b7MemoryTarget = 16 << 20

    /// The largest resident-memory growth seen in any run, per side.
    nonisolated(unsafe) static var b7PeakGrowth: (baseline: Int, rivulet: Int) = (0, 0)

    static func b7Baseline(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = BaselineSubject()
        let token = subject.subscribe { value in sum &+= value &+ 1 }
        let lock = BaselineMutex()
        let perThread = operations / 2
        let resident = ResidentMemory()
        meter.start()
        runOnThreads(2) { _ in
            for value in 0..<perThread {
                lock.lock()
                subject.send(value)
                lock.unlock()
                if value & 4095 == 0 { resident.sample() }
            }
        }
        meter.stop()
        b7PeakGrowth.baseline = max(b7PeakGrowth.baseline, resident.peakGrowth)
        token.cancel()
        return sum
    }

    static func b7Rx(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 &+ 1 }.subscribe(onNext: { sum &+= $0 })
        let perThread = operations / 2
        let resident = ResidentMemory()
        meter.start()
        runOnThreads(2) { _ in
            for value in 0..<perThread {
                subject.onNext(value)
                if value & 4095 == 0 { resident.sample() }
            }
        }
        meter.stop()
        b7PeakGrowth.rivulet = max(b7PeakGrowth.rivulet, resident.peakGrowth)
        subscription.dispose()
        return sum
    }
}

/// A plain pthread mutex, as a careful programmer guards a closure array shared by threads.
final class BaselineMutex: @unchecked Sendable {
    // @unchecked Sendable: a pthread mutex is thread-safe; it lives in its own allocation.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(never)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(never)
    func unlock() { pthread_mutex_unlock(mutex) }
}

/// The process's resident memory, sampled by the threads under test: the growth over the value at
/// creation, at its highest.
final class ResidentMemory: @unchecked Sendable {
    // @unchecked Sendable: `peak` is guarded by `lock`; `start` is immutable.
    private let start: Int
    private var peak = 0
    private let lock = BaselineMutex()

    init() { start = ResidentMemory.current() }

    /// Reads the current resident size and keeps the highest.
    func sample() {
        let now = ResidentMemory.current()
        lock.lock()
        if now > peak { peak = now }
        lock.unlock()
    }

    /// The highest resident size seen, minus the size at creation (0 if it never grew).
    var peakGrowth: Int {
        lock.lock()
        defer { lock.unlock() }
        return max(0, peak - start)
    }

    /// The resident set size in bytes (`/proc/self/statm`; 0 where it does not exist).
    static func current() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard readStatm(file, &size, &resident) else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func readStatm(_ file: UnsafeMutablePointer<FILE>, _ size: inout Int, _ resident: inout Int)
        -> Bool
    {
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let first = Int(fields[0]), let second = Int(fields[1]) else { return false }
        size = first
        resident = second
        return true
    }
}

/// Runs `body(index)` on `count` new threads, started together, and returns when all are done.
func runOnThreads(_ count: Int, _ body: @escaping (Int) -> Void) {
    final class Context {
        let body: (Int) -> Void
        let index: Int
        init(body: @escaping (Int) -> Void, index: Int) {
            self.body = body
            self.index = index
        }
    }
    var threads: [pthread_t] = []
    for index in 0..<count {
        let context = Unmanaged.passRetained(Context(body: body, index: index)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let created = pthread_create(
            &thread, nil,
            { raw in
                let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
                context.body(context.index)
                return nil
            }, context)
        #if canImport(Darwin)
            let started = created == 0 ? thread : nil
        #else
            let started: pthread_t? = created == 0 ? thread : nil
        #endif
        if let started {
            threads.append(started)
        } else {
            Unmanaged<Context>.fromOpaque(context).release()
        }
    }
    for thread in threads { pthread_join(thread, nil) }
}
