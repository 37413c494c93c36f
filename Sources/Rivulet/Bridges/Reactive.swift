/// The `.rx` namespace: reactive extensions of a base type live in `extension Reactive where
/// Base: SomeType`, so they never clash with the base type's own members.
///
/// ```swift
/// center.rx.notification(.someName)
/// ```
///
/// As in RxSwift, every writable property of a class instance is a binder through `.rx` with no
/// extension written (`@dynamicMemberLookup`): `label.rx.text` is a `Binder<String?>` that writes
/// `label.text` on the main thread. A property declared in an `extension Reactive` takes
/// precedence.
///
/// ```swift
/// viewModel.title.bind(to: label.rx.text).disposed(by: bag)
/// ```
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// Wraps `base`.
    public init(_ base: Base) { self.base = base }

    /// A binder that writes each value into `base[keyPath: keyPath]` on the main thread while
    /// `base` is alive (RxSwift's automatically synthesized binders).
    public subscript<Property>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
    ) -> Binder<Property> where Base: AnyObject {
        Binder(base) { base, value in base[keyPath: keyPath] = value }
    }
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
