import Rivulet
import TestSupport
import XCTest

/// A user-defined sequence: conforms to `ObservableType` by implementing `subscribe(_:)` only.
private final class Countdown: ObservableType {
    typealias Element = Int
    let from: Int
    let disposed = CountingDisposable()
    private(set) var subscriptions = 0

    init(from: Int) { self.from = from }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        subscriptions += 1
        for value in stride(from: from, through: 1, by: -1) { observer.onNext(value) }
        observer.onCompleted()
        return disposed
    }
}

/// A user-defined sequence that stays open until disposed.
private final class Manual: ObservableType {
    typealias Element = Int
    var observer: AnyObserver<Int>?
    let disposed = CountingDisposable()

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        self.observer = observer.asObserver()
        return Disposables.create { [self] in
            self.observer = nil
            disposed.dispose()
        }
    }
}

final class ObservableTypeTests: RivuletTestCase {
    func testCustomObservableTypeWorksWithOperators() {
        let source = Countdown(from: 3)
        let recorder = EventRecorder<Int>()
        _ = source.map { $0 * 10 }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(30), .next(20), .next(10), .completed])
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertEqual(source.disposed.disposeCount, 1, "the completed subscription is disposed")
    }

    func testAsObservableOfACustomType() {
        let source = Countdown(from: 2)
        var values: [Int] = []
        _ = source.asObservable().subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [2, 1])
    }

    func testDisposingReachesTheCustomSource() {
        let source = Manual()
        let recorder = EventRecorder<Int>()
        let subscription = source.filter { $0 > 0 }.subscribe(recorder)
        source.observer?.onNext(1)
        source.observer?.onNext(-1)
        XCTAssertEqual(source.disposed.disposeCount, 0)
        subscription.dispose()
        XCTAssertEqual(source.disposed.disposeCount, 1)
        XCTAssertNil(source.observer)
        XCTAssertEqual(recorder.events, [.next(1)])
    }

    func testEventsAfterTheTerminalAreDropped() {
        let source = Manual()
        let recorder = EventRecorder<Int>()
        _ = source.asObservable().subscribe(recorder)
        let observer = source.observer
        observer?.onNext(1)
        observer?.onCompleted()
        observer?.onNext(2)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(source.disposed.disposeCount, 1)
    }

    func testObservableIsTheEngineType() {
        let observable: Observable<Int> = Observable.just(1)
        XCTAssertTrue(observable.asObservable() === observable)
    }
}
