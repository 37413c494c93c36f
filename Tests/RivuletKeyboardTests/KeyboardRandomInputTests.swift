import Foundation
import RivuletKeyboard
import RivuletTest
import XCTest

/// `KeyboardEvent(notification:)` on hostile `userInfo`, in the normal suite (the libFuzzer
/// harness is Tests/Fuzz/keyboard.swift): seeded random dictionaries with missing keys, wrong
/// types, NaN/±inf/huge numbers, rects and points in `NSValue`s, strings, arrays and `NSNull`.
/// Every input parses into a sane event (finite frames, finite non-negative duration, UIKit's
/// defaults for absent entries, surviving a round trip) or throws the `KeyboardEventError`
/// the documentation gives for it.
final class KeyboardRandomInputTests: LeakCheckingTestCase {
    private let numbers: [Double] = [
        0, 1, -1, .nan, .infinity, -.infinity, 1e308, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        -0.0, 0.5, 7, 9.223372036854775808e18, 0.25, 300, -300,
    ]
    private let keys: [KeyboardUserInfoKey] = [.frameEnd, .frameBegin, .animationDuration, .animationCurve, .isLocal]

    private func number(_ random: inout SeededGenerator) -> Double { numbers.randomElement(using: &random)! }

    private func rect(_ random: inout SeededGenerator) -> CGRect {
        CGRect(x: number(&random), y: number(&random), width: number(&random), height: number(&random))
    }

    private func value(_ random: inout SeededGenerator) -> Any {
        switch Int.random(in: 0..<14, using: &random) {
        case 0, 1: return rect(&random)
        case 2, 3: return NSValue(rect: rect(&random))
        case 4: return NSValue(point: CGPoint(x: number(&random), y: number(&random)))
        case 5: return NSNumber(value: number(&random))
        case 6: return NSNumber(value: Int64.random(in: .min ... .max, using: &random))
        case 7: return NSNumber(value: Bool.random(using: &random))
        case 8: return number(&random)
        case 9: return Float(number(&random))
        case 10: return Int.random(in: -10...10, using: &random)
        case 11: return Bool.random(using: &random)
        case 12: return "\(number(&random))"
        default: return Bool.random(using: &random) ? NSNull() : [number(&random)]
        }
    }

    /// A well-formed entry for `key`, as UIKit would post it.
    private func valid(_ key: KeyboardUserInfoKey, _ random: inout SeededGenerator) -> Any {
        switch key {
        case .frameEnd, .frameBegin:
            return NSValue(rect: CGRect(x: 0, y: Double.random(in: 0...900, using: &random), width: 390, height: 336))
        case .animationDuration: return NSNumber(value: Double.random(in: 0...1, using: &random))
        case .animationCurve: return NSNumber(value: Int.random(in: 0...7, using: &random))
        default: return NSNumber(value: Bool.random(using: &random))
        }
    }

    func testSeededRandomUserInfoParsesOrThrowsTheDocumentedError() {
        var parsed = 0
        for seed in UInt64(1)...3_000 {
            var random = SeededGenerator(seed: seed)
            let phases = KeyboardEvent.Phase.allCases
            let foreign = Int.random(in: 0..<10, using: &random) == 0
            let name = foreign ? Notification.Name("NotAKeyboard") : phases.randomElement(using: &random)!.name
            var info: [AnyHashable: Any] = [:]
            var present = Set<String>()
            let hostility = Int.random(in: 0..<4, using: &random)  // how many entries are hostile
            for key in keys where Int.random(in: 0..<4, using: &random) != 0 {
                let entry = Int.random(in: 0..<4, using: &random) < hostility ? value(&random) : valid(key, &random)
                if Bool.random(using: &random) {
                    info[AnyHashable(key.rawValue)] = entry
                } else {
                    info[AnyHashable(key)] = entry
                }
                present.insert(key.rawValue)
            }
            let context = "seed \(seed): \(info)"
            do {
                let event = try KeyboardEvent(notification: Notification(name: name, object: nil, userInfo: info))
                parsed += 1
                XCTAssertFalse(foreign, context)
                for frame in [event.endFrame] + (event.beginFrame.map { [$0] } ?? []) {
                    XCTAssertTrue(frame.origin.x.isFinite && frame.origin.y.isFinite, context)
                    XCTAssertTrue(frame.width.isFinite && frame.height.isFinite, context)
                }
                XCTAssertTrue(event.animationDuration.isFinite && event.animationDuration >= 0, context)
                if !present.contains(KeyboardUserInfoKey.animationDuration.rawValue) {
                    XCTAssertEqual(event.animationDuration, 0.25, context)
                }
                if !present.contains(KeyboardUserInfoKey.animationCurve.rawValue) {
                    XCTAssertEqual(event.animationCurve, 7, context)
                }
                if !present.contains(KeyboardUserInfoKey.isLocal.rawValue) { XCTAssertTrue(event.isLocal, context) }
                XCTAssertEqual(try? KeyboardEvent(notification: event.notification()), event, context)
            } catch let error as KeyboardEventError {
                if foreign {
                    XCTAssertEqual(error, .notAKeyboardNotification(name: name.rawValue), context)
                } else if !present.contains(KeyboardUserInfoKey.frameEnd.rawValue) {
                    XCTAssertEqual(error, .missingValue(key: .frameEnd), context)
                } else {
                    XCTAssertTrue(error.key.map { present.contains($0.rawValue) } ?? false, "\(context): \(error)")
                }
            } catch {
                XCTFail("\(context): threw \(type(of: error)), not a KeyboardEventError")
            }
        }
        XCTAssertGreaterThan(parsed, 100, "some inputs are valid")
    }
}
