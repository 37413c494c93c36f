import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// Combine code as it is usually written (only the import changed), run against Rivulet: if a
/// spelling, label, default or result type drifts from Combine's, this file stops compiling.
final class CombineSourceCompatibilityTests: RivuletTestCase {
    private struct Item: Decodable, Equatable {
        let id: Int
    }

    private final class Log: TextOutputStream {
        var text = ""
        func write(_ string: String) { text += string }
    }

    private var cancellables = Set<AnyCancellable>()

    override func tearDown() {
        cancellables.removeAll()
        super.tearDown()
    }

    func testAPipelineOfReducingOperators() {
        let numbers = Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3, 4, 5, 6])
        var sum = 0
        numbers
            .filter { $0 % 2 == 0 }
            .map { $0 * $0 }
            .reduce(0, +)
            .sink { sum = $0 }
            .store(in: &cancellables)
        XCTAssertEqual(sum, 4 + 16 + 36)

        var summary: [String] = []
        numbers.count().sink { summary.append("count \($0)") }.store(in: &cancellables)
        numbers.contains(3).sink { summary.append("contains \($0)") }.store(in: &cancellables)
        numbers.allSatisfy { $0 > 0 }.sink { summary.append("all \($0)") }.store(in: &cancellables)
        numbers.min().combineLatest(numbers.max()).sink { summary.append("range \($0)...\($1)") }
            .store(in: &cancellables)
        numbers.collect(4).sink { summary.append("\($0)") }.store(in: &cancellables)
        numbers.output(in: 1...2).collect().sink { summary.append("\($0)") }.store(in: &cancellables)
        numbers.first(where: { $0 > 4 }).append(numbers.last()).sink { summary.append("edge \($0)") }
            .store(in: &cancellables)
        XCTAssertEqual(
            summary,
            [
                "count 6", "contains true", "all true", "range 1...6", "[1, 2, 3, 4]", "[5, 6]", "[2, 3]", "edge 5",
                "edge 6",
            ])
    }

    func testDecodingWithTypedFailures() {
        enum LoadError: Error, Equatable {
            case decoding
            case offline
        }
        let responses = PassthroughSubject<Data, LoadError>()
        var items: [Item] = []
        var completion: Subscribers.Completion<LoadError>?
        responses
            .tryMap { try JSONDecoder().decode(Item.self, from: $0) }
            .mapError { $0 as? LoadError ?? .decoding }
            .retry(1)
            .replaceEmpty(with: Item(id: 0))
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { items.append($0) })
            .store(in: &cancellables)
        responses.send(Data(#"{"id": 1}"#.utf8))
        responses.send(Data("not json".utf8))
        XCTAssertNil(completion, "the decoding failure was retried: the subject is subscribed again")
        responses.send(Data(#"{"id": 2}"#.utf8))
        responses.send(Data("still not json".utf8))
        XCTAssertEqual(items, [Item(id: 1), Item(id: 2)])
        XCTAssertEqual(completion, .failure(.decoding), "the one retry is used up")
    }

    func testZipAndMergeOfRequests() {
        let users = PassthroughSubject<String, Error>()
        let avatars = PassthroughSubject<Int, Error>()
        var profiles: [String] = []
        Publishers.Zip(users, avatars)
            .map { "\($0)#\($1)" }
            .catch { _ in Just("fallback").setFailureType(to: Error.self) }
            .sink(receiveCompletion: { _ in }, receiveValue: { profiles.append($0) })
            .store(in: &cancellables)
        users.send("ann")
        avatars.send(1)
        avatars.send(2)
        users.send("bob")
        users.send(completion: .failure(TestFailure.boom))
        XCTAssertEqual(profiles, ["ann#1", "bob#2", "fallback"])
    }

    func testSharingOneSubscription() {
        var subscriptions = 0
        let source = Deferred { () -> Future<Int, Never> in
            subscriptions += 1
            return Future { promise in promise(.success(42)) }
        }
        let log = Log()
        let connectable = source.print("shared", to: log).makeConnectable()
        var received: [Int] = []
        connectable.sink { received.append($0) }.store(in: &cancellables)
        connectable.sink { received.append($0 + 1) }.store(in: &cancellables)
        connectable.connect().store(in: &cancellables)
        XCTAssertEqual(received, [42, 43])
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(log.text.split(separator: "\n").count, 4, "subscription, request, value, finished")

        let multicast = Record<Int, Never>(output: [1, 2], completion: .finished)
            .multicast { PassthroughSubject<Int, Never>() }
            .autoconnect()
        var values: [Int] = []
        multicast.sink { values.append($0) }.store(in: &cancellables)
        XCTAssertEqual(values, [1, 2])
    }

    func testTimeOperatorsOnAScheduler() {
        let scheduler = CombineTestScheduler()
        let typing = PassthroughSubject<String, Never>()
        var searches: [String] = []
        typing
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .drop(while: { $0.isEmpty })
            .prefix(while: { $0 != "stop" })
            .sink { searches.append($0) }
            .store(in: &cancellables)
        typing.send("")
        scheduler.advance(by: .milliseconds(400))
        typing.send("s")
        typing.send("sw")
        scheduler.advance(by: .milliseconds(400))
        typing.send("sw")
        scheduler.advance(by: .milliseconds(400))
        typing.send("stop")
        scheduler.advance(by: .milliseconds(400))
        XCTAssertEqual(searches, ["sw"])
    }

    #if !canImport(Combine)
        private final class SearchModel: ObservableObject {
            @Published var query = ""
            @Published private(set) var results: [String] = []

            init(scheduler: CombineTestScheduler, search: @escaping (String) -> AnyPublisher<[String], Error>) {
                $query
                    .debounce(for: .milliseconds(300), scheduler: scheduler)
                    .removeDuplicates()
                    .filter { !$0.isEmpty }
                    .map { query in search(query).replaceError(with: []) }
                    .switchToLatest()
                    .assign(to: &$results)
            }
        }

        func testAnObservableObjectViewModel() {
            let scheduler = CombineTestScheduler()
            let model = SearchModel(scheduler: scheduler) { query in
                [query.uppercased(), query + "!"].publisher.collect().setFailureType(to: Error.self)
                    .eraseToAnyPublisher()
            }
            var changes = 0
            model.objectWillChange.sink { changes += 1 }.store(in: &cancellables)
            model.query = "swift"
            scheduler.advance(by: .milliseconds(400))
            XCTAssertEqual(model.results, ["SWIFT", "swift!"])
            XCTAssertEqual(changes, 2, "query, then results")
        }
    #endif
}
