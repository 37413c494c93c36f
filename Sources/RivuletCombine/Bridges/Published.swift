import Rivulet

#if !canImport(Combine)
    // Linux only: on Apple platforms Foundation declares `Published` (and `ObservableObject`) as
    // type aliases of Combine's, so in a file that imports Foundation and Rivulet a second
    // declaration would make every `@Published` ambiguous (docs/dialects.md).

    /// A property wrapper that publishes the property's changes (Combine's `@Published`; Linux
    /// only).
    ///
    /// ```swift
    /// final class Model: ObservableObject {
    ///     @Published var height: Double = 0
    /// }
    /// model.$height.sink { print($0) }.store(in: &cancellables)   // 0 at once, then each change
    /// ```
    ///
    /// `$property` is a publisher that sends the current value to each new subscriber (at its first
    /// request), then every new value *before* it is stored (in the property's will-set, as Combine does: a subscriber
    /// that reads the property sees the old value). Inside an `ObservableObject`, a change also
    /// sends `objectWillChange`, before the `$property` subscribers hear of it. It never fails
    /// or finishes.
    ///
    /// Threading: like the stored property it replaces, a `@Published` property is not
    /// synchronised; set it from one thread at a time (subscribers are called on that thread).
    @propertyWrapper
    public struct Published<Value> {
        @usableFromInline var storage: _PublishedStorage<Value>

        /// A published property whose value is `wrappedValue`.
        @inlinable
        public init(wrappedValue: Value) {
            storage = _PublishedStorage(wrappedValue)
        }

        /// A published property whose value is `initialValue` (Combine's older spelling).
        @inlinable
        public init(initialValue: Value) {
            self.init(wrappedValue: initialValue)
        }

        /// The property's value; setting it publishes the new value first.
        @inlinable
        public var wrappedValue: Value {
            get { storage.value }
            nonmutating set { storage.set(newValue) }
        }

        /// The value of the property at `wrappedKeyPath` of `object`, kept in the wrapper at
        /// `storageKeyPath` (how Swift reaches a `@Published` property of a class, as in
        /// Combine); setting it publishes the new value first, as setting `wrappedValue` does.
        @inlinable
        public static subscript<EnclosingSelf: AnyObject>(
            _enclosingInstance object: EnclosingSelf,
            wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
            storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
        ) -> Value {
            get { object[keyPath: storageKeyPath].storage.value }
            set { object[keyPath: storageKeyPath].storage.set(newValue) }
        }

        /// The publisher of this property (`$property`). Setting it changes nothing, as in Combine
        /// (`assign(to: &$property)` writes through the publisher it is given, which is this
        /// property's): `a.$x = b.$x` leaves both properties as they were.
        @inlinable
        public var projectedValue: Publisher {
            get { Publisher(storage) }
            set {}
        }

        /// The publisher `$property` returns: the current value at once, then every new value.
        public struct Publisher: RivuletCombine.Publisher, EnginePublisher {
            /// The property's type.
            public typealias Output = Value
            /// A property cannot fail.
            public typealias Failure = Never

            @usableFromInline let storage: _PublishedStorage<Value>

            @inlinable
            init(_ storage: _PublishedStorage<Value>) {
                self.storage = storage
            }

            /// Attaches `subscriber` with a subscription (Combine's `PublishedSubject`) that keeps
            /// its demand as a `CurrentValueSubject`'s does: the current value is delivered at the
            /// first request, and a change that finds no demand is kept, the latest only, until
            /// demand arrives.
            public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                SubjectSubscription.attach(
                    .erase(subscriber), to: storage.subject.subject, parent: storage, name: "PublishedSubject",
                    keepsLatest: true)
            }

            /// The property's subject (made on first use): it replays the current value.
            @inlinable
            func engineStream() -> Observable<Value> {
                storage.subject.asObservable()
            }
        }
    }

    /// The storage of one `@Published` property: shared by the wrapper's copies and its
    /// publishers, so a subscription and `objectWillChange` reach it wherever the wrapper lives.
    @usableFromInline
    final class _PublishedStorage<Value>: CustomStringConvertible {
        // Not synchronised, like the property itself (see `Published`), except
        // `objectWillChange`, which `ObservableObject` may install from any thread.
        @usableFromInline var value: Value
        @usableFromInline var lazySubject: CurrentValueSubject<Value, Never>?
        /// The enclosing object's `objectWillChange`, installed once by `ObservableObject`.
        @usableFromInline let objectWillChange = AtomicLazyCell<ObservableObjectPublisher>()
        /// The subscriptions `assign(to:)` made into this property; they end with it.
        @usableFromInline var assignments: [AnyCancellable] = []

        @inlinable
        init(_ value: Value) {
            self.value = value
        }

        /// Tells `objectWillChange`, then the property's subscribers, then stores `newValue`.
        @inlinable
        func set(_ newValue: Value) {
            objectWillChange.load()?.send()
            lazySubject?.send(newValue)
            value = newValue
        }

        /// A new entry of `assignments`, kept before subscribing: a value sent while subscribing
        /// already finds the storage. Compiled once, here (it runs once per `assign(to:)`).
        @usableFromInline
        func keepAssignment() -> SingleAssignmentDisposable {
            let subscription = SingleAssignmentDisposable()
            assignments.append(AnyCancellable(disposable: subscription))
            return subscription
        }

        /// `PublishedSubject`: Combine's name of the subject behind `$property` (what the mirror of
        /// a `$property` subscription shows as its `parent` and `subject`).
        @usableFromInline
        var description: String { "PublishedSubject" }

        /// The subject `$property` subscribes to, made with the current value on first use.
        @usableFromInline
        var subject: CurrentValueSubject<Value, Never> {
            if let lazySubject { return lazySubject }
            let made = CurrentValueSubject<Value, Never>(value)
            lazySubject = made
            return made
        }
    }

    /// What `ObservableObject` finds in an object's stored properties: a `@Published` property.
    protocol _PublishedProperty {
        /// Installs `publisher` as the property's `objectWillChange`, unless one is installed
        /// already; returns the one installed.
        func installObjectWillChange(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher
    }

    extension Published: _PublishedProperty {
        func installObjectWillChange(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
            storage.objectWillChange.storeIfNil(publisher)
        }
    }

    extension Publisher where Failure == Never {
        /// Sends every value to a `@Published` property, for as long as the property exists
        /// (Combine's `assign(to:)`; Linux only).
        ///
        /// ```swift
        /// init(source: AnyPublisher<Double, Never>) {
        ///     source.map { $0 * 2 }.assign(to: &$height)
        /// }
        /// ```
        ///
        /// No `AnyCancellable` is returned: the property's storage keeps the subscription and
        /// ends it when it is released (with its object). The subscription does not keep the
        /// property alive, so assigning an object's own publishers to its properties forms no
        /// cycle.
        @inlinable
        public func assign(to published: inout Published<Output>.Publisher) {
            let storage = published.storage
            storage.keepAssignment().setDisposable(
                asObservable().engineSubscribe(
                    onNext: { [weak storage] value in storage?.set(value) }, onError: nil, onCompleted: nil))
        }
    }
#endif
