import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineSinkTests: RivuletTestCase {
    func testSinkReceivesValuesThenCompletionOnce() {
        let probe = ProbePublisher<Int, TestFailure>()
        let recorder = CombineRecorder(probe)
        XCTAssertEqual(probe.subscribeCount, 1)
        probe.send(1)
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.value(1), .completion(.failure(.boom))])
        XCTAssertEqual(probe.disposeCount, 1, "a completion disposes the upstream")
    }

    func testReleasingTheCancellableCancels() {
        let probe = ProbePublisher<Int, Never>()
        var values: [Int] = []
        var cancellable: AnyCancellable? = probe.sink { values.append($0) }
        probe.send(1)
        XCTAssertNotNil(cancellable)
        cancellable = nil
        probe.send(2)
        XCTAssertEqual(values, [1])
        XCTAssertEqual(probe.disposeCount, 1)
    }

    func testStoreInSetAndArray() {
        let probe = ProbePublisher<Int, Never>()
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        probe.sink { _ in }.store(in: &set)
        probe.sink { _ in }.store(in: &array)
        XCTAssertEqual(probe.subscribeCount, 2)
        XCTAssertEqual(set.count, 1)
        XCTAssertEqual(array.count, 1)
        set.removeAll()
        XCTAssertEqual(probe.disposeCount, 1)
        array.removeAll()
        XCTAssertEqual(probe.disposeCount, 2)
    }

    func testAnyCancellableIsHashableByIdentityAndCancelsOnce() {
        var runs = 0
        let first = AnyCancellable { runs += 1 }
        let second = AnyCancellable { runs += 1 }
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(first, first)
        XCTAssertEqual(Set([first, first, second]).count, 2)
        first.cancel()
        first.cancel()
        XCTAssertEqual(runs, 1)
        let wrapped = AnyCancellable(second)
        wrapped.cancel()
        XCTAssertEqual(runs, 2)
        second.cancel()
        XCTAssertEqual(runs, 2, "wrapping shares the cancel-once state")
    }

    func testAnyCancellableGoesIntoADisposeBag() {
        let probe = ProbePublisher<Int, Never>()
        var bag: DisposeBag? = DisposeBag()
        probe.sink { _ in }.disposed(by: bag!)
        bag = nil
        XCTAssertEqual(probe.disposeCount, 1)
    }

    func testAssignHoldsTheObject() {
        final class Model { var value = 0 }
        let subject = PassthroughSubject<Int, Never>()
        var model: Model? = Model()
        weak let weakModel = model
        var cancellable: AnyCancellable? = subject.assign(to: \.value, on: model!)
        subject.send(3)
        XCTAssertEqual(model?.value, 3)
        model = nil
        XCTAssertNotNil(weakModel, "assign(to:on:) holds its object, as Combine does")
        cancellable?.cancel()
        subject.send(4)
        XCTAssertNil(weakModel, "cancelling releases the object, as in Combine")
        cancellable = nil
    }

    func testCancelBreaksACycleThroughTheSinkClosure() {
        final class Owner {
            var values: [Int] = []
            var cancellable: AnyCancellable?
        }
        let subject = PassthroughSubject<Int, Never>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        owner!.cancellable = subject.sink { [owner] value in owner?.values.append(value) }  // a cycle
        owner = nil
        XCTAssertNotNil(weakOwner, "the cycle keeps the owner alive")
        subject.send(1)
        XCTAssertEqual(weakOwner?.values, [1])
        weakOwner?.cancellable?.cancel()
        XCTAssertNil(weakOwner, "cancel releases the closure, so the cycle is gone")
    }

    func testCancellingFromInsideTheClosureIsSafe() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink { value in
            values.append(value)
            cancellable?.cancel()
            values.append(value * 10)
        }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(values, [1, 10])
        cancellable = nil
    }

    func testWeakAssignCannotFormARetainCycle() {
        final class Owner {
            var value = 0
            var cancellables = Set<AnyCancellable>()
        }
        let subject = PassthroughSubject<Int, Never>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        subject.assign(to: \.value, onWeak: owner!).store(in: &owner!.cancellables)
        subject.send(5)
        XCTAssertEqual(owner?.value, 5)
        owner = nil
        XCTAssertNil(weakOwner, "the owner is released although it stores its own subscription")
        subject.send(6)
    }

    func testForeignErrorEndsTheSubscriptionWithoutACompletion() {
        // Unreachable through the public API (the typed-failure invariant); injected here.
        let subject = PublishSubject<Int>()
        let typed = AnyPublisher<Int, TestFailure>(unchecked: subject.asObservable())
        var completions = 0
        let reported = capturingUnhandledErrors {
            let recorder = CombineRecorder(typed)
            subject.onNext(1)
            subject.onError(RxError.unknown)
            subject.onNext(2)
            XCTAssertEqual(recorder.events, [.value(1)])
            XCTAssertFalse(subject.hasObservers)
            let never = AnyPublisher<Int, Never>(unchecked: Observable.error(TestFailure.boom))
            let cancellable = never.sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in })
            cancellable.cancel()
        }
        XCTAssertEqual(completions, 0)
        XCTAssertEqual(reported.count, 2, "the foreign errors go to Hooks.defaultErrorHandler")
    }
}
