#if canImport(Combine)
    import Combine
#else
    import RivuletCombine
#endif
import Foundation
import Rivulet

// Written against Combine's public API only (see ObservablePublisher.swift).

/// The subscription an `ObservablePublisher` gives each subscriber: it holds the stream's elements
/// until they are requested and delivers them one at a time, never under its lock.
///
/// `@unchecked Sendable`: every stored property is guarded by `lock`; `subscriber` is called only
/// by the one thread that holds `isDelivering`.
final class ObservableSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = NSLock()
    private var downstream: Downstream?
    private let completion: (Swift.Error) -> Failure?
    private var demand = Subscribers.Demand.none
    private var waiting: [Output] = []
    private var head = 0
    private var terminal: Subscribers.Completion<Failure>?
    private var isDelivering = false
    private var upstream: Disposable?
    private var isCancelled = false

    init(_ downstream: Downstream, completion: @escaping (Swift.Error) -> Failure?) {
        self.downstream = downstream
        self.completion = completion
    }

    /// Subscribes to `source` unless the subscriber cancelled while it received the subscription.
    func start(_ source: Observable<Output>) {
        lock.lock()
        let cancelled = isCancelled
        lock.unlock()
        guard !cancelled else { return }
        let disposable = source.subscribe { [self] event in
            switch event {
            case .next(let element): enqueue(element)
            case .error(let error): finish(completion(error).map { .failure($0) } ?? .finished)
            case .completed: finish(.finished)
            }
        }
        lock.lock()
        if isCancelled || downstream == nil {
            lock.unlock()
            disposable.dispose()
        } else {
            upstream = disposable
            lock.unlock()
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        self.demand += demand
        lock.unlock()
        deliver()
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        downstream = nil
        waiting.removeAll()
        head = 0
        let upstream = self.upstream
        self.upstream = nil
        lock.unlock()
        upstream?.dispose()
    }

    private func enqueue(_ element: Output) {
        lock.lock()
        guard downstream != nil, terminal == nil else { return lock.unlock() }
        waiting.append(element)
        lock.unlock()
        deliver()
    }

    private func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, terminal == nil else { return lock.unlock() }
        terminal = completion
        lock.unlock()
        deliver()
    }

    /// Sends what is requested and waiting, then the completion once nothing waits. One thread at a
    /// time delivers; a request or an element arriving meanwhile is picked up by its loop.
    private func deliver() {
        lock.lock()
        guard !isDelivering else { return lock.unlock() }
        isDelivering = true
        while let downstream {
            if waiting.count > head, demand > .none {
                let element = waiting[head]
                head += 1
                if head == waiting.count {
                    waiting.removeAll(keepingCapacity: true)
                    head = 0
                }
                demand -= 1
                lock.unlock()
                let more = downstream.receive(element)
                lock.lock()
                demand += more
            } else if head == waiting.count, let terminal {
                self.downstream = nil
                let upstream = self.upstream
                self.upstream = nil
                isDelivering = false
                lock.unlock()
                downstream.receive(completion: terminal)
                upstream?.dispose()
                return
            } else {
                break
            }
        }
        isDelivering = false
        lock.unlock()
    }
}
