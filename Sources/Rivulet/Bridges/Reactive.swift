/// The `.rx` namespace: reactive extensions of a base type live in `extension Reactive where
/// Base: SomeType`, so they never clash with the base type's own members.
///
/// ```swift
/// center.rx.notification(.someName)
/// ```
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// Wraps `base`.
    public init(_ base: Base) { self.base = base }
}

/// A type that offers the `.rx` namespace.
public protocol ReactiveCompatible {
    /// The type `.rx` extends.
    associatedtype ReactiveBase

    /// The reactive extensions of this value.
    var rx: Reactive<ReactiveBase> { get set }

    /// The reactive extensions of this type.
    static var rx: Reactive<ReactiveBase>.Type { get set }
}

extension ReactiveCompatible {
    /// The reactive extensions of this value.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // Allows mutating reactive extensions (such as bindings) through `rx`.
        set {}  // swiftlint:disable:this unused_setter_value
    }

    /// The reactive extensions of this type.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}  // swiftlint:disable:this unused_setter_value
    }
}
