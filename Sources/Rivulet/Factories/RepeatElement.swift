extension ObservableType {
    /// Sends `element` over and over, without end, while the subscription lasts.
    ///
    /// ```
    /// repeatElement("a"):  (aaaa...
    /// ```
    ///
    /// Each value is one step on the current thread's trampoline (see `of`), so the values are sent
    /// during `subscribe`: limit the stream in the same chain (`take(3)`), whose disposal stops it.
    @inlinable
    public static func repeatElement(_ element: Element) -> Observable<Element> {
        stepping(element) { $0 }
    }

    /// Sends `element` over and over on `scheduler`, one scheduled action each, until the
    /// subscription is disposed.
    @inlinable
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence(first: element) { $0 }, scheduler: scheduler)
    }
}
