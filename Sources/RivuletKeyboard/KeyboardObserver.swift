import Foundation
import Rivulet

/// Listens to the keyboard notifications and turns them into the keyboard's visible height in one
/// container (a view's frame in screen coordinates).
///
/// ```swift
/// let keyboard = KeyboardObserver { view.convert(view.bounds, to: nil) }
/// keyboard.height
///     .subscribe(onNext: { insets.apply(keyboardHeight: $0) })
///     .disposed(by: bag)
/// ```
///
/// It observes `keyboardWillShow`, `keyboardWillHide` and `keyboardWillChangeFrame` (the will-
/// phases carry the animation the layout should join). For each notification it calls
/// `container()`, updates `height` (only when the value changes) and `isVisible`, then sends the
/// parsed event on `events`. A notification it cannot parse is not dropped silently: it goes to
/// `errors` (and `errorCount`) and leaves the height unchanged.
///
/// Lifetime: it registers with the notification center in `init` and unregisters in `dispose()`
/// or when it is released, whichever comes first; the center keeps no strong reference to it.
/// After release, or after `dispose()` returned on the posting thread, no notification reaches
/// `container`, `events`, `height`, `isVisible` or `errors` again. (A `dispose()` on another
/// thread does not wait for a notification being handled at that moment.) Delivery runs on the
/// thread that posts the notification (UIKit: the main thread); post from one thread at a time.
public final class KeyboardObserver: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `tokens`, `lastAnimation` and `errorTotal` are guarded by `lock`;
    // `disposed` is atomic; `postedAnimation` is touched only by `receive`, on the posting thread
    // (one at a time, as documented above); the relays and subjects are thread-safe; `center` is
    // immutable.

    /// Every keyboard notification observed, parsed (after the `height` update it caused).
    /// Never completes; it goes quiet once the observer is disposed or released.
    public var events: Observable<KeyboardEvent> { eventSubject.asObservable() }

    /// The keyboard's visible height in the container: starts at 0, never repeats a value.
    public let height = BehaviorRelay<CGFloat>(value: 0)

    /// Whether the keyboard covers any of the container (`height > 0`): starts `false`, never
    /// repeats a value.
    public let isVisible = BehaviorRelay<Bool>(value: false)

    /// The notifications that could not be parsed, with the reason (the observer keeps running).
    public var errors: Observable<KeyboardEventError> { errorSubject.asObservable() }

    /// Whether notifications with `isLocal == false` (another app's keyboard) are ignored.
    public let ignoresNonLocal: Bool

    /// The animation of the last event that was handled (`KeyboardAnimation.keyboard` before any):
    /// read it while handling a `height` change to animate with the keyboard.
    public var animation: KeyboardAnimation { lock.withLock { lastAnimation } }

    /// How many notifications could not be parsed so far.
    public var errorCount: Int { lock.withLock { errorTotal } }

    /// Whether `dispose()` was called (releasing the observer also unregisters it).
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    private let center: NotificationCenter
    private let eventSubject = PublishSubject<KeyboardEvent>()
    private let errorSubject = PublishSubject<KeyboardEventError>()
    private let lock = NSLock()
    private var tokens: [NSObjectProtocol] = []
    // An atomic flag, not a field under `lock`: `receive` reads it twice per notification, and an
    // acquiring load is a plain load.
    private let disposed = AtomicCell<Bool>(false)
    private var lastAnimation = KeyboardAnimation.keyboard
    /// The animation `receive` last stored in `lastAnimation`: it takes the lock only when a
    /// notification brings a different one (most carry UIKit's 0.25 s, curve 7).
    private var postedAnimation = KeyboardAnimation.keyboard
    private var errorTotal = 0

    /// The notification names the observer registers for.
    public static let observedNames: [Notification.Name] = [
        .keyboardWillShow, .keyboardWillHide, .keyboardWillChangeFrame,
    ]

    /// Starts observing `center`.
    ///
    /// - Parameters:
    ///   - center: the notification center keyboard notifications are posted to.
    ///   - ignoresNonLocal: ignore notifications whose `isLocal` is `false` (another app's keyboard
    ///     in iPad multitasking). Default `false`.
    ///   - container: the frame to measure the keyboard against, in the keyboard frames' (screen)
    ///     coordinates; called once per notification, on the posting thread.
    public init(
        center: NotificationCenter = .default,
        ignoresNonLocal: Bool = false,
        container: @escaping () -> CGRect
    ) {
        self.center = center
        self.ignoresNonLocal = ignoresNonLocal
        // Each block holds `container` strongly and, through it, the observer weakly: once the
        // center drops the blocks (`dispose()`, release) nothing it held of the caller's stays
        // alive.
        let container = Container(read: container)
        container.observer = self
        let registered = Self.observedNames.map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { notification in
                container.observer?.receive(notification, container: container.read)
            }
        }
        lock.withLock { tokens = registered }
    }

    /// Sends one value when the observer is released without `dispose()` having been called
    /// first (a binding then ends and reports it).
    let released = PublishSubject<Void>()

    deinit {
        if !isDisposed { released.onNext(()) }
        dispose()
    }

    /// Unregisters from the notification center. Afterwards no notification is handled; the relays
    /// keep their last values. Safe to call more than once.
    public func dispose() {
        let taken: [NSObjectProtocol] = lock.withLock {
            disposed.store(true, ordering: .releasing)
            defer { tokens = [] }
            return tokens
        }
        for token in taken { center.removeObserver(token) }
    }

    /// Handles one posted notification. Ignored once disposed.
    private func receive(_ notification: Notification, container: () -> CGRect) {
        if isDisposed { return }
        let event: KeyboardEvent
        do {
            event = try KeyboardEvent(notification: notification)
        } catch {
            // `init(notification:)` only throws KeyboardEventError.
            let failure = error as? KeyboardEventError ?? .notAKeyboardNotification(name: notification.name.rawValue)
            lock.withLock { errorTotal += 1 }
            errorSubject.onNext(failure)
            return
        }
        if ignoresNonLocal && !event.isLocal { return }
        let visible = event.visibleHeight(in: container())
        if isDisposed { return }
        let animation = event.animation
        if animation != postedAnimation {
            postedAnimation = animation
            lock.withLock { lastAnimation = animation }
        }
        if height.value != visible { height.accept(visible) }
        if isVisible.value != (visible > 0) { isVisible.accept(visible > 0) }
        eventSubject.onNext(event)
    }
}

/// The caller's container closure, handed to the notification center's `@Sendable` blocks.
private final class Container: @unchecked Sendable {
    // @unchecked Sendable: `observer` is set once, in `KeyboardObserver.init`, before any block
    // is registered, and only read afterwards; the closure is only called on the posting thread,
    // as `KeyboardObserver.init` documents.
    let read: () -> CGRect
    /// The observer, held weakly (no exclusivity check per read: it never changes after `init`).
    @exclusivity(unchecked) weak var observer: KeyboardObserver?
    init(read: @escaping () -> CGRect) { self.read = read }
}
