#if canImport(UIKit)
    import UIKit
#endif
import Foundation

/// One keyboard notification, parsed: which phase, the keyboard's frames in screen coordinates,
/// and its animation.
///
/// ```swift
/// let event = try KeyboardEvent(notification: note)
/// event.visibleHeight(in: view.convert(view.bounds, to: nil))  // the part of `view` it covers
/// ```
public struct KeyboardEvent: Equatable, Sendable {
    /// The notification a keyboard event came from.
    public enum Phase: String, CaseIterable, Hashable, Sendable {
        /// `keyboardWillShow`
        case willShow
        /// `keyboardDidShow`
        case didShow
        /// `keyboardWillHide`
        case willHide
        /// `keyboardDidHide`
        case didHide
        /// `keyboardWillChangeFrame`
        case willChangeFrame
        /// `keyboardDidChangeFrame`
        case didChangeFrame

        /// The phase of a keyboard notification name, or `nil` for any other name.
        public init?(name: Notification.Name) {
            // A switch, not a search of `allCases`: no array is built per notification.
            switch name {
            case .keyboardWillShow: self = .willShow
            case .keyboardDidShow: self = .didShow
            case .keyboardWillHide: self = .willHide
            case .keyboardDidHide: self = .didHide
            case .keyboardWillChangeFrame: self = .willChangeFrame
            case .keyboardDidChangeFrame: self = .didChangeFrame
            default: return nil
            }
        }

        /// The notification name of this phase.
        public var name: Notification.Name {
            switch self {
            case .willShow: return .keyboardWillShow
            case .didShow: return .keyboardDidShow
            case .willHide: return .keyboardWillHide
            case .didHide: return .keyboardDidHide
            case .willChangeFrame: return .keyboardWillChangeFrame
            case .didChangeFrame: return .keyboardDidChangeFrame
            }
        }

        /// `true` for `willHide` and `didHide`: the keyboard covers nothing at the end.
        public var isHide: Bool { self == .willHide || self == .didHide }
    }

    /// Which notification this is.
    public var phase: Phase
    /// The keyboard's frame before the change, in screen coordinates, if the notification had one.
    public var beginFrame: CGRect?
    /// The keyboard's frame after the change, in screen coordinates.
    public var endFrame: CGRect
    /// The keyboard animation's duration in seconds (UIKit's 0.25 when the notification has none).
    public var animationDuration: TimeInterval
    /// The keyboard animation's curve, a `UIView.AnimationCurve` raw value (UIKit's 7 when the
    /// notification has none).
    public var animationCurve: Int
    /// Whether the keyboard belongs to this app (`true` when the notification does not say). With
    /// iPad multitasking another app's keyboard also posts notifications, with `isLocal == false`.
    public var isLocal: Bool

    /// An event with the given values; the defaults are UIKit's.
    public init(
        phase: Phase,
        beginFrame: CGRect? = nil,
        endFrame: CGRect,
        animationDuration: TimeInterval = KeyboardAnimation.keyboard.duration,
        animationCurve: Int = KeyboardAnimation.keyboard.curve,
        isLocal: Bool = true
    ) {
        self.phase = phase
        self.beginFrame = beginFrame
        self.endFrame = endFrame
        self.animationDuration = animationDuration
        self.animationCurve = animationCurve
        self.isLocal = isLocal
    }

    /// The keyboard's animation: `animationDuration` and `animationCurve`.
    public var animation: KeyboardAnimation {
        KeyboardAnimation(duration: animationDuration, curve: animationCurve)
    }
}

// MARK: - Parsing

/// Why a notification could not be read as a `KeyboardEvent`; each case names the key at fault.
public enum KeyboardEventError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The notification's name is not one of the six keyboard notifications.
    case notAKeyboardNotification(name: String)
    /// A required entry is missing (only `frameEnd` is required).
    case missingValue(key: KeyboardUserInfoKey)
    /// An entry has the wrong type; `found` is the type that was there.
    case wrongType(key: KeyboardUserInfoKey, found: String)
    /// An entry has the right type but an impossible value (a non-finite frame, a negative or
    /// non-finite duration, a fractional curve); `value` describes it.
    case invalidValue(key: KeyboardUserInfoKey, value: String)

    /// The `userInfo` key at fault, or `nil` when the name was wrong.
    public var key: KeyboardUserInfoKey? {
        switch self {
        case .notAKeyboardNotification: return nil
        case .missingValue(let key), .wrongType(let key, _), .invalidValue(let key, _): return key
        }
    }

    /// A readable explanation naming the key.
    public var description: String {
        switch self {
        case .notAKeyboardNotification(let name): return "\(name) is not a keyboard notification"
        case .missingValue(let key): return "userInfo[\(key)] is missing"
        case .wrongType(let key, let found): return "userInfo[\(key)] is a \(found), not the expected type"
        case .invalidValue(let key, let value): return "userInfo[\(key)] has an invalid value: \(value)"
        }
    }
}

extension KeyboardEvent {
    /// Reads a keyboard notification.
    ///
    /// Frames may be `CGRect` values or `NSValue`s holding a rect; numbers may be any integer or
    /// floating-point type or `NSNumber`; `isLocal` may be a `Bool` or a number. Only the end frame
    /// is required: a missing duration is 0.25 s, a missing curve 7 and a missing `isLocal` `true`
    /// (UIKit's values).
    ///
    /// - Throws: `KeyboardEventError` naming the key at fault: a name that is not a keyboard
    ///   notification, a missing end frame, a wrongly typed entry, a non-finite frame, a negative or
    ///   non-finite duration, or a curve that is not a whole number.
    public init(notification: borrowing Notification) throws {
        guard let phase = Phase(name: notification.name) else {
            throw KeyboardEventError.notAKeyboardNotification(name: notification.name.rawValue)
        }
        // Each entry is moved out of `entries` (`take()`), not copied.
        var entries = Entries(notification.userInfo ?? [:])
        guard let endFrame = try Self.rect(entries.frameEnd.take(), .frameEnd) else {
            throw KeyboardEventError.missingValue(key: .frameEnd)
        }
        let beginFrame = try Self.rect(entries.frameBegin.take(), .frameBegin)
        let duration =
            try Self.number(entries.animationDuration.take(), .animationDuration)
            ?? KeyboardAnimation.keyboard.duration
        guard duration.isFinite, duration >= 0 else {
            throw KeyboardEventError.invalidValue(key: .animationDuration, value: "\(duration)")
        }
        var curve = KeyboardAnimation.keyboard.curve
        if let raw = try Self.number(entries.animationCurve.take(), .animationCurve) {
            guard let whole = Int(exactly: raw) else {
                throw KeyboardEventError.invalidValue(key: .animationCurve, value: "\(raw)")
            }
            curve = whole
        }
        let isLocal = try Self.flag(entries.isLocal.take(), .isLocal) ?? true
        self.init(
            phase: phase, beginFrame: beginFrame, endFrame: endFrame,
            animationDuration: duration, animationCurve: curve, isLocal: isLocal)
    }

    /// The five entries `init(notification:)` reads, found in one pass over `userInfo` (no
    /// `AnyHashable` hashing or comparison per key). An entry under the raw string (as UIKit posts
    /// it) wins over one under the `KeyboardUserInfoKey` itself.
    private struct Entries {
        var frameEnd: Any?
        var frameBegin: Any?
        var animationDuration: Any?
        var animationCurve: Any?
        var isLocal: Any?

        init(_ info: [AnyHashable: Any]) {
            var typed: [(key: KeyboardUserInfoKey, value: Any)] = []
            for (key, value) in info {
                let base = key.base
                if let raw = exactly(base, String.self) ?? (base as? String) {
                    store(value, forRaw: raw, replacing: true)
                } else if let key = exactly(base, KeyboardUserInfoKey.self) ?? (base as? KeyboardUserInfoKey) {
                    typed.append((key, value))
                }
            }
            for entry in typed { store(entry.value, forRaw: entry.key.rawValue, replacing: false) }
        }

        /// The five raw keys' lengths in UTF-8 (constant time for native strings): a key of
        /// another length is not compared at all, and one of a matching length once.
        private static let lengths = (
            frameEnd: KeyboardUserInfoKey.frameEnd.rawValue.utf8.count,
            frameBegin: KeyboardUserInfoKey.frameBegin.rawValue.utf8.count,
            animationDuration: KeyboardUserInfoKey.animationDuration.rawValue.utf8.count,
            animationCurve: KeyboardUserInfoKey.animationCurve.rawValue.utf8.count,
            isLocal: KeyboardUserInfoKey.isLocal.rawValue.utf8.count
        )

        private mutating func store(_ value: consuming Any, forRaw raw: String, replacing: Bool) {
            let length = raw.utf8.count
            let lengths = Self.lengths
            if length == lengths.frameEnd, raw == KeyboardUserInfoKey.frameEnd.rawValue {
                if replacing || frameEnd == nil { frameEnd = value }
            } else if length == lengths.frameBegin, raw == KeyboardUserInfoKey.frameBegin.rawValue {
                if replacing || frameBegin == nil { frameBegin = value }
            } else if length == lengths.animationDuration, raw == KeyboardUserInfoKey.animationDuration.rawValue {
                if replacing || animationDuration == nil { animationDuration = value }
            } else if length == lengths.animationCurve, raw == KeyboardUserInfoKey.animationCurve.rawValue {
                if replacing || animationCurve == nil { animationCurve = value }
            } else if length == lengths.isLocal, raw == KeyboardUserInfoKey.isLocal.rawValue {
                if replacing || isLocal == nil { isLocal = value }
            }
        }
    }

    // MARK: Reading the values
    //
    // A conditional cast from `Any` (`value as? NSNumber`) runs the runtime's general cast: it
    // unwraps the existential, looks through optionals, tries bridging, ~370 instructions. The
    // values UIKit posts are of a few known types, so each reader first opens the existential
    // and compares its dynamic type (`exactly`, `instance`: ~100 instructions), and only for
    // anything else falls back to the general casts, in the order they always ran. The result is
    // the same either way: the fast check only answers for values whose general cast would
    // succeed with the same value.

    /// `value` when its dynamic type is exactly `U`, else `nil` (also for an optional around a
    /// `U`, or a type that bridges to it: the general cast handles those).
    private static func exactly<U>(_ value: Any, _: U.Type) -> U? {
        func open<T>(_ value: T) -> U? { T.self == U.self ? unsafeBitCast(value, to: U.self) : nil }
        return _openExistential(value, do: open)
    }

    /// `value` when it is an instance of the class `U` or of a subclass, else `nil` (as
    /// `exactly`).
    private static func instance<U: AnyObject>(_ value: Any, of _: U.Type) -> U? {
        func open<T>(_ value: T) -> U? {
            // `T` is a class type here, so the value is one reference.
            T.self is U.Type ? unsafeDowncast(unsafeBitCast(value, to: AnyObject.self), to: U.self) : nil
        }
        return _openExistential(value, do: open)
    }

    private static func typeName(_ value: Any) -> String { String(describing: type(of: value)) }

    /// A finite rect from an `NSValue` holding one or a `CGRect`; `nil` when absent.
    private static func rect(_ entry: consuming Any?, _ key: KeyboardUserInfoKey) throws -> CGRect? {
        guard let value = entry else { return nil }
        let rect: CGRect
        // `NSValue` first: it is what UIKit posts.
        if let boxed = instance(value, of: NSValue.self), let unboxed = unboxRect(boxed) {
            rect = unboxed
        } else if let direct = exactly(value, CGRect.self) {
            rect = direct
        } else if let boxed = value as? NSValue, let unboxed = unboxRect(boxed) {
            rect = unboxed
        } else if let direct = value as? CGRect {
            rect = direct
        } else {
            throw KeyboardEventError.wrongType(key: key, found: typeName(value))
        }
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.size.width.isFinite,
            rect.size.height.isFinite
        else {
            throw KeyboardEventError.invalidValue(key: key, value: "\(rect)")
        }
        return rect
    }

    #if canImport(Darwin)
        /// The rect inside an `NSValue`, or `nil` when it holds something else (a point, a size, a
        /// number). Foundation spells the accessor `cgRectValue` next to UIKit and `rectValue` on
        /// macOS. The C type string is compared in place (no `String` is built); here `objCType`
        /// is a field read.
        private static func unboxRect(_ value: NSValue) -> CGRect? {
            if value is NSNumber { return nil }
            guard isRectType(value.objCType) else { return nil }
            #if canImport(UIKit)
                return value.cgRectValue
            #else
                return value.rectValue
            #endif
        }
    #else
        /// The rect inside an `NSValue`, or `nil` when it holds something else.
        ///
        /// swift-corelibs-foundation keeps every geometry value (`NSValue(rect:)`, `(point:)`,
        /// `(size:)`, `(range:)`, `(edgeInsets:)`, and `init(bytes:objCType:)` with those types)
        /// in one class, which `RectProbe.boxClass` names; no other `NSValue` can hold a struct
        /// there (`rectValue` of any other value traps). Its `objCType` builds and leaks a new C
        /// string on every call (about 7,000 instructions), so the rect is told apart without it:
        /// the value's bytes are read (`getValue`) and the value is asked whether it equals
        /// `NSValue(rect:)` of them. That comparison is `false` across kinds (an edge-insets value
        /// with the same four doubles is not equal to a rect), so `true` means a rect. It is also
        /// `false` for a rect that is not equal to itself (a NaN coordinate); only then, or for a
        /// value of another kind, is `objCType` read, to tell the two apart.
        private static func unboxRect(_ value: NSValue) -> CGRect? {
            guard let boxClass = RectProbe.boxClass else {
                // Not the Foundation described above: the type string decides.
                return value is NSNumber || !isRectType(value.objCType) ? nil : value.rectValue
            }
            guard ObjectIdentifier(type(of: value)) == boxClass else { return nil }
            var bytes = RectProbe.Scratch()
            withUnsafeMutableBytes(of: &bytes) { value.getValue($0.baseAddress!) }
            let rect = bytes.rect
            if value.isEqual(NSValue(rect: rect)) { return rect }
            return isRectType(value.objCType) ? rect : nil
        }

        /// What `unboxRect` needs to know about swift-corelibs-foundation's geometry values.
        private enum RectProbe {
            /// The class of `NSValue(rect:)`, or `nil` if it is `NSValue` itself (then the class
            /// says nothing, and `unboxRect` goes by `objCType` alone).
            static let boxClass: ObjectIdentifier? = {
                let type: AnyClass = Swift.type(of: NSValue(rect: .zero))
                return type == NSValue.self ? nil : ObjectIdentifier(type)
            }()

            /// Room for `getValue`: a rect first, then slack. The largest value the geometry class
            /// holds is 32 bytes (a rect or edge insets); 128 leave room for kinds a later
            /// Foundation might add.
            struct Scratch {
                var rect = CGRect.zero
                var slack = (CGRect.zero, CGRect.zero, CGRect.zero)
            }
        }
    #endif

    /// Whether an Objective-C type string is that of a rect (`CGRect` or `NSRect`).
    private static func isRectType(_ type: UnsafePointer<CChar>) -> Bool {
        strncmp(type, "{CGRect=", 8) == 0 || strncmp(type, "{_NSRect=", 9) == 0 || strncmp(type, "{NSRect=", 8) == 0
    }

    /// A number of any numeric type or an `NSNumber`, as a `Double`; `nil` when absent. A `Bool`
    /// is not a number here.
    private static func number(_ entry: consuming Any?, _ key: KeyboardUserInfoKey) throws -> Double? {
        guard let value = entry else { return nil }
        if let number = numericValue(value) { return number }
        throw KeyboardEventError.wrongType(key: key, found: typeName(value))
    }

    private static func numericValue(_ value: Any) -> Double? {
        if let number = instance(value, of: NSNumber.self) { return number.doubleValue }
        if type(of: value) == Bool.self { return nil }
        // `NSNumber` first: it is what UIKit posts, and the cast is a class check; the casts to
        // the numeric protocols look up conformances.
        if let number = value as? NSNumber { return number.doubleValue }
        if let float = value as? any BinaryFloatingPoint { return Double(float) }
        if let integer = value as? any BinaryInteger { return Double(integer) }
        return nil
    }

    /// A `Bool`, an `NSNumber` or any number (non-zero is `true`); `nil` when absent.
    private static func flag(_ entry: consuming Any?, _ key: KeyboardUserInfoKey) throws -> Bool? {
        guard let value = entry else { return nil }
        if let number = instance(value, of: NSNumber.self) { return number.boolValue }
        if let flag = exactly(value, Bool.self) { return flag }
        if type(of: value) == Bool.self, let flag = value as? Bool { return flag }
        if let number = value as? NSNumber { return number.boolValue }
        if let number = numericValue(value) { return number != 0 }
        throw KeyboardEventError.wrongType(key: key, found: typeName(value))
    }
}

// MARK: - Building notifications

extension KeyboardEvent {
    /// The `userInfo` UIKit would post for this event: frames as `NSValue`, numbers as `NSNumber`,
    /// under the raw string keys. `init(notification:)` reads it back unchanged.
    public var userInfo: [AnyHashable: Any] {
        var info: [AnyHashable: Any] = [
            KeyboardUserInfoKey.frameEnd.rawValue: Self.box(endFrame),
            KeyboardUserInfoKey.animationDuration.rawValue: NSNumber(value: animationDuration),
            KeyboardUserInfoKey.animationCurve.rawValue: NSNumber(value: animationCurve),
            KeyboardUserInfoKey.isLocal.rawValue: NSNumber(value: isLocal),
        ]
        if let beginFrame { info[KeyboardUserInfoKey.frameBegin.rawValue] = Self.box(beginFrame) }
        return info
    }

    /// A notification carrying this event, ready to post (for previews, tests and demos).
    public func notification(object: Any? = nil) -> Notification {
        Notification(name: phase.name, object: object, userInfo: userInfo)
    }

    private static func box(_ rect: CGRect) -> NSValue {
        #if canImport(UIKit)
            return NSValue(cgRect: rect)
        #else
            return NSValue(rect: rect)
        #endif
    }
}
