import Foundation
import Rivulet
import TestSupport
import XCTest

/// Several threads sending into the sources of the multi-source operators (`merge`,
/// `combineLatest`, `flatMap`, `flatMapLatest`, `share`) at once, and disposing or subscribing
/// while they do. Each subscription is watched by a `GrammarCheckingObserver`, which fails on an
/// event after a terminal event, on overlapping deliveries and on a delivery that starts after
/// `dispose()` returned; where the contract promises delivery the tests count that nothing was
/// lost or duplicated. `test_contractN_` names the sentence of docs/DESIGN.md's contract a test
/// proves.
final class OperatorStressTests: RivuletTestCase {
    private let threads = 4
    private let perThread = 1_000

    // MARK: - Contract 2: the grammar under concurrent sends; nothing lost or duplicated

    func test_contract2_mergeOfSubjectsSentFromSeveralThreadsLosesNothing() {
        let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
        let observer = GrammarCheckingObserver<Int>()
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(observer.handler)
        let perThread = perThread
        runConcurrently(threads) { thread in
            for index in 0..<perThread { subjects[thread].onNext(thread * perThread + index) }
            subjects[thread].onCompleted()
        }
        observer.assertReceivedEach(of: 0..<(threads * perThread))
        XCTAssertTrue(observer.isCompleted, "merge completes once every source has completed")
        for thread in 0..<threads {
            let mine = observer.elements.filter { $0 / perThread == thread }
            XCTAssertEqual(mine, mine.sorted(), "each source's values keep their order")
        }
        subscription.dispose()
    }

    func test_contract2_mergeOfOneSubjectSentFromSeveralThreadsLosesNothing() {
        // Several threads into the same subject, merged with itself: every value arrives twice.
        let subject = PublishSubject<Int>()
        let observer = GrammarCheckingObserver<Int>()
        let subscription = Observable.merge(subject.asObservable(), subject.asObservable().map { -$0 - 1 })
            .subscribe(observer.handler)
        let perThread = perThread
        runConcurrently(threads) { thread in
            for index in 0..<perThread { subject.onNext(thread * perThread + index) }
        }
        subject.onCompleted()
        let all = 0..<(threads * perThread)
        observer.assertReceivedEach(of: Array(all) + all.map { -$0 - 1 })
        XCTAssertTrue(observer.isCompleted)
        subscription.dispose()
    }

    func test_contract2_combineLatestUnderConcurrentSendsKeepsTheGrammarAndEachSourcesOrder() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let observer = GrammarCheckingObserver<[Int]>()
        let subscription = Observable.combineLatest(left, right) { [$0, $1] }.subscribe(observer.handler)
        let perThread = perThread
        runConcurrently(2) { thread in
            let subject = thread == 0 ? left : right
            for value in 0..<perThread { subject.onNext(value) }
            subject.onCompleted()
        }
        let pairs = observer.elements
        XCTAssertTrue(observer.isCompleted)
        XCTAssertEqual(pairs.last, [perThread - 1, perThread - 1], "the last pair holds both last values")
        XCTAssertLessThanOrEqual(pairs.count, 2 * perThread)
        XCTAssertGreaterThanOrEqual(pairs.count, perThread, "at least every value of the later source")
        for side in 0..<2 {
            let seen = pairs.map { $0[side] }
            XCTAssertEqual(seen, seen.sorted(), "a source's values are never reordered")
        }
        for (previous, next) in zip(pairs, pairs.dropFirst()) {
            XCTAssertEqual(zip(previous, next).filter { $0 != $1 }.count, 1, "each output changes one side")
        }
        subscription.dispose()
    }

    func test_contract2_flatMapOfInnerSubjectsSentFromSeveralThreadsLosesNothing() {
        let outer = PublishSubject<Int>()
        let inners = (0..<threads).map { _ in PublishSubject<Int>() }
        let observer = GrammarCheckingObserver<Int>()
        let subscription = outer.flatMap { inners[$0] }.subscribe(observer.handler)
        for index in 0..<threads { outer.onNext(index) }
        outer.onCompleted()
        let perThread = perThread
        runConcurrently(threads) { thread in
            for index in 0..<perThread { inners[thread].onNext(thread * perThread + index) }
            inners[thread].onCompleted()
        }
        observer.assertReceivedEach(of: 0..<(threads * perThread))
        XCTAssertTrue(observer.isCompleted)
        subscription.dispose()
    }

    func test_contract2_flatMapLatestSwitchingWhileInnersSendFromSeveralThreads() {
        let outer = PublishSubject<Int>()
        let inners = (0..<threads).map { _ in PublishSubject<Int>() }
        let observer = GrammarCheckingObserver<Int>()
        let subscription = outer.flatMapLatest { inners[$0] }.subscribe(observer.handler)
        let threads = threads
        let perThread = perThread
        runConcurrently(threads + 1) { thread in
            if thread == threads {
                for round in 0..<200 { outer.onNext(round % threads) }
                outer.onNext(0)
                outer.onCompleted()
            } else {
                for index in 0..<perThread { inners[thread].onNext(thread * perThread + index) }
            }
        }
        // The latest inner is inners[0]; it still has to complete.
        for inner in inners { inner.onCompleted() }
        XCTAssertTrue(observer.isCompleted, "completes after the outer and the latest inner completed")
        let values = observer.elements
        XCTAssertEqual(Set(values).count, values.count, "no value twice")
        for thread in 0..<threads {
            let mine = values.filter { $0 / perThread == thread }
            XCTAssertEqual(mine, mine.sorted(), "an inner's values keep their order")
        }
        XCTAssertFalse(inners.contains { $0.hasObservers })
        subscription.dispose()
    }

    func test_contract2_shareWithSubscribersJoiningAndLeavingOnSeveralThreads() {
        let source = PublishSubject<Int>()
        let shared = source.share(replay: 1)
        let steady = GrammarCheckingObserver<Int>()
        let steadySubscription = shared.subscribe(steady.handler)
        let total = 4 * perThread
        runConcurrently(3) { thread in
            if thread == 0 {
                for value in 0..<total { source.onNext(value) }
                source.onCompleted()
            } else {
                for _ in 0..<200 {
                    let churn = GrammarCheckingObserver<Int>()
                    let subscription = shared.subscribe(churn.handler)
                    subscription.dispose()
                    churn.markDisposed()
                    let values = churn.elements
                    if let first = values.first {
                        XCTAssertEqual(values, Array(first..<(first + values.count)), "a gapless run")
                    }
                }
            }
        }
        XCTAssertEqual(steady.elements, Array(0..<total), "a subscriber present throughout sees everything")
        XCTAssertTrue(steady.isCompleted)
        steadySubscription.dispose()
        XCTAssertFalse(source.hasObservers)
    }

    // MARK: - Contract 3: once dispose() has returned, no delivery starts (operators)

    func test_contract3_noDeliveryStartsAfterDisposeReturnsThroughOperators() {
        let chains: [(String, ([PublishSubject<Int>]) -> Observable<Int>)] = [
            ("map", { $0[0].map { $0 + 1 } }),
            ("merge", { Observable.merge($0.map { $0.asObservable() }) }),
            ("combineLatest", { Observable.combineLatest($0[0], $0[1]) { $0 + $1 } }),
            ("flatMap", { subjects in subjects[0].flatMap { _ in subjects[1] } }),
            ("flatMapLatest", { subjects in subjects[0].flatMapLatest { _ in subjects[1] } }),
            ("share", { $0[0].share(replay: 1) }),
            (
                "share+merge",
                { subjects in
                    let shared = subjects[0].share()
                    return Observable.merge(shared, shared.map { -$0 }, subjects[1].asObservable())
                }
            ),
        ]
        for (name, chain) in chains {
            for _ in 0..<10 {
                let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
                let observer = GrammarCheckingObserver<Int>()
                let subscription = chain(subjects).subscribe(observer.handler)
                subjects[0].onNext(0)
                let started = DispatchSemaphore(value: 0)
                runConcurrently(3) { thread in
                    if thread < 2 {
                        for value in 0..<2_000 {
                            subjects[thread].onNext(value)
                            if thread == 0, value == 50 { started.signal() }
                        }
                    } else {
                        started.wait()
                        subscription.dispose()
                        observer.markDisposed()
                    }
                }
                XCTAssertEqual(observer.violationCount, 0, name)
                XCTAssertFalse(subjects.contains { $0.hasObservers }, "\(name): disposing releases every source")
            }
        }
    }

    // MARK: - Contract 6: reentrant sends from several threads

    func test_contract6_reentrantSendsFromSeveralThreadsReachEveryObserverInOneOrder() {
        // Threads send even numbers; the first observer answers each with the next odd number,
        // sent into the same subject from inside its delivery.
        let subject = PublishSubject<Int>()
        let first = GrammarCheckingObserver<Int>()
        let second = GrammarCheckingObserver<Int>()
        let a = subject.subscribe { event in
            first.on(event)
            if case .next(let value) = event, value.isMultiple(of: 2) { subject.onNext(value + 1) }
        }
        let b = subject.subscribe(second.handler)
        let perThread = perThread
        runConcurrently(threads) { thread in
            for index in 0..<perThread { subject.onNext(2 * (thread * perThread + index)) }
        }
        subject.onCompleted()
        let all = 0..<(2 * threads * perThread)
        first.assertReceivedEach(of: all)
        second.assertReceivedEach(of: all)
        XCTAssertEqual(first.elements, second.elements, "breadth-first: one order for every observer")
        let values = first.elements
        var position: [Int: Int] = [:]
        for (index, value) in values.enumerated() { position[value] = index }
        XCTAssertFalse(
            values.contains { $0.isMultiple(of: 2) && position[$0 + 1]! < position[$0]! },
            "an answer comes after the value it answers")
        XCTAssertTrue(first.isCompleted && second.isCompleted)
        a.dispose()
        b.dispose()
    }

    // MARK: - Contract 9: subscribe racing with completion

    func test_contract9_subscribeRacingWithCompletionReceivesTheTerminalEventOnce() {
        typealias Race = (stream: Observable<Int>, send: (Int) -> Void, complete: () -> Void, cleanUp: () -> Void)
        let makers: [(String, () -> Race)] = [
            (
                "PublishSubject",
                {
                    let s = PublishSubject<Int>()
                    return (s.asObservable(), s.onNext, s.onCompleted, {})
                }
            ),
            (
                "BehaviorSubject",
                {
                    let s = BehaviorSubject(value: -1)
                    return (s.asObservable(), s.onNext, s.onCompleted, {})
                }
            ),
            (
                "ReplaySubject",
                {
                    let s = ReplaySubject<Int>.create(bufferSize: 2)
                    return (s.asObservable(), s.onNext, s.onCompleted, {})
                }
            ),
            (
                "share(scope: .forever)",
                {
                    let s = PublishSubject<Int>()
                    let shared = s.share(replay: 1, scope: .forever)
                    let connection = shared.subscribe()  // connected before the race
                    return (shared, s.onNext, s.onCompleted, { connection.dispose() })
                }
            ),
        ]
        for (name, make) in makers {
            for round in 0..<100 {
                let race = make()
                let observer = GrammarCheckingObserver<Int>()
                var subscription: Disposable?
                runConcurrently(2) { thread in
                    if thread == 0 {
                        for value in 0..<(round % 7) { race.send(value) }
                        race.complete()
                    } else {
                        subscription = race.stream.subscribe(observer.handler)
                    }
                }
                XCTAssertTrue(observer.isCompleted, "\(name) round \(round): the late subscriber gets completed")
                subscription?.dispose()
                race.cleanUp()
            }
        }
    }
}
