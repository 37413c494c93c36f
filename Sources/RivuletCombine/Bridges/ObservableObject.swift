import Rivulet

#if !canImport(Combine)
    // Linux only, like `Published`: on Apple platforms Foundation declares `ObservableObject` as
    // a type alias of Combine's (and SwiftUI works with Combine's), so a second declaration would
    // be ambiguous in every file that imports Foundation and Rivulet.

    /// An object with a publisher that sends before the object changes (Combine's
    /// `ObservableObject`; Linux only).
    ///
    /// ```swift
    /// final class Contact: ObservableObject {
    ///     @Published var age = 24
    /// }
    /// let john = Contact()
    /// john.objectWillChange.sink { print("\(john.age) will change") }.store(in: &cancellables)
    /// john.age += 1                                      // prints "24 will change"
    /// ```
    ///
    /// As in Combine, a class that does not declare `objectWillChange` gets one (an
    /// `ObservableObjectPublisher`, the same one on every access), and each of its `@Published`
    /// properties sends it before the property changes, before the property's own subscribers
    /// hear of the change. Other properties can send it by hand
    /// (`willSet { objectWillChange.send() }`). A class that declares its own `objectWillChange`
    /// sends it itself.
    ///
    /// How it is found: on the first access, the object's stored properties (its own and its
    /// superclasses') are walked with `Mirror`, and the publisher is installed in every
    /// `@Published` property; later accesses find it in a table of live objects. A class whose
    /// `customMirror` hides its `@Published` properties still gets a stable `objectWillChange`,
    /// but its properties do not send it (Combine reads the fields without `Mirror`).
    public protocol ObservableObject: AnyObject {
        /// The type of `objectWillChange`; `ObservableObjectPublisher` unless the class says
        /// otherwise.
        associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never

        /// A publisher that sends before the object changes.
        var objectWillChange: ObjectWillChangePublisher { get }
    }

    extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
        /// The object's `ObservableObjectPublisher`, made on first access and sent by its
        /// `@Published` properties before they change.
        public var objectWillChange: ObservableObjectPublisher {
            _ObjectWillChangeTable.publisher(for: self)
        }
    }

    /// The publisher `ObservableObject` synthesises: it sends `()` each time `send()` is called,
    /// to the subscribers present at that moment (Linux only). As Combine's, it sends whatever a
    /// subscriber's demand: a change is never held back.
    ///
    /// Thread-safe: `send()` may be called from any thread, as a subject's `send`; calls into one
    /// subscriber never overlap (a `send()` during one is delivered when it returns).
    public final class ObservableObjectPublisher: Publisher, EnginePublisher, @unchecked Sendable {
        // @unchecked Sendable: the only state is the engine subject, which is thread-safe.
        /// Sends `()`.
        public typealias Output = Void
        /// It never fails.
        public typealias Failure = Never

        @usableFromInline let subject = PublishSubject<Void>()

        /// A publisher with no subscribers.
        @inlinable
        public init() {}

        /// Tells every current subscriber that the object is about to change.
        @inlinable
        public func send() { subject.on(.next(())) }

        /// Attaches `subscriber` with a subscription named `ObservableObjectPublisher` that, as
        /// Combine's, sends every `send()` whatever the subscriber's demand.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            ObjectWillChangeSubscription.attach(.erase(subscriber), to: subject)
        }

        /// The engine subject behind this publisher.
        @inlinable
        func engineStream() -> Observable<Void> { subject }
    }

    /// The synthesised publishers of live objects, by object identity.
    ///
    /// An object with `@Published` properties owns its publisher (they hold it), so its entry
    /// holds it weakly; an object without any has nothing to hold it, so its entry holds it
    /// strongly. Entries of released objects are dropped when the table next grows past twice
    /// its size at the last clean-up.
    enum _ObjectWillChangeTable {
        final class Entry {
            weak var object: AnyObject?
            weak var held: ObservableObjectPublisher?
            let owned: ObservableObjectPublisher?

            init(_ object: AnyObject, _ publisher: ObservableObjectPublisher, owned: Bool) {
                self.object = object
                held = publisher
                self.owned = owned ? publisher : nil
            }

            /// The publisher, if this entry is `object`'s and still has one.
            func publisher(of object: AnyObject) -> ObservableObjectPublisher? {
                self.object === object ? held : nil
            }
        }

        // Guarded by `lock`, which is held only for dictionary reads and writes; entries that go
        // are released after it (a publisher's deinit releases its subscribers' closures).
        nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]
        nonisolated(unsafe) private static var cleanUpAt = 64
        nonisolated(unsafe) private static let lock = Lock.make()

        static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
            let id = ObjectIdentifier(object)
            lock.lock()
            if let publisher = entries[id]?.publisher(of: object) {
                lock.unlock()
                return publisher
            }
            lock.unlock()

            // First access: install one publisher in every @Published property (outside the
            // lock: a `customMirror` is user code). The first property decides which publisher
            // wins if two threads get here at once.
            let properties = publishedProperties(of: object)
            let made = ObservableObjectPublisher()
            let publisher = properties.first?.installObjectWillChange(made) ?? made
            for property in properties.dropFirst() { _ = property.installObjectWillChange(publisher) }

            var released: [Entry] = []
            lock.lock()
            if let registered = entries[id]?.publisher(of: object) {
                lock.unlock()
                return registered
            }
            if let stale = entries.updateValue(Entry(object, publisher, owned: properties.isEmpty), forKey: id) {
                released.append(stale)
            }
            if entries.count >= cleanUpAt {
                for (key, entry) in entries where entry.object == nil {
                    released.append(entry)
                    entries[key] = nil
                }
                cleanUpAt = Swift.max(64, entries.count * 2)
            }
            lock.unlock()
            withExtendedLifetime(released) {}
            return publisher
        }

        /// The `@Published` properties of `object` and of its superclasses.
        private static func publishedProperties(of object: AnyObject) -> [any _PublishedProperty] {
            var properties: [any _PublishedProperty] = []
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                for child in current.children {
                    if let property = child.value as? any _PublishedProperty { properties.append(property) }
                }
                mirror = current.superclassMirror
            }
            return properties
        }
    }

    /// The subscription `ObservableObjectPublisher` gives a subscriber on the demand path, as
    /// Combine's: an observer of the publisher's engine subject that sends every signal whatever
    /// the demand (requests are ignored). Signals from several threads, or from inside the
    /// subscriber, are counted and delivered one call at a time (`DeliveryTurn`). `cancel()` stops
    /// it; the subscriber is released at the cancel, after a call running on another thread.
    final class ObjectWillChangeSubscription: Subscription, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        // @unchecked Sendable: every var is guarded by `lock`; the subscriber is called outside it
        // by the holder of `turn` only.
        private let lock = Lock.make()
        @exclusivity(unchecked) private var downstream: DemandSubscriber<Void, Never>?
        @exclusivity(unchecked) private var pending = 0
        @exclusivity(unchecked) private var turn = DeliveryTurn()
        @exclusivity(unchecked) private var isHanded = false
        @exclusivity(unchecked) private var isDone = false
        @exclusivity(unchecked) private var upstream: Sink<Void>?

        private init(_ downstream: DemandSubscriber<Void, Never>) {
            self.downstream = downstream
        }

        /// Registers with `subject`, then hands `subscriber` the subscription.
        static func attach(_ subscriber: DemandSubscriber<Void, Never>, to subject: PublishSubject<Void>) {
            let subscription = ObjectWillChangeSubscription(subscriber)
            let sink = Sink<Void> { event in
                if case .next = event { subscription.signal() }
            }
            subscription.lock.lock()
            subscription.upstream = sink
            subscription.turn.beginHandOff()
            subscription.lock.unlock()
            subject.engineSubscribe({ event in sink.forward(event) }, sink)
            subscription.lock.lock()
            subscription.isHanded = true
            subscription.lock.unlock()
            subscriber.receive(subscription: subscription)
            subscription.lock.lock()
            subscription.turn.endHandOff()
            subscription.lock.unlock()
            subscription.deliver()
        }

        /// Demand does not hold a signal back, as in Combine.
        func request(_ demand: Subscribers.Demand) {}

        func cancel() {
            lock.lock()
            if isDone { return lock.unlock() }
            isDone = true
            let released = turn.isBusy ? nil : downstream.take()
            let upstream = self.upstream.take()
            lock.unlock()
            upstream?.dispose()
            withExtendedLifetime(released) {}
        }

        private func signal() {
            lock.lock()
            if isDone { return lock.unlock() }
            pending += 1
            lock.unlock()
            deliver()
        }

        /// Delivers the signals counted, on one thread at a time.
        private func deliver() {
            lock.lock()
            guard isHanded, turn.take() else { return lock.unlock() }
            while pending > 0, !isDone, let downstream {
                pending -= 1
                lock.unlock()
                _ = downstream.receive(())
                lock.lock()
            }
            turn.release()
            let released = isDone ? downstream.take() : nil
            lock.unlock()
            withExtendedLifetime(released) {}
        }

        /// `ObservableObjectPublisher`.
        var description: String { "ObservableObjectPublisher" }

        /// Combine's child: the subscriber.
        var customMirror: Mirror {
            lock.lock()
            let downstream = self.downstream?.reflected
            lock.unlock()
            return Mirror(self, children: [("downstream", downstream ?? (nil as Any?) as Any)])
        }

        /// `description`.
        var playgroundDescription: Any { description }
    }
#endif
