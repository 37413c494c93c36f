// A reference client in the Rx dialect, of the size the code-size issue measured: one screen's
// view model with a keyboard height from two notifications, a debounced search where the latest
// request wins, and a form validated with `combineLatest` (19 operator uses, six relays). A file
// this small shares little of the code generated per element type, so its cost per use is the
// highest of the reference clients. Compiled by `scripts/client-cost.sh`; never run.
import Foundation
import Rivulet

/// The search service the screen calls.
public protocol API: AnyObject {
    func search(_ query: String) -> Observable<[String]>
}

/// The screen: keyboard avoidance, a search field and a sign-in form.
public final class ScreenViewModel {
    public let keyboardHeight = BehaviorRelay<Double>(value: 0)
    public let query = BehaviorRelay<String>(value: "")
    public let results = BehaviorRelay<[String]>(value: [])
    public let email = BehaviorRelay<String>(value: "")
    public let password = BehaviorRelay<String>(value: "")
    public let canSubmit = BehaviorRelay<Bool>(value: false)
    private let bag = DisposeBag()

    public init(center: NotificationCenter, api: API, scheduler: SchedulerType) {
        let show = center.rx.notification(Notification.Name("UIKeyboardWillShowNotification"))
            .map { ($0.userInfo?["UIKeyboardFrameEndUserInfoKey"] as? CGRect)?.height ?? 0 }
            .map { Double($0) }
        let hide = center.rx.notification(Notification.Name("UIKeyboardWillHideNotification"))
            .map { _ in 0.0 }
        Observable.merge(show, hide)
            .distinctUntilChanged()
            .bind(to: keyboardHeight)
            .disposed(by: bag)

        query.asObservable()
            .debounce(.milliseconds(300), scheduler: scheduler)
            .distinctUntilChanged()
            .filter { !$0.isEmpty }
            .flatMapLatest { api.search($0).catchAndReturn([]) }
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] in self?.results.accept($0) })
            .disposed(by: bag)

        Observable.combineLatest(email.asObservable(), password.asObservable())
            .map { $0.contains("@") && $1.count >= 8 }
            .distinctUntilChanged()
            .bind(to: canSubmit)
            .disposed(by: bag)
    }
}
