import Foundation
import Rivulet
import TestSupport
import XCTest

private final class Thermometer: ReactiveCompatible {
    var celsius = 0.0
    var label = "none"
}

extension Reactive where Base: Thermometer {
    /// A hand-written binder with the name of a property: it takes precedence over the synthesized one.
    fileprivate var label: Binder<String> { Binder(base) { base, value in base.label = "custom: \(value)" } }
}

private final class TitleView: NSObject {
    var title: String?
}

final class ReactiveTests: RivuletTestCase {
    func testAWritablePropertyIsABinderThroughRxWithNoExtensionWritten() {
        let thermometer = Thermometer()
        let readings = PublishSubject<Double>()
        let subscription = readings.bind(to: thermometer.rx.celsius)
        readings.onNext(21.5)
        XCTAssertEqual(thermometer.celsius, 21.5)
        readings.onNext(-3)
        XCTAssertEqual(thermometer.celsius, -3)
        subscription.dispose()
    }

    func testAPropertyDeclaredOnReactiveTakesPrecedenceOverTheSynthesizedBinder() {
        let thermometer = Thermometer()
        let subscription = Observable.just("kitchen").bind(to: thermometer.rx.label)
        XCTAssertEqual(thermometer.label, "custom: kitchen")
        subscription.dispose()
    }

    func testEveryNSObjectHasRxAndItsOptionalPropertiesBindAsOptionals() {
        let view = TitleView()
        let titles = PublishSubject<String?>()
        let subscription = titles.bind(to: view.rx.title)
        titles.onNext("Inbox")
        XCTAssertEqual(view.title, "Inbox")
        titles.onNext(nil)
        XCTAssertNil(view.title)
        subscription.dispose()
    }

    func testTheSynthesizedBinderDoesNotKeepItsObjectAlive() {
        var thermometer: Thermometer? = Thermometer()
        weak let released = thermometer
        let binder = thermometer!.rx.celsius
        thermometer = nil
        XCTAssertNil(released)
        binder.onNext(10)
    }
}
