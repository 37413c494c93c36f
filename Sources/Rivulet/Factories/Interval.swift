/// The integer types `interval` and `timer` count with (RxSwift's name for `FixedWidthInteger`).
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// Sends 0, 1, 2, ... every `period`, starting one `period` after subscription; never completes.
    ///
    /// ```
    /// interval(3 frames, s):  ---0--1--2--3-...
    /// ```
    ///
    /// Threading: values are sent on `scheduler`, one at a time, and not at all once `dispose()`
    /// has returned.
    @inlinable
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }
}
