import Rivulet

/// A value stamped with the virtual time it happened at; `Recorded<Event<T>>` is a recorded event.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// The virtual time.
    public let time: TestTime
    /// What happened.
    public let value: Value

    /// A value recorded at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// `next(1) @ 210`.
    public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
    /// A `.next(element)` event at `time`: `.next(210, 1)`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// A `.completed` event at `time`: `.completed(300)`, or `Recorded.completed(300, Int.self)`
    /// where nothing else names the element type (RxTest's spelling).
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// An `.error(error)` event at `time`: `.error(300, TestError.boom)`, or
    /// `Recorded.error(300, TestError.boom, Int.self)` where nothing else names the element type
    /// (RxTest's spelling).
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }

    /// The arguments as an array: `Recorded.events(.next(210, 1), .completed(300))`.
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        recordedEvents
    }

    /// `recordedEvents` unchanged (for symmetry with the variadic form).
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        recordedEvents
    }
}

/// A `.next(element)` event at `time` (the older RxTest free-function spelling).
public func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> {
    Recorded(time: time, value: .next(element))
}

/// A `.completed` event at `time` (the older RxTest free-function spelling).
public func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> {
    Recorded(time: time, value: .completed)
}

/// An `.error(error)` event at `time` (the older RxTest free-function spelling).
public func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>> {
    Recorded(time: time, value: .error(error))
}
