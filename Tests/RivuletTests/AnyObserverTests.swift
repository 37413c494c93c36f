import Rivulet
import TestSupport
import XCTest

private struct CollectingObserver: ObserverType {
    let recorder: EventRecorder<Int>
    func on(_ event: Event<Int>) { recorder.on(event) }
}

final class AnyObserverTests: RivuletTestCase {
    func testEventHandlerReceivesEveryEvent() {
        let recorder = EventRecorder<Int>()
        let observer = AnyObserver<Int>(eventHandler: recorder.handler)
        observer.on(.next(1))
        observer.onNext(2)
        observer.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testOnErrorSendsTheError() {
        let recorder = EventRecorder<Int>()
        let observer = AnyObserver<Int>(eventHandler: recorder.handler)
        observer.onError(TestError.boom)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testWrapsAnyObserverType() {
        let recorder = EventRecorder<Int>()
        let observer = AnyObserver(CollectingObserver(recorder: recorder))
        observer.onNext(5)
        observer.onCompleted()
        XCTAssertEqual(recorder.events, [.next(5), .completed])
    }

    func testWrappingAnAnyObserverKeepsTheSameHandler() {
        let recorder = EventRecorder<Int>()
        let inner = AnyObserver<Int>(eventHandler: recorder.handler)
        let outer = AnyObserver(inner)
        outer.onNext(1)
        XCTAssertEqual(recorder.events, [.next(1)])
    }

    func testAsObserver() {
        let recorder = EventRecorder<Int>()
        let observer = CollectingObserver(recorder: recorder).asObserver()
        observer.onNext(3)
        observer.asObserver().onNext(4)
        XCTAssertEqual(recorder.elements, [3, 4])
    }

    func testMapObserverTransformsBeforeForwarding() {
        let recorder = EventRecorder<Int>()
        let observer: AnyObserver<String> = AnyObserver<Int>(eventHandler: recorder.handler)
            .mapObserver { Int($0)! }
        observer.onNext("12")
        observer.onCompleted()
        XCTAssertEqual(recorder.events, [.next(12), .completed])
    }

    func testMapObserverTurnsAThrowIntoAnError() {
        let recorder = EventRecorder<Int>()
        let observer: AnyObserver<String> = AnyObserver<Int>(eventHandler: recorder.handler)
            .mapObserver { text in
                guard let value = Int(text) else { throw TestError.boom }
                return value
            }
        observer.onNext("x")
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testSubscribingAnAnyObserverToAnObservable() {
        let recorder = EventRecorder<Int>()
        let observer = AnyObserver<Int>(eventHandler: recorder.handler)
        _ = Observable.of(1, 2).subscribe(observer)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }
}
