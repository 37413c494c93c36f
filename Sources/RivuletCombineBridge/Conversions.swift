#if canImport(Combine)
    import Combine
#else
    import RivuletCombine
#endif
import Rivulet

// Written against Combine's public API only (see ObservablePublisher.swift).

extension Infallible {
    /// This stream as a publisher that never fails: each subscriber subscribes once and gets the
    /// elements as its demand allows (see `ObservablePublisher`).
    ///
    /// ```swift
    /// infallible.asPublisher().sink { print($0) }
    /// ```
    public func asPublisher() -> AnyPublisher<Element, Never> {
        ObservablePublisher(neverFailing: asObservable()).eraseToAnyPublisher()
    }
}

extension SharedSequence {
    /// This `Driver` or `Signal` as a publisher that never fails. Elements arrive where the
    /// sequence sends them (the main thread for a `Driver`), as the subscriber's demand allows.
    ///
    /// ```swift
    /// driver.asPublisher().assign(to: \.text, on: label)
    /// ```
    public func asPublisher() -> AnyPublisher<Element, Never> {
        ObservablePublisher(neverFailing: asObservable()).eraseToAnyPublisher()
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// This `Single` as a `Future`: it subscribes **now** (a `Future` runs once, when it is created)
    /// and every subscriber of the future gets the one result.
    ///
    /// ```swift
    /// let user: Future<User, Error> = fetchUser.asFuture()
    /// ```
    public func asFuture() -> Future<Element, Swift.Error> {
        let source = primitiveSequence.asObservable()
        return Future { promise in
            _ = source.take(1).subscribe(
                onNext: { promise(.success($0)) },
                onError: { promise(.failure($0)) })
        }
    }
}

extension Observable {
    /// A stream over `publisher`: each subscription subscribes to the publisher once, requests
    /// every value, and cancels it when disposed. The publisher's failure becomes the stream's
    /// error. The publisher may call from any thread; the stream sends where it calls.
    ///
    /// ```swift
    /// Observable.from(publisher: viewModel.$name).subscribe(onNext: { print($0) })
    /// ```
    public static func from<Upstream: Publisher>(publisher: Upstream) -> Observable<Element>
    where Upstream.Output == Element {
        Observable.create { observer in
            let cancellable = publisher.sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: observer.onCompleted()
                    case .failure(let error): observer.onError(error)
                    }
                },
                receiveValue: { observer.onNext($0) })
            return Disposables.create { cancellable.cancel() }
        }
    }
}

#if canImport(Combine)
    // The Rx dialect's own names for the two directions. On Apple platforms they are declared here,
    // over Apple's Combine; elsewhere RivuletCombine declares them with the same signatures over its
    // engine (zero-copy), so a file that imports both modules sees each name once.

    extension ObservableType {
        /// This stream as a Combine publisher that fails with `Error` (see `ObservablePublisher`).
        ///
        /// ```swift
        /// relay.asObservable().asPublisher().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
        /// ```
        public func asPublisher() -> AnyPublisher<Element, Swift.Error> {
            ObservablePublisher(self).eraseToAnyPublisher()
        }
    }

    extension Publisher {
        /// This publisher as an Rx-dialect stream (see `Observable.from(publisher:)`).
        ///
        /// ```swift
        /// publisher.asObservable().subscribe(onNext: { print($0) })
        /// ```
        public func asObservable() -> Observable<Output> {
            Observable.from(publisher: self)
        }
    }
#endif
