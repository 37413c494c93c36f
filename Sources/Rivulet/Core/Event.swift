/// One signal of a stream: a value, a failure, or normal completion.
///
/// Every subscription sees the grammar `next* (error | completed)?`: any number of values, then at
/// most one terminal event, after which nothing more arrives.
@frozen
public enum Event<Element> {
    /// A value.
    case next(Element)
    /// The stream failed; this ends it.
    case error(Swift.Error)
    /// The stream finished normally; this ends it.
    case completed
}

extension Event {
    /// `true` for `.error` and `.completed`, the events that end a stream.
    @inlinable
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// The value of a `.next` event, otherwise `nil`.
    @inlinable
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `.error` event, otherwise `nil`.
    @inlinable
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` for `.completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the value of a `.next` event; a throw becomes `.error`. Terminal events pass through.
    @inlinable
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let value):
            do { return .next(try transform(value)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: CustomDebugStringConvertible {
    /// A readable form such as `next(1)`, `error(Failure.boom)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event: Equatable where Element: Equatable {
    /// Values compare with `==`; errors compare as `errorsAreEqual(_:_:)` describes.
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let l), .next(let r)): return l == r
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

extension Event: Sendable where Element: Sendable {}

/// Compares two errors the way Rivulet's tests do: the same dynamic type, then `==` when the type
/// is `Equatable`, otherwise the same `String(describing:)`.
public func errorsAreEqual(_ lhs: any Swift.Error, _ rhs: any Swift.Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    let erased: Any = lhs
    if let equatable = erased as? any Equatable, let result = equatable.isEqual(toErasedValue: rhs) {
        return result
    }
    return String(describing: lhs) == String(describing: rhs)
}

extension Equatable {
    fileprivate func isEqual(toErasedValue other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}
