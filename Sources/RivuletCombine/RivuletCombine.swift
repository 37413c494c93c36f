import Rivulet

// The Combine dialect: Apple Combine's spellings as a thin typed layer over the one engine.
//
// Every publisher *is* an `ObservableConvertibleType`: `asObservable()` returns the engine stream
// it stands for, and every operator below only stores its upstream and arguments and builds the
// Rx operator's observable in `asObservable()`. No operator has a second implementation. Where the
// Rx dialect has no twin yet, the Combine file holds a small internal engine operator under an
// underscored name (`mapError`'s, `_combineFold`), to be replaced by the Rx one when it exists.
// Failure types are phantom types over the engine's untyped `.error` (see `Publisher`).
// Demand is unlimited: there is no backpressure (see `Subscribers.Demand`).
//
//  Combine                                     engine (Rx dialect)                   file
//  ------------------------------------------  ------------------------------------  ------------------------------
//  Publisher (Output, Failure)                 ObservableConvertibleType             Publisher.swift
//  AnyPublisher, eraseToAnyPublisher()         Observable                            AnyPublisher.swift
//  publisher.asObservable()                    (the stream itself)                   Publisher.swift
//  observable.asPublisher()                    AnyPublisher<Element, Error>          Interop.swift
//  Just / Empty / Fail / Deferred              just / empty, never / error / deferred JustPublisher.swift, ...
//  Publishers.Sequence, sequence.publisher     from                                  Publishers+Sequence.swift
//  Record, Record.Recording                    from, concat(error)                   RecordPublisher.swift
//  Future                                      ReplaySubject(bufferSize: 1)          FuturePublisher.swift
//  PassthroughSubject / CurrentValueSubject    PublishSubject / BehaviorSubject      PassthroughSubject.swift, ...
//  sink / assign(to:on:) / AnyCancellable      subscribe / Disposable                SinkSubscriber.swift, ...
//  map, tryMap                                 map                                   Publishers+Map.swift
//  filter, tryFilter                           filter                                Publishers+Filter.swift
//  compactMap, tryCompactMap                   compactMap                            Publishers+CompactMap.swift
//  scan, tryScan                               scan                                  Publishers+Scan.swift
//  removeDuplicates, tryRemoveDuplicates       distinctUntilChanged                  Publishers+RemoveDuplicates.swift
//  replaceNil / replaceEmpty                   map / ifEmpty(default:)               Publishers+ReplaceNil.swift, ...
//  prefix(while:), tryPrefix(while:)           take(while:)                          Publishers+PrefixWhile.swift
//  drop(while:), tryDrop(while:)               skip(while:)                          Publishers+DropWhile.swift
//  prefix(_:), output(at:), output(in:)        skip, take(_:)                        Publishers+Output.swift
//  first(), first(where:), tryFirst(where:)    take(1), filter                       Publishers+First.swift
//  ignoreOutput                                ignoreElements                        Publishers+IgnoreOutput.swift
//  collect(), reduce, tryReduce, count        toArray, reduce                       Publishers+Collect.swift, ...
//  collect(_:), contains, allSatisfy, min,     (private _combineFold)                Publishers+Collect.swift, ...,
//    max, last (and their where:/try forms)                                          FoldOperator.swift
//  prefix(untilOutputFrom:)                    take(until:)                          Publishers+PrefixUntilOutput.swift
//  dropFirst                                   skip                                  Publishers+Drop.swift
//  prepend / append                            concat (startWith)                    Publishers+Concatenate.swift
//  Merge, Merge3, Merge4, MergeMany, merge     Observable.merge                      Publishers+Merge.swift
//  CombineLatest, CombineLatest3, 4            Observable.combineLatest              Publishers+CombineLatest.swift
//  Zip, Zip3, Zip4, zip                        zip's engine, Combine's completion    Publishers+Zip.swift
//  flatMap(maxPublishers:)                     flatMap / merge(maxConcurrent:)       Publishers+FlatMap.swift
//  switchToLatest                              switchLatest                          Publishers+SwitchToLatest.swift
//  handleEvents                                do                                    Publishers+HandleEvents.swift
//  catch, tryCatch / replaceError(with:)       catch / catchAndReturn                Publishers+Catch.swift, ...
//  retry(_:)                                   retry(_:) (one more: Rx counts tries) Publishers+Retry.swift
//  assertNoFailure / print                     (small engine operator) / do          Publishers+AssertNoFailure.swift, ...
//  mapError / setFailureType(to:)              (Combine-only) / (type change only)   Publishers+MapError.swift, ...
//  share()                                     share()                               Publishers+Share.swift
//  ConnectablePublisher, makeConnectable,      (subjects; no Rx twin yet)            ConnectablePublisher.swift,
//    multicast, Multicast, autoconnect                                               Publishers+Multicast.swift, ...
//  receive(on:) / subscribe(on:)               observe(on:) / subscribe(on:)         Publishers+ReceiveOn.swift, ...
//  debounce / throttle / delay / timeout       debounce / throttle / delay / timeout Publishers+Debounce.swift, ...
//  Scheduler (DispatchQueue, RunLoop,          SchedulerType, via RxSchedulerAdapter Schedulers/
//    OperationQueue, ImmediateScheduler)
//  @Published, assign(to: &$x) (Linux only)     BehaviorSubject (CurrentValueSubject)  Published.swift
//  ObservableObject, ObservableObjectPublisher  PublishSubject                       ObservableObject.swift
//    (Linux only)
//  Result.publisher, Optional.publisher        just, error, empty                    ResultOptionalPublishers.swift
//    (Linux only)
//  Timer.publish, Timer.TimerPublisher         (a Foundation Timer per connection)   TimerPublisher.swift
//    (Linux only)
//  NotificationCenter.publisher(for:object:)   center.rx.notification(_:object:)     Bridges/
//  publisher.values                            observable.values                     Bridges/AsyncValues.swift
//
// docs/dialects.md has the same mapping side by side with code, and explains how a file that
// imports both Apple's Combine and Rivulet resolves the shared names.
