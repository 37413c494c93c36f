import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// A test failure type.
enum TestFailure: Error, Equatable {
    case boom
    case other
}

/// A second failure type, for `mapError`.
struct WrappedFailure: Error, Equatable {
    let inner: TestFailure
}

/// What a Combine-dialect subscriber saw, in order.
enum Received<Value: Equatable, Failure: Error & Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case completion(Subscribers.Completion<Failure>)

    var description: String {
        switch self {
        case .value(let value): return "value(\(value))"
        case .completion(.finished): return "finished"
        case .completion(.failure(let failure)): return "failure(\(failure))"
        }
    }
}

/// "finished" or "failure(<the error>)", for logs of completions whose failure is `Error`.
func describe<Failure>(_ completion: Subscribers.Completion<Failure>) -> String {
    switch completion {
    case .finished: return "finished"
    case .failure(let error): return "failure(\(error))"
    }
}

/// Records everything a `sink` receives.
final class CombineRecorder<Value: Equatable, Failure: Error & Equatable> {
    private(set) var events: [Received<Value, Failure>] = []
    var cancellable: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Value, P.Failure == Failure {
        cancellable = publisher.sink(
            receiveCompletion: { [unowned self] in events.append(.completion($0)) },
            receiveValue: { [unowned self] in events.append(.value($0)) })
    }

    var values: [Value] {
        events.compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }
}

/// A publisher that counts its subscriptions and their disposals: the Combine-dialect probe for
/// "subscribed at / disposed at". Written the Combine way (`receive(subscriber:)`), so operators
/// reach it as they reach a user's publisher.
final class ProbePublisher<Output, Failure: Error>: Publisher {
    let subject = PublishSubject<Output>()
    private(set) var subscribeCount = 0
    private(set) var disposeCount = 0

    var isSubscribed: Bool { subscribeCount > disposeCount }

    func send(_ value: Output) { subject.onNext(value) }
    func send(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: subject.onCompleted()
        case .failure(let failure): subject.onError(failure)
        }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        AnyPublisher<Output, Failure>(unchecked: counted).receive(subscriber: subscriber)
    }

    private var counted: Observable<Output> {
        Observable.create { [unowned self] observer in
            subscribeCount += 1
            let subscription = subject.subscribe(observer)
            return Disposables.create { [unowned self] in
                disposeCount += 1
                subscription.dispose()
            }
        }
    }
}

/// Turns the run loop of the current thread until `condition` holds, for at most `limit` seconds
/// (bounded, so a failing test ends instead of hanging).
func turnRunLoop(until condition: () -> Bool, limit: TimeInterval = 5) {
    let deadline = Date().addingTimeInterval(limit)
    while !condition() && Date() < deadline {
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
    }
}
