import Rivulet

/// A unique identifier of a subscriber, a subscription or a subject (Combine's
/// `CombineIdentifier`): tools and logs tell the parts of a chain apart by it.
///
/// ```swift
/// struct Printer: Subscriber {
///     let combineIdentifier = CombineIdentifier()   // a struct makes its own; a class gets one
///     ...
/// }
/// ```
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let rawValue: UInt64

    /// A new identifier, different from every other made this way.
    public init() {
        rawValue = combineIdentifierCounter.add(1, ordering: .relaxed).newValue
    }

    /// The identifier of `obj`: the bit pattern of the object's address (the same object gives
    /// the same identifier for as long as it lives).
    public init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    /// The identifier in hexadecimal (`0x1f`).
    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// The last identifier `CombineIdentifier()` handed out; object identifiers are addresses, far
/// above the counter's range.
private let combineIdentifierCounter = AtomicCell<UInt64>(0)

/// A type with a `CombineIdentifier` (Combine's `CustomCombineIdentifierConvertible`); a class
/// gets one from its identity, a struct declares `let combineIdentifier = CombineIdentifier()`.
public protocol CustomCombineIdentifierConvertible {
    /// The identifier of this subscriber or subscription.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// The object's identity as a `CombineIdentifier`.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
