import Foundation
import TestSupport

@testable import Rivulet

/// Where one thread of a torture round is, readable from the watchdog while the thread runs: a
/// phase and two numbers in one atomic word (no lock, so it does not order the threads it watches).
final class TortureStatus: Sendable {
    enum Phase: UInt64 {
        case starting, sending, feeding, subscribing, disposing, done
    }

    let name: String
    private let word = AtomicCell<UInt64>(0)

    init(_ name: String) { self.name = name }

    func set(_ phase: Phase, _ first: Int = 0, _ second: Int = 0) {
        word.store(
            phase.rawValue << 56 | UInt64(first & 0xFFF_FFFF) << 28 | UInt64(second & 0xFFF_FFFF), ordering: .relaxed)
    }

    var raw: UInt64 {
        get { word.load(ordering: .relaxed) }
        set { word.store(newValue, ordering: .relaxed) }
    }

    var description: String {
        let value = raw
        let (first, second) = (Int(value >> 28 & 0xFFF_FFFF), Int(value & 0xFFF_FFFF))
        let place: String
        switch Phase(rawValue: value >> 56) ?? .starting {
        case .starting: place = "starting"
        case .sending: place = "sending event \(first) into s\(second)"
        case .feeding: place = "in a handler, sending into s\(first)"
        case .subscribing: place = "subscribing, cycle \(first)"
        case .disposing: place = "disposing, cycle \(first)"
        case .done: place = "done"
        }
        return "\(name): \(place)"
    }

    /// The status of the current thread (set by a round's threads; `nil` on a queue's thread).
    static var current: TortureStatus? { Thread.current.threadDictionary[key] as? TortureStatus }
    static func setCurrent(_ status: TortureStatus) { Thread.current.threadDictionary[key] = status }
    private static let key = "rivulet.torture.status"
}

/// One source of a round: its observable, how to send to it, and whether it still has observers.
struct TortureSource: @unchecked Sendable {
    // @unchecked Sendable: the subjects and relays it wraps are thread-safe.
    let observable: Observable<Int>
    let send: (Int) -> Void
    let hasObservers: () -> Bool

    init(_ kind: TortureShape.Source) {
        switch kind {
        case .publishSubject:
            let subject = PublishSubject<Int>()
            (observable, send, hasObservers) = (
                subject.asObservable(), { subject.onNext($0) }, { subject.hasObservers }
            )
        case .behaviorSubject:
            let subject = BehaviorSubject<Int>(value: 0)
            (observable, send, hasObservers) = (
                subject.asObservable(), { subject.onNext($0) }, { subject.hasObservers }
            )
        case .publishRelay:
            let relay = PublishRelay<Int>()
            (observable, send, hasObservers) = (
                relay.asObservable(), { relay.accept($0) }, { relay.subject.hasObservers }
            )
        case .behaviorRelay:
            let relay = BehaviorRelay<Int>(value: 0)
            (observable, send, hasObservers) = (
                relay.asObservable(), { relay.accept($0) }, { relay.subject.hasObservers }
            )
        }
    }
}

/// Runs one round of a shape: the sending threads and the subscribing thread, under a watchdog.
enum TortureRound {
    /// Values at or above this came from a handler: they are not sent on (a feedback is one hop).
    static let fedBack = 1_000_000

    /// Runs `shape`; returns a failure message (the shape, and where each thread is when it hangs)
    /// or `nil`. A hung round's threads are left behind, unless `afterHang` (called once the hang
    /// is seen) lets them go on: then `run` waits for them before it returns.
    static func run(_ shape: TortureShape, hangSeconds: Double, afterHang: (() -> Void)? = nil) -> String? {
        let sources = shape.sources.map(TortureSource.init)
        let queue = DispatchQueue(label: "rivulet.torture.observeOn")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let statuses = (0..<shape.senders).map { TortureStatus("sender \($0)") } + [TortureStatus("subscriber")]
        let group = DispatchGroup()
        for sender in 0..<shape.senders {
            group.enter()
            let status = statuses[sender]
            let thread = Thread {
                TortureStatus.setCurrent(status)
                var random = SeededGenerator(seed: shape.seed &* 31 &+ UInt64(sender))
                for event in 0..<shape.eventsPerSender {
                    let source = Int(random.next() % UInt64(sources.count))
                    status.set(.sending, event, source)
                    sources[source].send(event)
                }
                status.set(.done)
                group.leave()
            }
            thread.name = status.name
            thread.start()
        }
        group.enter()
        let subscriberStatus = statuses[shape.senders]
        let subscriber = Thread {
            TortureStatus.setCurrent(subscriberStatus)
            var random = SeededGenerator(seed: shape.seed &* 37)
            for cycle in 0..<shape.cycles {
                subscriberStatus.set(.subscribing, cycle)
                let subscriptions = shape.pipelines.map { pipeline in
                    build(pipeline, sources, scheduler).subscribe(onNext: { value in
                        guard let target = pipeline.feedsInto, value < fedBack else { return }
                        let status = TortureStatus.current
                        let before = status?.raw
                        status?.set(.feeding, target)
                        sources[target].send(value + fedBack)
                        if let before { status?.raw = before }
                    })
                }
                usleep(UInt32(random.next() % 400))
                subscriberStatus.set(.disposing, cycle)
                for subscription in subscriptions { subscription.dispose() }
            }
            subscriberStatus.set(.done)
            group.leave()
        }
        subscriber.name = subscriberStatus.name
        subscriber.start()
        if group.wait(timeout: .now() + hangSeconds) == .timedOut {
            let failure =
                "hang (no progress for \(Int(hangSeconds)) s) in \(shape)\n"
                + statuses.map { "  \($0.description)" }.joined(separator: "\n")
            if let afterHang {
                afterHang()
                _ = group.wait(timeout: .now() + hangSeconds * 10)
                flush(queue)
            }
            return failure
        }
        flush(queue)
        let observed = sources.indices.filter { sources[$0].hasObservers() }
        if !observed.isEmpty {
            return "left subscribed after every subscription was disposed: "
                + "\(observed.map { "s\($0)" }.joined(separator: ", ")) in \(shape)"
        }
        return nil
    }

    /// Waits until what `observe(on:)` scheduled before the disposals has run (it holds sinks).
    private static func flush(_ queue: DispatchQueue) {
        queue.sync {}
        queue.sync {}
    }

    static func build(
        _ pipeline: TortureShape.Pipeline, _ sources: [TortureSource], _ scheduler: SerialDispatchQueueScheduler
    ) -> Observable<Int> {
        let (a, b) = (sources[pipeline.first].observable, sources[pipeline.second].observable)
        switch pipeline.op {
        case .merge: return Observable.merge(a, b)
        case .combineLatest: return Observable.combineLatest(a, b) { $0 &+ $1 }
        case .zip: return Observable.zip(a, b) { $0 &+ $1 }
        case .flatMap: return a.flatMap { _ in b.take(2) }
        case .flatMapLatest: return a.flatMapLatest { _ in b }
        case .share:
            let shared = a.share()
            return Observable.merge(shared, shared.map { $0 })
        case .observeOn: return a.observe(on: scheduler)
        case .takeUntil: return a.take(until: b.skip(1))
        case .combineLatestTakeUntil: return Observable.combineLatest(a, b) { $0 &+ $1 }.take(until: b)
        }
    }
}
