extension StateSink {
    /// Sends `element` and then completion, and disposes: for operators that send their one value
    /// when the source completes (`toArray`, `reduce`, `asSingle`, `first`, `takeLast`). The
    /// completion is not sent when the subscriber disposed while receiving the value (one lock per
    /// subscription, as in `take`).
    @inlinable
    package func finish(with element: Element) {
        if isStopped { return }
        isStopped = true
        downstream(.next(element))
        if !isDisposed { downstream(.completed) }
        dispose()
    }
}
