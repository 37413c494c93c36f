// fuzz-targets: Rivulet RivuletKeyboard
// libFuzzer harness for the keyboard notification parser (`KeyboardEvent(notification:)`).
//
//   scripts/fuzz.sh keyboard 600
//
// The bytes build a notification: byte 0 picks the name (one of the six keyboard names or
// another), then for each of the five userInfo keys one byte picks absent / the raw string key /
// the `KeyboardUserInfoKey` itself and another the value's type (CGRect, NSValue holding a rect
// or a point, NSNumber of a double, integer or bool, Double, Float, Int, UInt8, Bool, String,
// array, NSNull, Data), with the numbers drawn from a table of hostile values (NaN, ±inf, huge,
// tiny, -0, 2^63) or from the raw bytes. A few junk keys may follow. The documented contract is
// checked and any violation traps:
// - parsing returns or throws a `KeyboardEventError`, nothing else, never crashes;
// - a wrong name throws `.notAKeyboardNotification`; a missing end frame `.missingValue(.frameEnd)`;
// - a parsed event has finite frames, a finite non-negative duration, UIKit's defaults for the
//   absent optional entries, and survives `notification()` -> `init(notification:)` unchanged.
import Foundation
import RivuletKeyboard

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("contract violated: \(message())\n", stderr)
        abort()
    }
}

private struct Bytes {
    let data: UnsafeBufferPointer<UInt8>
    var index = 0
    mutating func byte() -> UInt8 {
        guard index < data.count else { return 0 }
        defer { index += 1 }
        return data[index]
    }
    mutating func double() -> Double {
        let table: [Double] = [
            0, 1, -1, .nan, -.nan, .infinity, -.infinity, 1e308, .greatestFiniteMagnitude,
            .leastNonzeroMagnitude, -0.0, 0.5, 7, 9.223372036854775808e18, -9.223372036854775808e18,
            0.25, 300, -300, 1e-300, 4.5,
        ]
        let pick = Int(byte())
        if pick < table.count { return table[pick] }
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }
    mutating func rect() -> CGRect {
        CGRect(x: double(), y: double(), width: double(), height: double())
    }
}

private let keys: [KeyboardUserInfoKey] = [.frameEnd, .frameBegin, .animationDuration, .animationCurve, .isLocal]

private func value(_ bytes: inout Bytes) -> Any {
    switch bytes.byte() % 16 {
    case 0, 1: return bytes.rect()
    case 2, 3: return NSValue(rect: bytes.rect())
    case 4: return NSValue(point: CGPoint(x: bytes.double(), y: bytes.double()))
    case 5: return NSNumber(value: bytes.double())
    case 6: return NSNumber(value: Int64(bitPattern: UInt64(bytes.byte()) << 56 | UInt64(bytes.byte())))
    case 7: return NSNumber(value: bytes.byte() & 1 == 0)
    case 8: return bytes.double()
    case 9: return Float(bytes.double())
    case 10: return Int(Int8(bitPattern: bytes.byte()))
    case 11: return bytes.byte()
    case 12: return bytes.byte() & 1 == 0
    case 13: return String(bytes.double())
    case 14: return [bytes.double(), bytes.double()]
    default: return bytes.byte() & 1 == 0 ? NSNull() : Data([bytes.byte()])
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyboard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Bytes(data: UnsafeBufferPointer(start: data, count: size))
    let nameByte = Int(bytes.byte())
    let phases = KeyboardEvent.Phase.allCases
    let name =
        nameByte < 240
        ? phases[nameByte % phases.count].name : Notification.Name("NotAKeyboard\(nameByte)")
    var info: [AnyHashable: Any] = [:]
    var present = Set<String>()
    for key in keys {
        switch bytes.byte() % 4 {
        case 0: continue
        case 1, 2: info[AnyHashable(key.rawValue)] = value(&bytes)
        default: info[AnyHashable(key)] = value(&bytes)
        }
        present.insert(key.rawValue)
    }
    while bytes.index < size, bytes.byte() & 3 == 0 {
        info[AnyHashable("junk\(bytes.byte())")] = value(&bytes)
    }
    let withInfo = bytes.byte() & 0x0f != 0
    let notification = Notification(name: name, object: nil, userInfo: withInfo ? info : nil)
    do {
        let event = try KeyboardEvent(notification: notification)
        check(KeyboardEvent.Phase(name: name) != nil, "parsed a non-keyboard name")
        check(withInfo && present.contains(KeyboardUserInfoKey.frameEnd.rawValue), "parsed without an end frame")
        for rect in [event.endFrame] + (event.beginFrame.map { [$0] } ?? []) {
            check(
                rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite,
                "non-finite frame \(rect)")
        }
        check(event.animationDuration.isFinite && event.animationDuration >= 0, "bad duration")
        if !present.contains(KeyboardUserInfoKey.animationDuration.rawValue) {
            check(event.animationDuration == 0.25, "missing duration is not 0.25")
        }
        if !present.contains(KeyboardUserInfoKey.animationCurve.rawValue) {
            check(event.animationCurve == 7, "missing curve is not 7")
        }
        if !present.contains(KeyboardUserInfoKey.isLocal.rawValue) {
            check(event.isLocal, "missing isLocal is not true")
        }
        if !present.contains(KeyboardUserInfoKey.frameBegin.rawValue) {
            check(event.beginFrame == nil, "invented begin frame")
        }
        let again = try? KeyboardEvent(notification: event.notification())
        check(again == event, "round trip differs: \(event) -> \(String(describing: again))")
    } catch let error as KeyboardEventError {
        _ = error.description
        if KeyboardEvent.Phase(name: name) == nil {
            check(error == .notAKeyboardNotification(name: name.rawValue), "wrong error for a foreign name: \(error)")
        } else if !withInfo || !present.contains(KeyboardUserInfoKey.frameEnd.rawValue) {
            check(error == .missingValue(key: .frameEnd), "wrong error for a missing end frame: \(error)")
        } else {
            check(error.key.map { present.contains($0.rawValue) } == true, "error names an absent key: \(error)")
        }
    } catch {
        check(false, "threw a \(type(of: error)), not a KeyboardEventError: \(error)")
    }
    return 0
}
