/// Errors Rivulet itself produces.
public enum RxError: Swift.Error, @unchecked Sendable, CustomDebugStringConvertible {
    // @unchecked Sendable: `disposed(object:)` only carries the object for its description.
    /// Unknown error.
    case unknown
    /// An operation was performed on a disposed object (for example subscribing to a disposed subject).
    case disposed(object: AnyObject)
    /// An arithmetic overflow.
    case overflow
    /// An argument was outside its allowed range.
    case argumentOutOfRange
    /// A sequence that had to contain an element was empty.
    case noElements
    /// A sequence that had to contain one element contained more.
    case moreThanOneElement
    /// `timeout` elapsed before the next event.
    case timeout

    /// A readable description.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}
