import TestSupport

#if !canImport(Combine)
    import Foundation
    import Rivulet
    import RivuletCombine
    import XCTest

    /// `@Published`, `assign(to:)`, `ObservableObject` and `ObservableObjectPublisher` (Linux only:
    /// on Apple platforms these are Combine's).
    final class CombinePublishedTests: RivuletTestCase {
        private final class ValueHolder {
            @Published var value = 0
        }

        private final class Contact: ObservableObject {
            @Published var name: String
            @Published var age: Int

            init(name: String, age: Int) {
                self.name = name
                self.age = age
            }

            func haveBirthday() -> Int {
                age += 1
                return age
            }
        }

        private class Base: ObservableObject {
            @Published var base = 0
        }

        private final class Derived: Base {
            @Published var derived = "a"
            var plain = 0
        }

        private final class Manual: ObservableObject {
            var count = 0 {
                willSet { objectWillChange.send() }
            }
        }

        private final class OwnPublisher: ObservableObject {
            let objectWillChange = PassthroughSubject<Void, Never>()
            @Published var value = 0
        }

        @MainActor
        private final class ViewModel: ObservableObject {
            @Published var title = ""
            @Published private(set) var isLoading = false

            func load() {
                isLoading = true
                title = "loaded"
                isLoading = false
            }
        }

        private final class Doubler {
            @Published var input = 1
            @Published var output = 0

            init() {
                $input.map { $0 * 2 }.assign(to: &$output)
            }
        }

        private final class Follower {
            @Published var value = 0

            init<Source: Publisher>(_ source: Source) where Source.Output == Int, Source.Failure == Never {
                source.assign(to: &$value)
            }
        }

        // MARK: @Published

        func testSettingAProjectedPublisherChangesNeitherProperty() {
            let first = Contact(name: "a", age: 1)
            let second = Contact(name: "b", age: 2)
            first.$age = second.$age
            XCTAssertEqual(first.age, 1)
            XCTAssertEqual(second.age, 2)
            second.age = 3
            XCTAssertEqual(first.age, 1, "the properties stay apart")
        }

        func testAProjectedPublishersSubscriptionMirrorsItsSubjectAsPublishedSubject() {
            let contact = Contact(name: "a", age: 1)
            let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
            contact.$age.subscribe(subscriber)
            let children = subscriber.subscription.map { Mirror(reflecting: $0) }?.children
            XCTAssertEqual(children?.map(\.label), ["parent", "downstream", "demand", "subject"])
            for child in children ?? AnyCollection([]) where child.label == "parent" || child.label == "subject" {
                XCTAssertTrue(String(describing: child.value).contains("PublishedSubject"), "\(child.value)")
            }
            subscriber.subscription?.cancel()
        }

        func testTheProjectedPublisherSendsTheCurrentValueThenEachNewOneBeforeItIsStored() {
            let holder = ValueHolder()
            var log: [String] = []
            let cancellable = holder.$value.sink { value in log.append("received \(value) - stored \(holder.value)") }
            holder.value = 4
            holder.value = 2
            XCTAssertEqual(log, ["received 0 - stored 0", "received 4 - stored 0", "received 2 - stored 4"])
            XCTAssertEqual(holder.value, 2)
            cancellable.cancel()
        }

        func testALaterSubscriberStartsFromTheLatestValue() {
            let holder = ValueHolder()
            holder.value = 1
            let first = CombineRecorder(holder.$value)
            holder.value = 2
            let publisher: Published<Int>.Publisher = holder.$value
            let second = CombineRecorder(publisher)
            holder.value = 3
            XCTAssertEqual(first.values, [1, 2, 3])
            XCTAssertEqual(second.values, [2, 3])
            XCTAssertEqual(first.events.count, 3, "a published property never completes")
        }

        func testInitialValueInitialiser() {
            let wrapper = Published(initialValue: 5)
            XCTAssertEqual(wrapper.wrappedValue, 5)
            let recorder = CombineRecorder(wrapper.projectedValue)
            wrapper.wrappedValue = 6
            XCTAssertEqual(recorder.values, [5, 6])
        }

        // MARK: assign(to:)

        func testAssignToPublishedRepublishesEveryValue() {
            let doubler = Doubler()
            XCTAssertEqual(doubler.output, 2, "the input's current value arrives at once")
            let recorder = CombineRecorder(doubler.$output)
            doubler.input = 5
            XCTAssertEqual(doubler.output, 10)
            XCTAssertEqual(recorder.values, [2, 10])
        }

        func testAssignToPublishedEndsWithTheProperty() {
            let source = ProbePublisher<Int, Never>()
            weak var weakFollower: Follower?
            do {
                let follower = Follower(source)
                weakFollower = follower
                source.send(7)
                XCTAssertEqual(follower.value, 7)
                XCTAssertTrue(source.isSubscribed)
            }
            XCTAssertNil(weakFollower, "the subscription does not keep its property's object alive")
            XCTAssertFalse(source.isSubscribed, "releasing the property ends the subscription")
            source.send(8)

            weak var weakDoubler: Doubler?
            do {
                let doubler = Doubler()
                weakDoubler = doubler
                doubler.input = 2
            }
            XCTAssertNil(weakDoubler, "assigning an object's own publisher to its property forms no cycle")
        }

        // MARK: ObservableObject

        func testObjectWillChangeSendsBeforeAnyPublishedPropertyChanges() {
            let john = Contact(name: "John Appleseed", age: 24)
            var log: [String] = []
            let cancellable = john.objectWillChange.sink { _ in log.append("\(john.age) will change") }
            log.append("\(john.haveBirthday())")
            john.name = "John"
            XCTAssertEqual(log, ["24 will change", "25", "25 will change"])
            cancellable.cancel()
        }

        func testObjectWillChangeIsTheSamePublisherOnEveryAccess() {
            let john = Contact(name: "J", age: 1)
            XCTAssertTrue(john.objectWillChange === john.objectWillChange)
            let other = Contact(name: "K", age: 2)
            XCTAssertFalse(john.objectWillChange === other.objectWillChange)
            let manual = Manual()
            XCTAssertTrue(manual.objectWillChange === manual.objectWillChange, "also without @Published properties")
        }

        func testObjectWillChangeComesBeforeThePropertysOwnSubscribers() {
            let john = Contact(name: "J", age: 1)
            var log: [String] = []
            let cancellables = [
                john.$age.dropFirst().sink { log.append("age \($0)") },
                john.objectWillChange.sink { log.append("will change") },
            ]
            john.age = 2
            XCTAssertEqual(log, ["will change", "age 2"])
            _ = cancellables
        }

        func testInheritedPublishedPropertiesSendTheSamePublisher() {
            let object = Derived()
            var count = 0
            let cancellable = object.objectWillChange.sink { count += 1 }
            object.base = 1
            object.derived = "b"
            object.plain = 5
            XCTAssertEqual(count, 2, "both @Published properties, not the plain one")
            cancellable.cancel()
        }

        func testAClassWithoutPublishedPropertiesSendsByHand() {
            let manual = Manual()
            var log: [Int] = []
            let cancellable = manual.objectWillChange.sink { log.append(manual.count) }
            manual.count = 1
            manual.count = 2
            XCTAssertEqual(log, [0, 1], "each send happens before the change")
            cancellable.cancel()
        }

        func testAClassWithItsOwnObjectWillChangeSendsItItself() {
            let object = OwnPublisher()
            var count = 0
            let cancellable = object.objectWillChange.sink { count += 1 }
            object.value = 1
            XCTAssertEqual(count, 0, "as in Combine, @Published sends only the synthesised publisher")
            object.objectWillChange.send()
            XCTAssertEqual(count, 1)
            cancellable.cancel()
        }

        func testObservedObjectsAreReleased() {
            weak var weakContact: Contact?
            weak var weakManual: Manual?
            weak var weakPublisher: ObservableObjectPublisher?
            do {
                let contact = Contact(name: "A", age: 1)
                let manual = Manual()
                weakContact = contact
                weakManual = manual
                weakPublisher = contact.objectWillChange
                let cancellable = contact.objectWillChange.merge(with: manual.objectWillChange).sink {}
                contact.age = 2
                manual.count = 1
                cancellable.cancel()
            }
            XCTAssertNil(weakContact)
            XCTAssertNil(weakManual)
            XCTAssertNil(weakPublisher, "an object's publisher goes with its @Published properties")
        }

        func testTheFirstAccessFromSeveralThreadsAgreesOnOnePublisher() {
            for _ in 0..<20 {
                let contact = Contact(name: "A", age: 1)
                let manual = Manual()
                let seen = LockedValues<ObjectIdentifier>()
                runConcurrently(4) { index in
                    let publisher = index % 2 == 0 ? contact.objectWillChange : manual.objectWillChange
                    seen.append(ObjectIdentifier(publisher))
                }
                XCTAssertEqual(Set(seen.all).count, 2)
                var count = 0
                let cancellable = contact.objectWillChange.sink { count += 1 }
                contact.age = 2
                XCTAssertEqual(count, 1)
                cancellable.cancel()
            }
        }

        @MainActor
        func testAMainActorViewModel() {
            let model = ViewModel()
            var changes = 0
            var titles: [String] = []
            let cancellables = [
                model.objectWillChange.sink { changes += 1 },
                model.$title.sink { titles.append($0) },
            ]
            model.load()
            XCTAssertEqual(changes, 3)
            XCTAssertEqual(titles, ["", "loaded"])
            XCTAssertFalse(model.isLoading)
            _ = cancellables
        }

        func testObservableObjectPublisherSendsToCurrentSubscribers() {
            let publisher = ObservableObjectPublisher()
            publisher.send()
            var count = 0
            let cancellable = publisher.sink { count += 1 }
            publisher.send()
            publisher.send()
            XCTAssertEqual(count, 2)
            cancellable.cancel()
            publisher.send()
            XCTAssertEqual(count, 2)
        }
    }
#endif
