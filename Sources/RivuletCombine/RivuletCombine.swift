// RivuletCombine: Apple Combine's API (its names, labels and protocol shapes) on Rivulet's one
// engine. `Publisher`, `Subscriber`, `Subscription`, `Cancellable`, `Subject` and `Scheduler` are
// declared as Combine declares them, so code written against Apple's headers compiles; Rivulet's
// own publishers conform to the internal `EnginePublisher` as well, through which `sink`,
// `assign` and every operator reach the engine stream directly (Core/EnginePublisher.swift). Each
// operator stores its upstream and arguments and builds the Rx operator of the `Rivulet` module
// when subscribed: no operator has a second implementation. Failure types are phantom types over
// the engine's untyped `.error` (see `Publisher`). `sink` and `assign` over a chain of Rivulet
// publishers run on the engine; every other subscription runs on the demand path, each operator's
// own subscription following Combine's rules (Demand/, docs/DESIGN.md); an operator not converted
// yet keeps a custom `Subscriber`'s demand in its subscription (Core/DemandSubscription.swift).
// The module reaches the engine through `package` access only (docs/DESIGN.md).
//
//  Combine                                     engine (Rx dialect)                   file
//  ------------------------------------------  ------------------------------------  ------------------------------
//  Publisher, receive(subscriber:)             (engine link: EnginePublisher)        Core/Publisher.swift, ...
//  AnyPublisher, eraseToAnyPublisher()         Observable                            Core/AnyPublisher.swift
//  publisher.asObservable()                    (the engine stream)                   Core/EnginePublisher.swift
//  observable.asPublisher()                    AnyPublisher<Element, Error>          Bridges/Interop.swift
//  Just / Empty / Fail / Deferred              just / empty, never / error / deferred Publishers/
//  Publishers.Sequence, sequence.publisher     from                                  Publishers/Publishers+Sequence.swift
//  Record, Record.Recording                    from, concat(error)                   Publishers/RecordPublisher.swift
//  Future (value async)                        ReplaySubject(bufferSize: 1)          Publishers/FuturePublisher.swift
//  PassthroughSubject / CurrentValueSubject    PublishSubject / BehaviorSubject      Subjects/
//  sink / assign / AnyCancellable              subscribe(onNext:...) / Disposable    Subscribers/, Core/
//  map (closure, key paths), tryMap            map                                   Operators/Publishers+Map*.swift
//  filter, compactMap, scan, removeDuplicates  filter, compactMap, scan, distinct... Operators/
//  prefix, output, first, last, drop...        take, skip, take(while:), ...         Operators/
//  drop(untilOutputFrom:)                      withLatestFrom of a flag              Operators/Publishers+DropUntilOutput.swift
//  collect, reduce, count, contains, min, ...  toArray, reduce, (_combineFold)       Operators/, Internal/FoldOperator.swift
//  merge, combineLatest, zip                   merge, combineLatest, zipSources      Operators/
//  flatMap, switchToLatest                     flatMap / merge(maxConcurrent:), switchLatest
//  catch, tryCatch, retry, replaceError, ...   catch, retry, catchAndReturn          Operators/
//  buffer(size:prefetch:whenFull:)             (bound in the subscriber's subscription)  Operators/Publishers+Buffer.swift
//  breakpoint, print, handleEvents             do                                    Operators/
//  share, multicast, makeConnectable, ...      share, subjects                       Operators/
//  receive(on:), subscribe(on:), debounce,     observe(on:), subscribe(on:),         Operators/, Schedulers/RxSchedulerAdapter.swift
//    throttle, delay, timeout, measureInterval   debounce, throttle, delay, timeout
//  Scheduler, ImmediateScheduler,              SchedulerType, via RxSchedulerAdapter Schedulers/
//    DispatchQueue, RunLoop, OperationQueue
//  @Published, ObservableObject (Linux only)   BehaviorSubject, PublishSubject       Bridges/
//  Result/Optional.publisher, Timer.publish    just, error, empty / a Timer          Publishers/
//    (Linux only)
//  NotificationCenter.publisher(for:object:)   center.rx.notification(_:object:)     Bridges/NotificationCenterPublisher.swift
//  publisher.values                            (an AsyncStream per iterator)         Bridges/AsyncPublisher.swift
//
// docs/dialects.md has the same mapping side by side with code.
