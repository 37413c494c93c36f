import Foundation

/// Every `NSObject` has the `.rx` namespace, as in RxSwift: the synthesized property binders of
/// ``Reactive`` and the extensions an app writes in `extension Reactive where Base: SomeObject`.
/// (`NotificationCenter` has it too, whether or not the platform's Foundation makes it an
/// `NSObject`.)
extension NSObject: ReactiveCompatible {}
