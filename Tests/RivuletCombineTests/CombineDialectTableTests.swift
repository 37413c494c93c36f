import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// One table of scenarios run through both dialects: the Rx spelling on two `PublishSubject`s
/// and its Combine twin on two `PassthroughSubject`s get the same scripted inputs, and their
/// outputs must match event for event.
final class CombineDialectTableTests: RivuletTestCase {
    typealias Source = AnyPublisher<Int, TestFailure>

    struct Scenario {
        let name: String
        let rx: (Observable<Int>, Observable<Int>) -> Observable<Int>
        let combine: (Source, Source) -> Source
    }

    enum Step {
        case a(Int)
        case b(Int)
        case aFinish, bFinish, aFail, bFail
    }

    nonisolated(unsafe) static let scenarios: [Scenario] = [  // read-only, built once
        Scenario(
            name: "map", rx: { a, _ in a.map { $0 * 10 } }, combine: { a, _ in a.map { $0 * 10 }.eraseToAnyPublisher() }
        ),
        Scenario(
            name: "filter", rx: { a, _ in a.filter { $0 % 2 == 1 } },
            combine: { a, _ in a.filter { $0 % 2 == 1 }.eraseToAnyPublisher() }),
        Scenario(
            name: "compactMap", rx: { a, _ in a.compactMap { $0 > 1 ? $0 : nil } },
            combine: { a, _ in a.compactMap { $0 > 1 ? $0 : nil }.eraseToAnyPublisher() }),
        Scenario(
            name: "scan", rx: { a, _ in a.scan(0, accumulator: +) },
            combine: { a, _ in a.scan(0, +).eraseToAnyPublisher() }),
        Scenario(
            name: "distinctUntilChanged/removeDuplicates", rx: { a, _ in a.distinctUntilChanged() },
            combine: { a, _ in a.removeDuplicates().eraseToAnyPublisher() }),
        Scenario(
            name: "take/prefix", rx: { a, _ in a.take(2) }, combine: { a, _ in a.prefix(2).eraseToAnyPublisher() }),
        Scenario(
            name: "skip/dropFirst", rx: { a, _ in a.skip(1) }, combine: { a, _ in a.dropFirst().eraseToAnyPublisher() }),
        Scenario(
            name: "startWith/prepend", rx: { a, _ in a.startWith(0) },
            combine: { a, _ in a.prepend(0).eraseToAnyPublisher() }),
        Scenario(
            name: "concat/append", rx: { a, b in a.concat(b) }, combine: { a, b in a.append(b).eraseToAnyPublisher() }),
        Scenario(
            name: "merge/Merge", rx: { a, b in Observable.merge(a, b) },
            combine: { a, b in Publishers.Merge(a, b).eraseToAnyPublisher() }),
        Scenario(
            name: "combineLatest", rx: { a, b in Observable.combineLatest(a, b) { $0 + $1 } },
            combine: { a, b in a.combineLatest(b) { $0 + $1 }.eraseToAnyPublisher() }),
        Scenario(
            name: "take(until:)/prefix(untilOutputFrom:)", rx: { a, b in a.take(until: b.catch { _ in .never() }) },
            combine: { a, b in a.prefix(untilOutputFrom: b).eraseToAnyPublisher() }),
        Scenario(
            name: "catchAndReturn/replaceError", rx: { a, _ in a.catchAndReturn(-1) },
            combine: { a, _ in a.replaceError(with: -1).setFailureType(to: TestFailure.self).eraseToAnyPublisher() }),
        Scenario(
            name: "catch", rx: { a, b in a.catch { _ in b } },
            combine: { a, b in a.catch { _ in b }.eraseToAnyPublisher() }),
        Scenario(
            name: "flatMap", rx: { a, _ in a.flatMap { Observable.of($0, $0 + 100) } },
            combine: { a, _ in
                a.flatMap { Just($0).append($0 + 100).setFailureType(to: TestFailure.self) }.eraseToAnyPublisher()
            }),
        Scenario(
            name: "flatMapLatest/switchToLatest", rx: { a, b in a.flatMapLatest { x in b.map { $0 + x } } },
            combine: { a, b in a.map { x in b.map { $0 + x } }.switchToLatest().eraseToAnyPublisher() }),
        Scenario(
            name: "share", rx: { a, _ in a.map { $0 + 1 }.share() },
            combine: { a, _ in a.map { $0 + 1 }.share().eraseToAnyPublisher() }),
        Scenario(
            name: "observe(on:)/receive(on:) immediate", rx: { a, _ in a.observe(on: CurrentThreadScheduler.instance) },
            combine: { a, _ in a.receive(on: ImmediateScheduler.shared).eraseToAnyPublisher() }),
    ]

    static let scripts: [[Step]] = [
        [.a(1), .b(10), .a(2), .a(2), .b(20), .a(3), .aFinish, .b(30), .bFinish],
        [.a(1), .b(10), .aFail, .a(2), .b(20), .bFinish],
        [.b(10), .a(1), .bFail, .a(2), .aFinish],
        [.a(1), .a(2), .a(3), .bFinish, .a(4), .aFinish],
        [.aFinish, .b(5), .b(6), .bFinish],
    ]

    func testBothDialectsAgreeEventForEvent() {
        for scenario in Self.scenarios {
            for (index, script) in Self.scripts.enumerated() {
                let rx = runRx(scenario, script)
                let combine = runCombine(scenario, script)
                XCTAssertEqual(rx, combine, "\(scenario.name), script \(index)")
            }
        }
    }

    func testTheTableIsNotVacuous() {
        // Every scenario produces at least one value on the first script, so agreement means
        // something.
        for scenario in Self.scenarios {
            XCTAssertTrue(
                runRx(scenario, Self.scripts[0]).contains { !$0.hasPrefix("|") && !$0.hasPrefix("#") }, scenario.name)
        }
    }

    private func runRx(_ scenario: Scenario, _ script: [Step]) -> [String] {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var log: [String] = []
        let disposable = scenario.rx(a.asObservable(), b.asObservable()).subscribe(
            onNext: { log.append("\($0)") },
            onError: { log.append("#\($0)") },
            onCompleted: { log.append("|") })
        for step in script {
            switch step {
            case .a(let value): a.onNext(value)
            case .b(let value): b.onNext(value)
            case .aFinish: a.onCompleted()
            case .bFinish: b.onCompleted()
            case .aFail: a.onError(TestFailure.boom)
            case .bFail: b.onError(TestFailure.other)
            }
        }
        disposable.dispose()
        return log
    }

    private func runCombine(_ scenario: Scenario, _ script: [Step]) -> [String] {
        let a = PassthroughSubject<Int, TestFailure>()
        let b = PassthroughSubject<Int, TestFailure>()
        var log: [String] = []
        let cancellable = scenario.combine(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()).sink(
            receiveCompletion: { completion in
                switch completion {
                case .finished: log.append("|")
                case .failure(let failure): log.append("#\(failure)")
                }
            },
            receiveValue: { log.append("\($0)") })
        for step in script {
            switch step {
            case .a(let value): a.send(value)
            case .b(let value): b.send(value)
            case .aFinish: a.send(completion: .finished)
            case .bFinish: b.send(completion: .finished)
            case .aFail: a.send(completion: .failure(.boom))
            case .bFail: b.send(completion: .failure(.other))
            }
        }
        cancellable.cancel()
        return log
    }
}
