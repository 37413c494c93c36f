import Foundation
import RivuletKeyboard
import RivuletTest
import XCTest

final class KeyboardEventTests: LeakCheckingTestCase {
    private let end = CGRect(x: 0, y: 508, width: 390, height: 336)

    private func parse(_ info: [AnyHashable: Any]?, _ name: Notification.Name = .keyboardWillShow) throws
        -> KeyboardEvent
    {
        try KeyboardEvent(notification: Notification(name: name, object: nil, userInfo: info))
    }

    private func assertThrows(
        _ expected: KeyboardEventError, _ name: Notification.Name = .keyboardWillShow,
        _ info: [AnyHashable: Any]?, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try parse(info, name), file: file, line: line) { error in
            XCTAssertEqual(error as? KeyboardEventError, expected, file: file, line: line)
        }
    }

    private func key(_ key: KeyboardUserInfoKey) -> AnyHashable { AnyHashable(key.rawValue) }

    // MARK: Accepted input

    func testRoundTripsThroughTheNotificationUIKitWouldPost() throws {
        let event = KeyboardEvent(
            phase: .willChangeFrame, beginFrame: CGRect(x: 0, y: 844, width: 390, height: 336), endFrame: end,
            animationDuration: 0.4, animationCurve: 2, isLocal: false)
        let note = event.notification(object: "sender")
        XCTAssertEqual(note.name, .keyboardWillChangeFrame)
        XCTAssertEqual(note.object as? String, "sender")
        XCTAssertTrue(note.userInfo?[key(.frameEnd)] is NSValue)
        XCTAssertEqual(try KeyboardEvent(notification: note), event)
    }

    func testEveryPhaseIsReadFromItsName() throws {
        for phase in KeyboardEvent.Phase.allCases {
            XCTAssertEqual(try parse([key(.frameEnd): end], phase.name).phase, phase)
        }
    }

    func testFramesMayBeCGRectsOrNSValues() throws {
        let begin = CGRect(x: 0, y: 844, width: 390, height: 336)
        let direct = try parse([key(.frameEnd): end, key(.frameBegin): begin])
        XCTAssertEqual(direct.endFrame, end)
        XCTAssertEqual(direct.beginFrame, begin)
        let boxed = try parse([key(.frameEnd): NSValue(rect: end), key(.frameBegin): NSValue(rect: begin)])
        XCTAssertEqual(boxed.endFrame, end)
        XCTAssertEqual(boxed.beginFrame, begin)
    }

    func testMissingOptionalValuesTakeUIKitsDefaults() throws {
        let event = try parse([key(.frameEnd): end])
        XCTAssertNil(event.beginFrame)
        XCTAssertEqual(event.animationDuration, 0.25)
        XCTAssertEqual(event.animationCurve, 7)
        XCTAssertTrue(event.isLocal)
        XCTAssertEqual(event.animation, KeyboardAnimation.keyboard)
    }

    func testNumbersMayBeAnyNumericTypeOrNSNumber() throws {
        let cases: [(duration: Any, curve: Any, expectedDuration: Double, expectedCurve: Int)] = [
            (0.4, 2, 0.4, 2),
            (Float(0.5), UInt8(3), 0.5, 3),
            (CGFloat(0.75), Int64(1), 0.75, 1),
            (1, 7.0, 1, 7),
            (NSNumber(value: 0.3), NSNumber(value: 7), 0.3, 7),
        ]
        for item in cases {
            let event = try parse([
                key(.frameEnd): end, key(.animationDuration): item.duration, key(.animationCurve): item.curve,
            ])
            XCTAssertEqual(event.animationDuration, item.expectedDuration, accuracy: 1e-6)
            XCTAssertEqual(event.animationCurve, item.expectedCurve)
        }
    }

    func testIsLocalMayBeABoolOrANumber() throws {
        XCTAssertFalse(try parse([key(.frameEnd): end, key(.isLocal): false]).isLocal)
        XCTAssertTrue(try parse([key(.frameEnd): end, key(.isLocal): true]).isLocal)
        XCTAssertFalse(try parse([key(.frameEnd): end, key(.isLocal): NSNumber(value: false)]).isLocal)
        XCTAssertFalse(try parse([key(.frameEnd): end, key(.isLocal): 0]).isLocal)
        XCTAssertTrue(try parse([key(.frameEnd): end, key(.isLocal): 1]).isLocal)
    }

    /// The parse reads the types UIKit posts without the runtime's general cast; whatever that
    /// cast also accepts (an optional around the value, an `NSString` key, a subclass) still parses.
    func testValuesInOptionalsSubclassesAndNSStringKeysAreReadAsBefore() throws {
        let info: [AnyHashable: Any] = [
            AnyHashable(NSString(string: KeyboardUserInfoKey.frameEnd.rawValue)): Optional(NSValue(rect: end)) as Any,
            key(.frameBegin): Optional(end) as Any,
            key(.animationDuration): Optional(NSNumber(value: 0.4)) as Any,
            key(.animationCurve): NSDecimalNumber(value: 2),
            key(.isLocal): Optional(false) as Any,
        ]
        let event = try parse(info)
        XCTAssertEqual(event.endFrame, end)
        XCTAssertEqual(event.beginFrame, end)
        XCTAssertEqual(event.animationDuration, 0.4)
        XCTAssertEqual(event.animationCurve, 2)
        XCTAssertFalse(event.isLocal)
        // A boolean `NSNumber` is a number (1) where a number belongs, as it always was.
        XCTAssertEqual(
            try parse([key(.frameEnd): end, key(.animationDuration): NSNumber(value: true)]).animationDuration, 1)
    }

    func testKeysMayAlsoBeTheKeyValuesThemselves() throws {
        let event = try parse([KeyboardUserInfoKey.frameEnd: end, KeyboardUserInfoKey.animationDuration: 0.5])
        XCTAssertEqual(event.endFrame, end)
        XCTAssertEqual(event.animationDuration, 0.5)
    }

    // MARK: Rejected input: each names its key

    func testANonKeyboardNameThrows() {
        assertThrows(
            .notAKeyboardNotification(name: "UserLoggedIn"), Notification.Name("UserLoggedIn"), [key(.frameEnd): end])
        XCTAssertNil(KeyboardEventError.notAKeyboardNotification(name: "x").key)
    }

    func testAMissingEndFrameThrows() {
        assertThrows(.missingValue(key: .frameEnd), .keyboardWillShow, nil)
        assertThrows(.missingValue(key: .frameEnd), .keyboardWillHide, [key(.frameBegin): end])
    }

    func testAWronglyTypedFrameThrows() {
        assertThrows(
            .wrongType(key: .frameEnd, found: "String"), .keyboardWillShow, [key(.frameEnd): "{{0, 508}, {390, 336}}"])
        assertThrows(
            .wrongType(key: .frameBegin, found: "Int"), .keyboardWillShow, [key(.frameEnd): end, key(.frameBegin): 3])
        XCTAssertThrowsError(try parse([key(.frameEnd): NSValue(point: CGPoint(x: 1, y: 2))])) { error in
            guard case .wrongType(let key, _)? = error as? KeyboardEventError else { return XCTFail("\(error)") }
            XCTAssertEqual(key, .frameEnd)
        }
        XCTAssertThrowsError(try parse([key(.frameEnd): NSNumber(value: 336)])) { error in
            XCTAssertEqual((error as? KeyboardEventError)?.key, .frameEnd)
        }
    }

    /// Every other geometry value an `NSValue` can hold is refused, including edge insets, which
    /// have a rect's size and could hold the same four numbers.
    func testAnNSValueHoldingAnythingButARectIsTheWrongType() {
        let notRects: [NSValue] = [
            NSValue(point: CGPoint(x: 0, y: 508)),
            NSValue(size: CGSize(width: 390, height: 336)),
            NSValue(range: NSRange(location: 0, length: 508)),
            NSValue(edgeInsets: NSEdgeInsets(top: 0, left: 508, bottom: 390, right: 336)),
            NSValue(edgeInsets: NSEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)),
            NSNumber(value: 336),
            NSNumber(value: true),
        ]
        for value in notRects {
            for key in [KeyboardUserInfoKey.frameEnd, .frameBegin] {
                var info: [AnyHashable: Any] = [self.key(key): value]
                if key == .frameBegin { info[self.key(.frameEnd)] = end }
                XCTAssertThrowsError(try parse(info), "\(value)") { error in
                    guard case .wrongType(let found, _)? = error as? KeyboardEventError else {
                        return XCTFail("\(value): \(error)")
                    }
                    XCTAssertEqual(found, key, "\(value)")
                }
            }
        }
    }

    #if !canImport(Darwin)
        /// On Linux, an `NSValue` subclass that claims to hold a rect is not one Foundation can read
        /// as a rect (`rectValue` traps for it): it is refused, not read. (On Apple platforms
        /// `NSValue` is a class cluster whose accessors go through `objCType` and `getValue`, so such
        /// a subclass does hold a rect.)
        func testAnNSValueSubclassClaimingARectIsTheWrongType() {
            XCTAssertThrowsError(try parse([key(.frameEnd): ClaimsToBeARect()])) { error in
                guard case .wrongType(let key, let found)? = error as? KeyboardEventError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(key, .frameEnd)
                XCTAssertEqual(found, "ClaimsToBeARect")
            }
        }
    #endif

    /// Rects of every kind of extreme value: the finite ones are read exactly, the others (NaN,
    /// which is not equal to itself, the infinities, `.null`) are invalid values, not wrong types.
    func testRectsInNSValuesAreReadExactlyOrRefusedAsInvalid() {
        let finite: [CGRect] = [
            .zero, end, CGRect(x: -0.0, y: -1e308, width: -390, height: .greatestFiniteMagnitude),
            CGRect(x: .leastNonzeroMagnitude, y: 0.1, width: 0, height: -0.0),
        ]
        for rect in finite {
            let event = try? parse([key(.frameEnd): NSValue(rect: rect), key(.frameBegin): NSValue(rect: rect)])
            XCTAssertEqual(event?.endFrame.origin.x.bitPattern, rect.origin.x.bitPattern, "\(rect)")
            XCTAssertEqual(event?.endFrame.origin.y, rect.origin.y, "\(rect)")
            XCTAssertEqual(event?.endFrame.size.width, rect.size.width, "\(rect)")
            XCTAssertEqual(event?.endFrame.size.height.bitPattern, rect.size.height.bitPattern, "\(rect)")
            XCTAssertEqual(event?.beginFrame, rect, "\(rect)")
        }
        let nonFinite: [CGRect] = [
            CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), CGRect(x: 0, y: 0, width: 1, height: -CGFloat.nan),
            .null, CGRect(x: 0, y: CGFloat.infinity, width: 1, height: 1),
            CGRect(x: CGFloat.infinity, y: 0, width: -CGFloat.infinity, height: 0),
            CGRect(x: -CGFloat.infinity, y: 0, width: CGFloat.infinity, height: 1),
        ]
        for rect in nonFinite {
            for key in [KeyboardUserInfoKey.frameEnd, .frameBegin] {
                var info: [AnyHashable: Any] = [self.key(key): NSValue(rect: rect)]
                if key == .frameBegin { info[self.key(.frameEnd)] = end }
                XCTAssertThrowsError(try parse(info), "\(rect)") { error in
                    guard case .invalidValue(let found, _)? = error as? KeyboardEventError else {
                        return XCTFail("\(rect): \(error)")
                    }
                    XCTAssertEqual(found, key, "\(rect)")
                }
            }
        }
    }

    func testANonFiniteFrameThrows() {
        let infinite = CGRect(x: 0, y: 508, width: 390, height: CGFloat.infinity)
        XCTAssertThrowsError(try parse([key(.frameEnd): infinite])) { error in
            guard case .invalidValue(let key, _)? = error as? KeyboardEventError else { return XCTFail("\(error)") }
            XCTAssertEqual(key, .frameEnd)
        }
        XCTAssertThrowsError(
            try parse([key(.frameEnd): NSValue(rect: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))])
        ) { error in
            XCTAssertEqual((error as? KeyboardEventError)?.key, .frameEnd)
        }
        XCTAssertThrowsError(try parse([key(.frameEnd): end, key(.frameBegin): CGRect.null])) { error in
            guard case .invalidValue(let key, _)? = error as? KeyboardEventError else { return XCTFail("\(error)") }
            XCTAssertEqual(key, .frameBegin)
        }
    }

    func testAWronglyTypedOrImpossibleDurationThrows() {
        assertThrows(
            .wrongType(key: .animationDuration, found: "String"), .keyboardWillShow,
            [key(.frameEnd): end, key(.animationDuration): "0.25"])
        assertThrows(
            .wrongType(key: .animationDuration, found: "Bool"), .keyboardWillShow,
            [key(.frameEnd): end, key(.animationDuration): true])
        assertThrows(
            .invalidValue(key: .animationDuration, value: "-1.0"), .keyboardWillShow,
            [key(.frameEnd): end, key(.animationDuration): -1])
        assertThrows(
            .invalidValue(key: .animationDuration, value: "nan"), .keyboardWillShow,
            [key(.frameEnd): end, key(.animationDuration): Double.nan])
    }

    func testAWronglyTypedOrFractionalCurveThrows() {
        assertThrows(
            .wrongType(key: .animationCurve, found: "String"), .keyboardWillShow,
            [key(.frameEnd): end, key(.animationCurve): "7"])
        assertThrows(
            .invalidValue(key: .animationCurve, value: "7.5"), .keyboardWillShow,
            [key(.frameEnd): end, key(.animationCurve): 7.5])
    }

    func testAWronglyTypedIsLocalThrows() {
        assertThrows(
            .wrongType(key: .isLocal, found: "String"), .keyboardWillShow, [key(.frameEnd): end, key(.isLocal): "yes"])
    }

    func testErrorDescriptionsNameTheKey() {
        XCTAssertEqual(
            KeyboardEventError.missingValue(key: .frameEnd).description,
            "userInfo[UIKeyboardFrameEndUserInfoKey] is missing")
        XCTAssertTrue(
            KeyboardEventError.wrongType(key: .isLocal, found: "String").description.contains(
                "UIKeyboardIsLocalUserInfoKey"))
        XCTAssertTrue(
            KeyboardEventError.invalidValue(key: .animationCurve, value: "7.5").description.contains(
                "UIKeyboardAnimationCurveUserInfoKey"))
        XCTAssertEqual(
            KeyboardEventError.notAKeyboardNotification(name: "X").description, "X is not a keyboard notification")
    }
}

#if !canImport(Darwin)
    /// An `NSValue` of its own class that reports a rect's type string and writes a rect.
    private final class ClaimsToBeARect: NSValue, @unchecked Sendable {
        // @unchecked Sendable: immutable.
        private static let type: StaticString = "{CGRect={CGPoint=dd}{CGSize=dd}}"  // NUL-terminated

        override var objCType: UnsafePointer<CChar> {
            UnsafeRawPointer(Self.type.utf8Start).assumingMemoryBound(to: CChar.self)
        }

        override func getValue(_ value: UnsafeMutableRawPointer) {
            value.storeBytes(of: CGRect(x: 0, y: 508, width: 390, height: 336), as: CGRect.self)
        }
    }
#endif
