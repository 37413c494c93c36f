import Rivulet
import TestSupport
import XCTest

final class DisposeBagTests: RivuletTestCase {
    func testReleasingTheBagDisposesItsItemsOnce() {
        let parts = (0..<3).map { _ in CountingDisposable() }
        do {
            let bag = DisposeBag()
            for part in parts { bag.insert(part) }
            XCTAssertEqual(parts.map(\.disposeCount), [0, 0, 0])
        }
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1])
    }

    func testReleaseDisposesInInsertionOrder() {
        var order: [Int] = []
        do {
            let bag = DisposeBag()
            for index in 0..<4 { bag.insert(Disposables.create { order.append(index) }) }
        }
        XCTAssertEqual(order, [0, 1, 2, 3])
    }

    func testResultBuilderInit() {
        let parts = (0..<3).map { _ in CountingDisposable() }
        do {
            let bag = DisposeBag {
                parts[0]
                parts[1]
                parts[2]
            }
            _ = bag
        }
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1])
    }

    func testDisposingVariadicAndArrayInits() {
        let parts = (0..<4).map { _ in CountingDisposable() }
        do {
            let variadic = DisposeBag(disposing: parts[0], parts[1])
            let array = DisposeBag(disposing: [parts[2], parts[3]])
            _ = (variadic, array)
        }
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1])
    }

    func testInsertOverloads() {
        let parts = (0..<6).map { _ in CountingDisposable() }
        do {
            let bag = DisposeBag()
            bag.insert(parts[0])
            bag.insert(parts[1], parts[2])
            bag.insert([parts[3], parts[4]])
            bag.insert {
                parts[5]
            }
            XCTAssertEqual(parts.map(\.disposeCount), [0, 0, 0, 0, 0, 0])
        }
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1, 1, 1])
    }

    func testReassigningTheBagDisposesTheOldOne() {
        let first = CountingDisposable()
        let second = CountingDisposable()
        var bag = DisposeBag()
        first.disposed(by: bag)
        bag = DisposeBag()
        XCTAssertEqual(first.disposeCount, 1)
        second.disposed(by: bag)
        XCTAssertEqual(second.disposeCount, 0)
        bag = DisposeBag()
        XCTAssertEqual(second.disposeCount, 1)
    }

    func testInsertWhileTheBagIsBeingReleasedDisposesAtOnce() {
        // An item whose disposal inserts into the bag that is being released: the late item is
        // disposed at once instead of being kept by a dead bag.
        let late = CountingDisposable()
        do {
            let bag = DisposeBag()
            let unmanaged = Unmanaged.passUnretained(bag)
            bag.insert(
                Disposables.create {
                    unmanaged.takeUnretainedValue().insert(late)
                })
        }
        XCTAssertEqual(late.disposeCount, 1)
    }

    func testReleasingTheBagEndsSubscriptions() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var disposed = 0
        do {
            let bag = DisposeBag()
            subject.subscribe(onNext: { received.append($0) }, onDisposed: { disposed += 1 })
                .disposed(by: bag)
            subject.onNext(1)
            XCTAssertTrue(subject.hasObservers)
        }
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(disposed, 1)
        subject.onNext(2)
        XCTAssertEqual(received, [1])
    }

    func testConcurrentInserts() {
        let parts = (0..<400).map { _ in CountingDisposable() }
        do {
            let bag = DisposeBag()
            runConcurrently(4) { thread in
                for index in stride(from: thread, to: parts.count, by: 4) { bag.insert(parts[index]) }
            }
            XCTAssertEqual(parts.filter(\.isDisposed).count, 0)
        }
        XCTAssertEqual(parts.map(\.disposeCount), Array(repeating: 1, count: 400))
    }
}
