/// A Combine-dialect stream: a typed view of an engine `Observable`.
///
/// A publisher *is* an `ObservableConvertibleType`: `asObservable()` returns the engine stream it
/// stands for, with no copy and no extra subscription. `Output` is the value type and `Failure` the
/// error type; `Failure` is a phantom type over the engine's untyped `.error` (see
/// "The typed-failure invariant" below).
///
/// Rx-dialect operators are declared on `ObservableType` only, so a publisher sees only the
/// Combine spellings (`map`, `filter`, `sink`, ...) and a typical Combine chain never has two
/// candidate overloads. Call `asObservable()` to continue in the Rx dialect.
///
/// **Demand.** Operator subscriptions are unlimited-demand: every value is passed on as soon as
/// it is produced. A custom `Subscriber` gets only what it requests: the rest waits in its
/// subscription (see `Subscriber`).
///
/// **The typed-failure invariant.** Only a `Failure` value can reach the error channel of a
/// publisher whose failure type is `Failure`: subjects' `send(completion:)`, `Fail` and `Future`
/// are typed, operators that can throw (`tryMap`, `tryFilter`) have `Failure == Error`, and
/// `asPublisher()` on an observable has `Failure == Error`. A typed consumer (`sink`, `mapError`,
/// `catch`) therefore casts the engine's error to `Failure`. Should a foreign error ever arrive
/// anyway, typed operators pass it on unchanged and `sink` ends the subscription without calling
/// `receiveCompletion` (debug builds print the error); nothing traps.
public protocol Publisher<Output, Failure>: ObservableConvertibleType where Element == Output {
    /// The type of the values the publisher sends.
    associatedtype Output
    /// The type of the error that can end the publisher; `Never` when it cannot fail.
    associatedtype Failure: Swift.Error

    /// Attaches `subscriber` (Combine's requirement). Rivulet's publishers implement
    /// `asObservable()` and get this from it; a publisher written the Combine way implements this
    /// and gets `asObservable()` from it. Implement at least one of the two.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

/// A namespace for the publisher types the operators return (`Publishers.Map`, `Publishers.Merge`, ...).
public enum Publishers {}
