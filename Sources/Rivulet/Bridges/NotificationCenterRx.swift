import Foundation

// Where NotificationCenter is an NSObject (Darwin, and Linux before Swift 6.3's swift-foundation
// moved it out of NSObject), it has `.rx` through `NSObject: ReactiveCompatible`.
#if !canImport(ObjectiveC) && compiler(>=6.3)
    extension NotificationCenter: ReactiveCompatible {}
#endif

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (all notifications when `name` is `nil`) posted by
    /// `object` (by anyone when `object` is `nil`), as an observable that never completes.
    ///
    /// Each subscription adds one observer to the center; disposing the subscription, or its
    /// completion downstream (for example after `take(2)`), removes it. Values arrive on the
    /// thread that posts; a dispose racing with a post waits for that delivery to finish, so once
    /// `dispose()` has returned no handler runs.
    ///
    /// ```swift
    /// center.rx.notification(UIResponder.keyboardWillShowNotification)
    ///     .subscribe(onNext: { print($0.userInfo ?? [:]) })
    /// ```
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = base
        return Observable.create { observer in
            let forward = ThreadSafeObserver(observer)
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                forward.observer.onNext(notification)
            }
            return Disposables.create { center.removeObserver(token) }
        }
    }
}
