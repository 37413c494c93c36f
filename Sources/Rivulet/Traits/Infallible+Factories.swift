// The factories of `Infallible`: each is the `Observable` factory of the same name, wrapped.

extension Infallible {
    /// An `Infallible` of `element`, then the completion.
    @inlinable
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// An `Infallible` of `element`, then the completion, sent by an action on `scheduler`.
    @inlinable
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.just(element, scheduler: scheduler))
    }

    /// An `Infallible` that completes at once.
    @inlinable
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// An `Infallible` that never sends anything.
    @inlinable
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// An `Infallible` that calls `observableFactory` for each subscription and subscribes to the
    /// `Infallible` it returns.
    @inlinable
    public static func deferred(_ observableFactory: @escaping () -> Infallible<Element>) -> Infallible<Element> {
        Infallible(Observable.deferred { observableFactory().asObservable() })
    }

    /// An `Infallible` of `elements`, in order, then the completion.
    ///
    /// ```
    /// of(1, 2, 3):  (123|)
    /// ```
    @inlinable
    public static func of(_ elements: Element...) -> Infallible<Element> {
        Infallible(Observable.from(elements))
    }

    /// An `Infallible` of `elements`, one action on `scheduler` per element, then the completion.
    @inlinable
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// An `Infallible` of the elements of `array`, in order, then the completion.
    @inlinable
    public static func from(_ array: [Element]) -> Infallible<Element> {
        Infallible(Observable.from(array))
    }

    /// An `Infallible` of the elements of `array`, one action on `scheduler` per element.
    @inlinable
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// An `Infallible` of the elements of `sequence`, in order, then the completion.
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(Observable.from(sequence))
    }

    /// An `Infallible` of the elements of `sequence`, one action on `scheduler` per element.
    @inlinable
    public static func from<Source: Sequence>(
        _ sequence: Source, scheduler: ImmediateSchedulerType
    ) -> Infallible<Element> where Source.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }

    /// An `Infallible` that sends `element` again and again and never completes.
    @inlinable
    public static func repeatElement(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.repeatElement(element))
    }

    /// An `Infallible` that sends `element` again and again, one action on `scheduler` each.
    @inlinable
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.repeatElement(element, scheduler: scheduler))
    }
}

extension Infallible where Element: RxAbstractInteger {
    /// Sends 0, 1, 2, ... every `period`, starting one `period` after subscription; never completes.
    ///
    /// ```
    /// interval(3 frames, s):  ---0--1--2--3-...
    /// ```
    @inlinable
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(Observable.interval(period, scheduler: scheduler))
    }

    /// Sends 0 after `dueTime` and completes; with a `period`, keeps sending 1, 2, ... every
    /// `period` after that and never completes.
    @inlinable
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
    ) -> Infallible<Element> {
        Infallible(Observable.timer(dueTime, period: period, scheduler: scheduler))
    }
}
