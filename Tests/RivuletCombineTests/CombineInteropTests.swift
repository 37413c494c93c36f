import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineInteropTests: RivuletTestCase {
    func testAsObservableOnASubjectIsTheEngineSubject() {
        let subject = PassthroughSubject<Int, Never>()
        XCTAssertTrue(subject.asObservable() === subject.asObservable())
        var values: [Int] = []
        let disposable = subject.asObservable().map { $0 + 1 }.subscribe(onNext: { values.append($0) })
        subject.send(1)
        disposable.dispose()
        XCTAssertEqual(values, [2])
    }

    func testAsPublisherIsZeroCopy() {
        let relay = PublishRelay<Int>()
        let observable = relay.asObservable()
        let publisher: AnyPublisher<Int, Error> = observable.asPublisher()
        XCTAssertTrue(publisher.asObservable() === observable)
        var values: [Int] = []
        let cancellable = publisher.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        relay.accept(1)
        relay.accept(2)
        cancellable.cancel()
        XCTAssertEqual(values, [1, 2])
    }

    /// `sink` subscribes the Combine way, without the Rx dialect's current-thread trampoline: two
    /// synchronous Rx sources merged send one after the other (as two synchronous publishers do in
    /// Combine), where `subscribe(onNext:)` interleaves them (as RxSwift does).
    func testSinkOverSynchronousRxSourcesDoesNotInterleaveThem() {
        let first = Observable.from([1, 2, 3])
        let second = Observable.from([10, 20, 30])
        var combineOrder: [Int] = []
        let cancellable = first.asPublisher().merge(with: second.asPublisher()).sink(
            receiveCompletion: { _ in }, receiveValue: { combineOrder.append($0) })
        cancellable.cancel()
        XCTAssertEqual(combineOrder, [1, 2, 3, 10, 20, 30])
        var rxOrder: [Int] = []
        Observable.merge(first, second).subscribe(onNext: { rxOrder.append($0) }).dispose()
        XCTAssertEqual(rxOrder, [1, 10, 2, 20, 3, 30])
    }

    func testRxErrorsReachACombineSinkAsFailures() {
        var failure: Error?
        let cancellable = Observable<Int>.error(TestFailure.boom).asPublisher()
            .sink(receiveCompletion: { if case .failure(let error) = $0 { failure = error } }, receiveValue: { _ in })
        XCTAssertEqual(failure as? TestFailure, .boom)
        cancellable.cancel()
    }

    func testTypedFailureReachesAnRxObserverAsError() {
        let subject = PassthroughSubject<Int, TestFailure>()
        var error: Error?
        let disposable = subject.asObservable().subscribe(onError: { error = $0 })
        subject.send(completion: .failure(.other))
        XCTAssertEqual(error as? TestFailure, .other)
        disposable.dispose()
    }

    /// Typical Combine chains type-check with exactly one candidate per call: the Rx operators are
    /// not visible on publishers, and Combine operators are not visible on observables.
    func testCombineChainsTypeCheckUnambiguously() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let chain =
            subject
            .map { $0 * 2 }
            .filter { $0 > 0 }
            .compactMap { $0 == 4 ? nil : $0 }
            .map(String.init)
            .eraseToAnyPublisher()
        var values: [String] = []
        var cancellables = Set<AnyCancellable>()
        chain.sink { values.append($0) }.store(in: &cancellables)
        subject.send(2)
        subject.value = 3
        XCTAssertEqual(values, ["2", "6"])
        let observableChain: Observable<String> = Observable.of(1, 2).map { $0 * 2 }.filter { $0 > 0 }.map(String.init)
        XCTAssertNotNil(observableChain)
    }
}
