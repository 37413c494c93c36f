extension ObservableType where Element: RxAbstractInteger {
    /// Sends 0 after `dueTime` and completes; with a `period`, keeps sending 1, 2, ... every
    /// `period` after that and never completes.
    ///
    /// ```
    /// timer(2 frames, s):                     --(0|)
    /// timer(2 frames, period: 3 frames, s):   --0--1--2-...
    /// ```
    ///
    /// Threading: values are sent on `scheduler`, one at a time, and not at all once `dispose()`
    /// has returned.
    @inlinable
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
    ) -> Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = TimerSink<Element>(downstream)
            subscriber.setUpstream(sink)
            sink.run(dueTime: dueTime, period: period, scheduler: scheduler)
        }
    }
}

@usableFromInline
final class TimerSink<Element: RxAbstractInteger>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond the base class's (the count is the
    // periodic schedule's state).

    @usableFromInline
    func run(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        setUpstream(Disposables.create())
        let scheduled: Disposable
        if let period {
            scheduled = scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                self.send(.next(count))
                return count &+ 1
            }
        } else {
            scheduled = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                self.send(.next(Element.zero))
                self.send(.completed)
                return Disposables.create()
            }
        }
        timer.set(scheduled, generation: 0)
    }
}
