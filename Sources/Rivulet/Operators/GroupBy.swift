extension ObservableType {
    /// Splits the values into groups by key: sends a `GroupedObservable` the first time a key
    /// appears, and each value to its group.
    ///
    /// ```
    /// source:                      --1--2--3--4--|
    /// groupBy { $0 % 2 }:          --a--b--------|     a = key 1, b = key 0
    /// group a:                       1-----3-----|
    /// group b:                          2-----4--|
    /// ```
    ///
    /// A group is sent before its first value, so subscribing to it inside `onNext` (or with
    /// `flatMap`) receives every value of the group; values of a group nobody subscribes to are
    /// dropped. A stop event of the source, or a throw of `keySelector`, reaches every group and
    /// then the outer subscriber. The source subscription lasts while the outer subscription or any
    /// group subscription does: disposing the outer one alone leaves the groups running.
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        let source = asObservable()
        return Observable.create { observer in
            let core = GroupByCore(keySelector: keySelector, observer: observer)
            core.attach(source.subscribe { event in core.on(event) })
            return Disposables.create { core.release() }
        }
    }
}

/// The state one `groupBy` subscription shares with its groups: the group subjects and a count of
/// the subscriptions (the outer one and each group's) that keep the source subscription alive.
final class GroupByCore<Key: Hashable, Element>: @unchecked Sendable {
    // @unchecked Sendable: `references`, `upstream` and `isReleased` are guarded by `lock`;
    // `groups` and `isStopped` are event-path only (the source serialises its events).
    let lock = Lock.make()
    let keySelector: (Element) throws -> Key
    let observer: AnyObserver<GroupedObservable<Key, Element>>
    @exclusivity(unchecked) var references = 1
    @exclusivity(unchecked) var upstream: Disposable?
    @exclusivity(unchecked) var isReleased = false
    @exclusivity(unchecked) var groups: [Key: PublishSubject<Element>] = [:]
    @exclusivity(unchecked) var isStopped = false

    init(keySelector: @escaping (Element) throws -> Key, observer: AnyObserver<GroupedObservable<Key, Element>>) {
        self.keySelector = keySelector
        self.observer = observer
    }

    /// Holds the source subscription, or disposes it at once if every reference is already gone
    /// (or a throw of the key selector stopped the groups during `subscribe`).
    func attach(_ subscription: Disposable) {
        lock.lock()
        if isReleased {
            lock.unlock()
            subscription.dispose()
            return
        }
        upstream = subscription
        lock.unlock()
    }

    func on(_ event: Event<Element>) {
        guard !isStopped else { return }
        switch event {
        case .next(let value):
            let key: Key
            do { key = try keySelector(value) } catch {
                stop(.error(error))
                endSource()
                return
            }
            if let group = groups[key] {
                group.on(.next(value))
                return
            }
            let group = PublishSubject<Element>()
            groups[key] = group
            observer.onNext(GroupedObservable(key: key, source: groupObservable(group)))
            group.on(.next(value))
        case .error(let error):
            stop(.error(error))
        case .completed:
            stop(.completed)
        }
    }

    /// Sends the stop event to every group, then to the outer subscriber.
    private func stop(_ event: Event<GroupedObservable<Key, Element>>) {
        isStopped = true
        let stopEvent: Event<Element> = event.error.map { .error($0) } ?? .completed
        for group in groups.values { group.on(stopEvent) }
        groups = [:]
        observer.on(event)
    }

    /// A group's observable: each subscription keeps the source subscription alive until disposed.
    private func groupObservable(_ group: PublishSubject<Element>) -> Observable<Element> {
        Observable.create { [self] observer in
            let retained = retain()
            let subscription = group.subscribe(observer)
            return Disposables.create {
                subscription.dispose()
                if retained { self.release() }
            }
        }
    }

    private func retain() -> Bool {
        lock.withLock {
            guard !isReleased else { return false }
            references += 1
            return true
        }
    }

    /// Drops one reference; the last one disposes the source subscription.
    func release() {
        lock.lock()
        references -= 1
        guard references == 0 else { return lock.unlock() }
        endSourceLocked()
    }

    /// Disposes the source subscription whatever the references (a throw of the key selector).
    private func endSource() {
        lock.lock()
        endSourceLocked()
    }

    /// Called with `lock` held; releases it.
    private func endSourceLocked() {
        isReleased = true
        let subscription = upstream
        upstream = nil
        lock.unlock()
        subscription?.dispose()
    }
}
