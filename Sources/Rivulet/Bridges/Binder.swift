/// An observer that writes values into a target object on a scheduler (the main thread by
/// default): RxCocoa's `Binder`, what custom `.rx` properties are made of.
///
/// ```swift
/// extension Reactive where Base: ProgressView {
///     var progress: Binder<Double> { Binder(base) { view, value in view.progress = value } }
/// }
/// viewModel.progress.bind(to: view.rx.progress).disposed(by: bag)
/// ```
///
/// The target is held weakly: once it is released, values are dropped. An error is not a value a
/// view can show: it goes to `Hooks.defaultErrorHandler` (RxCocoa traps in debug builds; Rivulet
/// never does). The completion is ignored.
///
/// Threading: values may arrive on any thread; `binding` runs on `scheduler`.
public struct Binder<Value>: ObserverType {
    /// The element a binder accepts.
    public typealias Element = Value

    @usableFromInline let binding: (Event<Value>) -> Void

    /// A binder that runs `binding(target, value)` on `scheduler` for each value while `target`
    /// is alive.
    public init<Target: AnyObject>(
        _ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let value):
                _ = scheduler.schedule(value) { [weak target] value in
                    if let target { binding(target, value) }
                    return Disposables.create()
                }
            case .error(let error):
                reportUnhandledError(error)
            case .completed:
                break
            }
        }
    }

    /// Writes a value (on the binder's scheduler), reports an error, ignores the completion.
    @inlinable
    public func on(_ event: Event<Value>) { binding(event) }

    /// This binder as an `AnyObserver`.
    public func asObserver() -> AnyObserver<Value> { AnyObserver(eventHandler: binding) }
}
