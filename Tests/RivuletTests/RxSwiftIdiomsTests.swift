import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// RxSwift code as users write it, using the traits, zip, connectable observables and the other
/// operators added for source compatibility: it must compile unchanged (apart from the import) and
/// behave as in RxSwift.
final class RxSwiftIdiomsTests: RivuletTestCase {
    private enum APIError: Error { case unavailable }

    private final class ViewModel {
        let bag = DisposeBag()
        private(set) var titles: [String] = []
        private(set) var failures = 0

        func fetch(_ id: Int) -> Single<String> {
            Single<String>.create { single in
                if id < 0 {
                    single(.failure(APIError.unavailable))
                } else {
                    single(.success("item \(id)"))
                }
                return Disposables.create()
            }
        }

        func bind(_ ids: Observable<Int>) {
            ids.flatMapLatest { [unowned self] id in fetch(id).asObservable().catchAndReturn("none") }
                .withUnretained(self)
                .subscribe(onNext: { owner, title in owner.titles.append(title) })
                .disposed(by: bag)
        }

        func load(_ id: Int) {
            fetch(id)
                .map { $0.uppercased() }
                .subscribe(
                    onSuccess: { [weak self] title in self?.titles.append(title) },
                    onFailure: { [weak self] _ in self?.failures += 1 }
                )
                .disposed(by: bag)
        }
    }

    func testAViewModelWithSinglesAndWithUnretained() {
        let ids = PublishSubject<Int>()
        let model = ViewModel()
        model.bind(ids.asObservable())
        ids.onNext(1)
        ids.onNext(-1)
        model.load(2)
        model.load(-2)
        XCTAssertEqual(model.titles, ["item 1", "none", "ITEM 2"])
        XCTAssertEqual(model.failures, 1)
        ids.onCompleted()
    }

    func testSwitchOnTheSingleEvent() {
        var log: [String] = []
        _ = Single.just(1).subscribe { event in
            switch event {
            case .success(let value): log.append("success \(value)")
            case .failure(let error): log.append("failure \(error)")
            }
        }
        _ = Maybe<Int>.empty().subscribe { event in
            switch event {
            case .success(let value): log.append("success \(value)")
            case .error(let error): log.append("error \(error)")
            case .completed: log.append("completed")
            }
        }
        _ = Completable.create { completable in
            completable(.completed)
            return Disposables.create()
        }
        .andThen(Single.just(2))
        .subscribe(onSuccess: { log.append("then \($0)") })
        XCTAssertEqual(log, ["success 1", "completed", "then 2"])
    }

    func testRetryWithBackoff() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let flaky = Observable<String>.deferred {
            attempts += 1
            return attempts < 3 ? .error(APIError.unavailable) : .just("ok")
        }
        let res = scheduler.start {
            flaky.retry(when: { errors in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    attempt < 5
                        ? Observable<Int>.timer(.seconds(10 * (attempt + 1)), scheduler: scheduler) : .error(error)
                }
            })
        }
        XCTAssertEqual(res.events, [.next(230, "ok"), .completed(230)])
        XCTAssertEqual(attempts, 3)
    }

    func testZipCombineLatestAndAggregates() {
        var log: [String] = []
        let a = Observable.of(1, 2, 3)
        let b = Observable.of("x", "y")
        _ = Observable.zip(a, b).subscribe(onNext: { number, letter in log.append("\(number)\(letter)") })
        _ = Observable.zip([a, a]).subscribe(onNext: { log.append("\($0)") })
        _ = a.reduce(0, accumulator: +).subscribe(onNext: { log.append("sum \($0)") })
        _ = a.toArray().subscribe(onSuccess: { log.append("array \($0)") })
        _ = a.enumerated().filter { $0.index > 1 }.map(\.element).subscribe(onNext: { log.append("third \($0)") })
        _ = Observable.range(start: 1, count: 3).takeLast(1).subscribe(onNext: { log.append("last \($0)") })
        _ = Observable.combineLatest(a, a, a, a, a).map { $0 + $1 + $2 + $3 + $4 }.subscribe(onNext: {
            log.append("latest \($0)")
        })
        XCTAssertEqual(
            log,
            [
                "1x", "2y", "[1, 1]", "[2, 2]", "[3, 3]", "sum 6", "array [1, 2, 3]", "third 3", "last 3",
                // As in RxSwift, the five synchronous sources step in turn on the trampoline.
                "latest 5", "latest 6", "latest 7", "latest 8", "latest 9", "latest 10", "latest 11", "latest 12",
                "latest 13", "latest 14", "latest 15",
            ])
    }

    func testPublishRefCountAndReplay() {
        let source = PublishSubject<Int>()
        let shared = source.publish().refCount()
        var first: [Int] = []
        var second: [Int] = []
        let subscription = shared.subscribe(onNext: { first.append($0) })
        source.onNext(1)
        let other = shared.subscribe(onNext: { second.append($0) })
        source.onNext(2)
        subscription.dispose()
        other.dispose()
        XCTAssertFalse(source.hasObservers)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [2])

        let replayed = source.replay(1)
        let connection = replayed.connect()
        source.onNext(3)
        var late: [Int] = []
        _ = replayed.subscribe(onNext: { late.append($0) })
        XCTAssertEqual(late, [3])
        connection.dispose()
    }

    func testRxTestStyle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.asObservable().materialize().dematerialize().single { $0 == 2 } }
        XCTAssertEqual(res.events, [.next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
