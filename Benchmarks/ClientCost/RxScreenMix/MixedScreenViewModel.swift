// A second one-screen reference client in the Rx dialect, with a different mix from
// `ClientCostRxScreen`: the result-selector forms (`combineLatest(a, b) { }`,
// `withLatestFrom(x) { }`), `share(replay: 1)`, `startWith`, `scan`, `skip`/`take`, `throttle`,
// `delay` and `bind(to:)`, over five element types (`Double`, `String`, `Bool`, `[String]`,
// `Notification`). A client's cost depends on which operators and how many element types it uses;
// this file measures another mix. Compiled by `scripts/client-cost.sh`; never run.
import Foundation
import Rivulet

/// A screen with keyboard avoidance, a sign-up form, a search and a counter.
public final class MixedScreenViewModel {
    public let keyboardHeight = BehaviorRelay<Double>(value: 0)
    public let name = BehaviorRelay<String>(value: "")
    public let email = BehaviorRelay<String>(value: "")
    public let formValid = BehaviorRelay<Bool>(value: false)
    public let greeting = BehaviorRelay<String>(value: "")
    public let query = BehaviorRelay<String>(value: "")
    public let results = BehaviorRelay<[String]>(value: [])
    public let taps = PublishRelay<Void>()
    public let tapCount = BehaviorRelay<Double>(value: 0)
    private let bag = DisposeBag()

    public init(center: NotificationCenter, scheduler: SchedulerType) {
        let show = center.rx.notification(Notification.Name("UIKeyboardWillShowNotification"))
        let hide = center.rx.notification(Notification.Name("UIKeyboardWillHideNotification"))
        Observable.merge(show, hide)
            .map { ($0.userInfo?["UIKeyboardFrameEndUserInfoKey"] as? CGRect).map { Double($0.height) } ?? 0 }
            .distinctUntilChanged()
            .bind(to: keyboardHeight)
            .disposed(by: bag)

        let valid = Observable.combineLatest(name.asObservable(), email.asObservable()) { name, email in
            !name.isEmpty && email.contains("@")
        }
        .distinctUntilChanged()
        .share(replay: 1)
        valid.bind(to: formValid).disposed(by: bag)

        query.asObservable()
            .debounce(.milliseconds(300), scheduler: scheduler)
            .filter { $0.count > 1 }
            .flatMapLatest { text in
                Observable.just([text, text + "s"]).delay(.milliseconds(100), scheduler: scheduler)
                    .catchAndReturn([])
            }
            .startWith([])
            .observe(on: MainScheduler.instance)
            .bind(to: results)
            .disposed(by: bag)

        taps.asObservable()
            .skip(1)
            .take(100)
            .scan(0.0) { count, _ in count + 1 }
            .throttle(.milliseconds(500), scheduler: scheduler)
            .bind(to: tapCount)
            .disposed(by: bag)

        taps.asObservable()
            .withLatestFrom(name.asObservable()) { _, name in "Hello, \(name)" }
            .subscribe(onNext: { [weak self] in self?.greeting.accept($0) })
            .disposed(by: bag)
    }
}
