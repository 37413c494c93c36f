extension ObservableType {
    /// Pairs each value with its index, counting from 0 for each subscription (`RxError.overflow`
    /// at index `Int.max`).
    ///
    /// ```
    /// source:       --a--b--c--|
    /// enumerated(): --(0,a)--(1,b)--(2,c)--|
    /// ```
    @inlinable
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = StateSink<(index: Int, element: Element), Int>(downstream, state: 0)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let index = sink.state
                        if index == Int.max {
                            // As RxSwift: the index cannot be counted on.
                            sink.forward(.error(RxError.overflow))
                            return
                        }
                        sink.state = index + 1
                        sink.forwardNext((index, value))
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }
}
