import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// Combine's result-type specialisations: an operator on `Just`, `Publishers.Sequence`,
/// `Optional.Publisher` or `Result.Publisher` returns one of those again, computed when the
/// operator is applied. The explicit types below are the assertion: each line compiles only if
/// the operator returns that type.
final class CombineSpecialisationTests: RivuletTestCase {
    func testOperatorsOnJustReturnAJust() {
        var calls = 0
        let mapped: Just<String> = Just(1).map { value in
            calls += 1
            return "\(value)"
        }
        XCTAssertEqual(calls, 1, "the closure ran when map was applied")
        XCTAssertEqual(mapped.output, "1")
        XCTAssertEqual(CombineRecorder(mapped).events, [.value("1"), .completion(.finished)])
        let collected: Just<[Int]> = Just(2).collect()
        XCTAssertEqual(collected.output, [2])
        let counted: Just<Int> = Just("x").count()
        XCTAssertEqual(counted.output, 1)
        let contains: Just<Bool> = Just(3).contains(3)
        XCTAssertTrue(contains.output)
        let satisfies: Just<Bool> = Just(3).allSatisfy { $0 > 5 }
        XCTAssertFalse(satisfies.output)
        let same: Just<Int> = Just(4).removeDuplicates().replaceError(with: 0).replaceEmpty(with: 0).retry(3)
        XCTAssertEqual(same.output, 4)
        let extremes: Just<Int> = Just(5).min().max().first().last()
        XCTAssertEqual(extremes.output, 5)
        let ignored: Empty<Int, Never> = Just(6).ignoreOutput()
        XCTAssertEqual(CombineRecorder(ignored).events, [.completion(.finished)])
    }

    func testOperatorsOnPublishersSequenceReturnASequence() {
        let source = Publishers.Sequence<[Int], Never>(sequence: [1, 2, 2, 3, 4])
        let mapped: Publishers.Sequence<[Int], Never> = source.map { $0 * 10 }
        XCTAssertEqual(mapped.sequence, [10, 20, 20, 30, 40])
        let filtered: Publishers.Sequence<[Int], Never> = source.filter { $0 % 2 == 0 }
        XCTAssertEqual(filtered.sequence, [2, 2, 4])
        let compact: Publishers.Sequence<[Int], Never> = source.compactMap { $0 > 2 ? $0 : nil }
        XCTAssertEqual(compact.sequence, [3, 4])
        let distinct: Publishers.Sequence<[Int], Never> = source.removeDuplicates()
        XCTAssertEqual(distinct.sequence, [1, 2, 3, 4])
        let dropped: Publishers.Sequence<DropFirstSequence<[Int]>, Never> = source.dropFirst(2)
        XCTAssertEqual(Array(dropped.sequence), [2, 3, 4])
        let prefixed: Publishers.Sequence<PrefixSequence<[Int]>, Never> = source.prefix(2)
        XCTAssertEqual(Array(prefixed.sequence), [1, 2])
        let scanned: Publishers.Sequence<[Int], Never> = source.scan(0, +)
        XCTAssertEqual(scanned.sequence, [1, 3, 5, 8, 12])
        let around: Publishers.Sequence<[Int], Never> = source.prepend(0).append(5)
        XCTAssertEqual(around.sequence, [0, 1, 2, 2, 3, 4, 5])
        XCTAssertEqual(
            CombineRecorder(source.map { $0 + 1 }.filter { $0 > 3 }).events,
            [.value(4), .value(5), .completion(.finished)])
    }

    #if !canImport(Combine)
        func testOperatorsOnJustThatCanFailOrBeEmptyReturnResultAndOptionalPublishers() {
            let failing: Result<Int, Error>.Publisher = Just(1).tryMap { _ in throw TestFailure.boom }
            XCTAssertEqual(try? failing.result.get(), nil)
            let typed: Result<Int, TestFailure>.Publisher = Just(2).setFailureType(to: TestFailure.self)
            XCTAssertEqual(CombineRecorder(typed).events, [.value(2), .completion(.finished)])
            let mappedError: Result<Int, TestFailure>.Publisher = Just(2).mapError(absurd)
            XCTAssertEqual(CombineRecorder(mappedError).events, [.value(2), .completion(.finished)])
            let kept: Optional<Int>.Publisher = Just(3).filter { $0 > 2 }
            let dropped: Optional<Int>.Publisher = Just(3).filter { $0 > 5 }
            XCTAssertEqual(kept.output, 3)
            XCTAssertNil(dropped.output)
            let compact: Optional<String>.Publisher = Just("7").compactMap { Int($0) == nil ? nil : $0 }
            XCTAssertEqual(compact.output, "7")
            let reduced: Result<Int, Never>.Publisher = Just(4).reduce(10, +)
            XCTAssertEqual(reduced.result.get(), 14)
        }

        func testOperatorsOnOptionalAndResultPublishersStayInTheirType() {
            let optional: Optional<Int>.Publisher = Optional(3).publisher.map { $0 * 2 }.filter { $0 > 5 }
            XCTAssertEqual(optional.output, 6)
            let none: Optional<Int>.Publisher = Optional<Int>.none.publisher.map { $0 + 1 }
            XCTAssertEqual(CombineRecorder(none).events, [.completion(.finished)])
            let counted: Optional<Int>.Publisher = Optional("a").publisher.count()
            XCTAssertEqual(counted.output, 1)
            let result: Result<String, TestFailure>.Publisher = Result<Int, TestFailure>.success(2).publisher.map {
                "\($0)"
            }
            XCTAssertEqual(try? result.result.get(), "2")
            let failure: Result<Int, WrappedFailure>.Publisher =
                Result<Int, TestFailure>.failure(.boom).publisher.mapError { WrappedFailure(inner: $0) }
            XCTAssertEqual(CombineRecorder(failure).events, [.completion(.failure(WrappedFailure(inner: .boom)))])
            let replaced: Result<Int, Never>.Publisher = Result<Int, TestFailure>.failure(.boom).publisher.replaceError(
                with: 0)
            XCTAssertEqual(replaced.result.get(), 0)
        }
    #endif
}

/// The function from `Never`: it cannot be called.
private func absurd(_ never: Never) -> TestFailure {}
