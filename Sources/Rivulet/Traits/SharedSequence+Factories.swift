// The factories of `SharedSequence` (so of `Driver` and `Signal`): each is the `Observable`
// factory of the same name, run on `SharingStrategy.scheduler` as RxCocoa does, shared.

extension SharedSequence {
    /// A sequence of `element`, then the completion, both sent by an action on
    /// `SharingStrategy.scheduler` (at once when subscribed on the main thread).
    ///
    /// ```
    /// Driver.just(1):  (1|)   (on the main thread)
    /// ```
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that completes at once, on `SharingStrategy.scheduler`.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that never sends anything.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.never())
    }

    /// A sequence that calls `observableFactory` for each connection and subscribes to the
    /// sequence it returns.
    public static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { observableFactory().asObservable() })
    }

    /// A sequence of `elements`, in order, one action on `SharingStrategy.scheduler` per element,
    /// then the completion.
    ///
    /// ```
    /// Driver.of(1, 2, 3):  (123|)   (on the main thread)
    /// ```
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `array`, in order, on `SharingStrategy.scheduler`.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `sequence`, in order, on `SharingStrategy.scheduler`.
    public static func from<Source: Sequence>(_ sequence: Source) -> SharedSequence<SharingStrategy, Element>
    where Source.Element == Element {
        SharedSequence(Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of `optional`'s value, if any, then the completion, on
    /// `SharingStrategy.scheduler`.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.from(optional.map { [$0] } ?? [], scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// Sends 0, 1, 2, ... every `period` on `SharingStrategy.scheduler`, starting one `period`
    /// after subscription; never completes.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Sends 0 after `dueTime` on `SharingStrategy.scheduler`, then, every `period`, 1, 2, ...
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
