import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// A view model as a Swift 6 app writes it: main-actor isolated, awaiting every async bridge of
/// both dialects. That this file compiles in Swift 6 mode without a diagnostic is half the test;
/// the other half is that each await returns the value and resumes on the main actor.
@MainActor
final class AwaitingViewModel {
    var log: [String] = []

    func load(
        single: Single<String>, maybe: Maybe<String>, completable: Completable, observable: Observable<String>
    ) async throws {
        log.append(try await single.value)
        log.append(try await maybe.value ?? "nil")
        try await completable.value
        log.append("completed")
        for try await element in observable.values { log.append(element) }
    }

    func load(future: Future<String, Never>, throwing: Future<String, TestFailure>, publisher: Just<String>)
        async throws
    {
        log.append(await future.value)
        log.append(try await throwing.value)
        for await element in publisher.values { log.append(element) }
        for try await element in publisher.setFailureType(to: TestFailure.self).values { log.append(element) }
    }
}

final class MainActorAwaitTests: RivuletTestCase {
    @MainActor
    func testAMainActorViewModelAwaitsTheRxBridges() async throws {
        let model = AwaitingViewModel()
        try await model.load(
            single: .just("single"), maybe: .just("maybe"), completable: .empty(),
            observable: .of("a", "b"))
        XCTAssertEqual(model.log, ["single", "maybe", "completed", "a", "b"])
    }

    @MainActor
    func testAMainActorViewModelAwaitsTheCombineBridges() async throws {
        let model = AwaitingViewModel()
        try await model.load(
            future: Future { $0(.success("future")) }, throwing: Future { $0(.success("throwing")) },
            publisher: Just("just"))
        XCTAssertEqual(model.log, ["future", "throwing", "just", "just"])
    }

    @MainActor
    func testAMainActorTestAwaitsEachBridgeDirectly() async throws {
        let single: Single<Int> = .just(1)
        let maybe: Maybe<Int> = .empty()
        let completable: Completable = .empty()
        let observable: Observable<Int> = .of(2, 3)
        var seen = [try await single.value]
        let nothing = try await maybe.value
        XCTAssertNil(nothing)
        try await completable.value
        for try await element in observable.values { seen.append(element) }
        let future = Future<Int, Never> { $0(.success(4)) }
        seen.append(await future.value)
        for await element in Just(5).values { seen.append(element) }
        MainActor.assertIsolated()
        XCTAssertEqual(seen, [1, 2, 3, 4, 5])
    }
}
