extension ReplaySubject {
    /// A subject that replays every value it has received (RxSwift 6's spelling of
    /// `createUnbound()`).
    @inlinable
    public static func createUnbounded() -> ReplaySubject<Element> {
        createUnbound()
    }
}
