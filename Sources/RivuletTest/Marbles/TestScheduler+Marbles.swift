import Rivulet

extension TestScheduler {
    /// A hot observable drawn as a marble diagram: frame 0 is `origin` (200 by default, when
    /// `start` subscribes), or the `^` column when there is one; a frame is 10 ticks.
    ///
    /// ```swift
    /// let xs = try scheduler.createHotObservable("--a--^--b--|", values: ["a": 1, "b": 2])
    /// // next(1) at 170, next(2) at 230, completed at 260
    /// ```
    public func createHotObservable<Element>(
        _ diagram: String, values: [String: Element], error: Swift.Error = MarbleDefaultError(),
        origin: TestTime = Marbles.defaultOrigin
    ) throws(MarbleError) -> TestableObservable<Element> {
        createHotObservable(
            try Marbles.events(
                diagram, kind: .hot, values: values, error: error, origin: origin, resolution: resolution))
    }

    /// A hot observable drawn as a marble diagram whose values are their own characters.
    public func createHotObservable(
        _ diagram: String, error: Swift.Error = MarbleDefaultError(), origin: TestTime = Marbles.defaultOrigin
    ) throws(MarbleError) -> TestableObservable<String> {
        createHotObservable(
            try Marbles.events(
                diagram, kind: .hot, error: error, origin: origin, resolution: resolution))
    }

    /// A cold observable drawn as a marble diagram: frame 0 is each subscription's moment; a
    /// frame is 10 ticks.
    ///
    /// ```swift
    /// let ys = try scheduler.createColdObservable("-a-(b|)", values: ["a": 1, "b": 2])
    /// // subscribed at 200: next(1) at 210, next(2) and completed at 230
    /// ```
    public func createColdObservable<Element>(
        _ diagram: String, values: [String: Element], error: Swift.Error = MarbleDefaultError()
    ) throws(MarbleError) -> TestableObservable<Element> {
        createColdObservable(
            try Marbles.events(
                diagram, kind: .cold, values: values, error: error, resolution: resolution))
    }

    /// A cold observable drawn as a marble diagram whose values are their own characters.
    public func createColdObservable(
        _ diagram: String, error: Swift.Error = MarbleDefaultError()
    ) throws(MarbleError) -> TestableObservable<String> {
        createColdObservable(try Marbles.events(diagram, kind: .cold, error: error, resolution: resolution))
    }
}
