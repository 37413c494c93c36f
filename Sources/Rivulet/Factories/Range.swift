extension ObservableType where Element: RxAbstractInteger {
    /// Sends `count` consecutive integers starting at `start`, then completes.
    ///
    /// ```
    /// range(start: 3, count: 3):  (345|)
    /// ```
    ///
    /// A `count` of 0 completes at once, and so does a negative one, reported to
    /// `Hooks.misuseHandler`; a range that would pass `Element.max` fails with
    /// `RxError.overflow` (RxSwift stops the program in both cases). Disposing stops the iteration.
    @inlinable
    public static func range(start: Element, count: Element) -> Observable<Element> {
        guard let values = rangeValues(start: start, count: count) else { return Observable.error(RxError.overflow) }
        return from(values)
    }

    /// Sends `count` consecutive integers starting at `start` on `scheduler`, one scheduled action
    /// each, then completes in one more action; see `range(start:count:)`.
    @inlinable
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        guard let values = rangeValues(start: start, count: count) else { return Observable.error(RxError.overflow) }
        return from(values, scheduler: scheduler)
    }

    /// The values of `range`, or `nil` when the last one would overflow.
    @inlinable
    static func rangeValues(start: Element, count: Element) -> UnfoldSequence<Element, (Element, Element)>? {
        if count < 0 {
            Hooks.reportMisuse("range(start: \(start), count: \(count))", "count is negative; completing at once")
        }
        if count > 0 {
            let (_, overflow) = start.addingReportingOverflow(count - 1)
            if overflow { return nil }
        }
        return sequence(state: (start, Swift.max(count, 0))) { state in
            if state.1 == 0 { return nil }
            let value = state.0
            state.1 -= 1
            // The check above makes every step but the last one safe; the last one is not taken.
            if state.1 > 0 { state.0 += 1 }
            return value
        }
    }
}
