import Rivulet
import Foundation

/// The publisher `NotificationCenter.publisher(for:object:)` returns: the notifications named
/// `name` posted by `object`. It never finishes and cannot fail.
///
/// Each subscription adds one observer to the center; cancelling it, or an operator that ends
/// it (such as `prefix(2)`), removes the observer. Built on `center.rx.notification(_:object:)`.
///
/// As Combine's: the observer is added when the subscriber is given its subscription (named
/// `NotificationCenter Observer`), before it asks for anything, and a notification posted while
/// the subscriber has no demand is dropped; the subscription holds the center until it is
/// cancelled.
///
/// Threading: notifications are delivered on the posting thread; calls into one subscriber never
/// overlap (a notification posted meanwhile on another thread, or from inside the subscriber,
/// is delivered when the call returns).
public struct NotificationCenterPublisher: Publisher, EnginePublisher {
    /// The posted notifications.
    public typealias Output = Notification
    /// Notifications never fail.
    public typealias Failure = Never

    /// The center observed.
    public let center: NotificationCenter
    /// The observed notification name.
    public let name: Notification.Name
    /// The sender observed, or `nil` for any sender.
    public let object: AnyObject?

    /// A publisher of the notifications named `name` from `object` (any sender when `nil`).
    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
        self.center = center
        self.name = name
        self.object = object
    }

    /// Adds an observer to the center for `subscriber`, whose subscription keeps its demand (see
    /// the type's documentation).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SubjectSubscription.attach(
            .erase(subscriber), to: engineStream(), parent: center, name: "NotificationCenter Observer",
            keepsLatest: false)
    }

    /// Exact: a subscriber that asks for everything gets every notification, as the engine
    /// stream's observer does.
    @inlinable
    var isEngineExact: Bool { true }

    /// `center.rx.notification(name, object: object)`.
    @inlinable
    func engineStream() -> Observable<Notification> {
        center.rx.notification(name, object: object)
    }
}

#if canImport(Combine)
    // Apple platforms: Foundation's Combine overlay already declares
    // `NotificationCenter.publisher(for:object: AnyObject? = nil) -> NotificationCenter.Publisher`, and it is
    // visible in any file that imports Foundation. An identical Rivulet signature would make every
    // call ambiguous. Overload ranking picks the candidate that needs no default argument, and the
    // one whose parameter type is more specific, so these two forms win for
    // `publisher(for: name)` and for `publisher(for: name, object: someNSObject or nil)`; only an
    // `object` that is not an `NSObject` falls through to Foundation's (Combine) publisher.
    // See docs/dialects.md, "Apple platforms".
    extension NotificationCenter {
        /// A publisher of the notifications named `name` (any sender).
        public func publisher(for name: Notification.Name) -> NotificationCenterPublisher {
            NotificationCenterPublisher(center: self, name: name)
        }

        /// A publisher of the notifications named `name` posted by `object`.
        public func publisher(for name: Notification.Name, object: NSObject?) -> NotificationCenterPublisher {
            NotificationCenterPublisher(center: self, name: name, object: object)
        }
    }
#else
    extension NotificationCenter {
        /// The publisher type `publisher(for:object:)` returns (Combine's spelling).
        public typealias Publisher = NotificationCenterPublisher

        /// A publisher of the notifications named `name` posted by `object` (any sender when `nil`).
        ///
        /// ```swift
        /// center.publisher(for: .keyboardWillShow)
        ///     .map { ($0.userInfo?[KeyboardUserInfoKey.frameEnd] as? CGRect)?.height ?? 0 }
        ///     .sink { height = $0 }
        ///     .store(in: &cancellables)
        /// ```
        public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenterPublisher {
            NotificationCenterPublisher(center: self, name: name, object: object)
        }
    }
#endif
