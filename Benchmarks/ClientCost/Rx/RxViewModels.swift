// A reference client in the Rx dialect: view models written the way apps write them. It is
// compiled by `scripts/client-cost.sh`, which measures the machine code and build time Rivulet
// costs a user's module (docs/performance.md, "What Rivulet costs an app"). It is never run.
//
// Counting rule (the script applies it): one operator use is one call of a Rivulet operator,
// factory or terminal (`map`, `Observable.merge`, `subscribe`, `bind(to:)`, ...). Not counted:
// `disposed(by:)`, `asObservable()`, relay and subject creation, `accept`/`onNext` sends.
import Foundation
import Rivulet

/// A search service the view models call; each request is a cold observable.
public protocol SearchService: AnyObject {
    func search(_ query: String, page: Int) -> Observable<[SearchResult]>
    func suggestions(for prefix: String) -> Observable<[String]>
}

/// One search hit.
public struct SearchResult: Equatable, Sendable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// The names UIKit posts the keyboard notifications under.
public enum KeyboardNotification {
    public static let willShow = Notification.Name("UIKeyboardWillShowNotification")
    public static let willHide = Notification.Name("UIKeyboardWillHideNotification")
    public static let frameEndKey = "UIKeyboardFrameEndUserInfoKey"
}

/// The keyboard's height from its two notifications, for a screen that moves its content up.
public final class KeyboardViewModel {
    public let height = BehaviorRelay<Double>(value: 0)
    public let isVisible = BehaviorRelay<Bool>(value: false)
    private let disposeBag = DisposeBag()

    public init(center: NotificationCenter) {
        let willShow = center.rx.notification(KeyboardNotification.willShow)
            .map { notification -> Double in
                let frame = notification.userInfo?[KeyboardNotification.frameEndKey] as? CGRect
                return Double(frame?.height ?? 0)
            }
        let willHide = center.rx.notification(KeyboardNotification.willHide)
            .map { _ in 0.0 }

        let heights = Observable.merge(willShow, willHide)
            .distinctUntilChanged()
            .share(replay: 1)

        heights
            .observe(on: MainScheduler.instance)
            .bind(to: height)
            .disposed(by: disposeBag)

        heights
            .map { $0 > 0 }
            .distinctUntilChanged()
            .bind(to: isVisible)
            .disposed(by: disposeBag)
    }
}

/// A search field: debounced queries, the latest request wins, failures show as no results.
public final class SearchViewModel {
    public let query = BehaviorRelay<String>(value: "")
    public let results = BehaviorRelay<[SearchResult]>(value: [])
    public let isLoading = BehaviorRelay<Bool>(value: false)
    public let suggestions = BehaviorRelay<[String]>(value: [])
    private let disposeBag = DisposeBag()

    public init(service: SearchService, scheduler: SchedulerType) {
        let trimmed = query.asObservable()
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .debounce(.milliseconds(300), scheduler: scheduler)
            .distinctUntilChanged()
            .share(replay: 1)

        trimmed
            .filter { !$0.isEmpty }
            .do(onNext: { [weak self] _ in self?.isLoading.accept(true) })
            .flatMapLatest { query in
                service.search(query, page: 0)
                    .catchAndReturn([])
            }
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] results in
                self?.isLoading.accept(false)
                self?.results.accept(results)
            })
            .disposed(by: disposeBag)

        trimmed
            .filter { $0.count >= 2 }
            .flatMapLatest { prefix in
                service.suggestions(for: prefix)
                    .catchAndReturn([])
            }
            .map { Array($0.prefix(5)) }
            .bind(to: suggestions)
            .disposed(by: disposeBag)
    }
}

/// A sign-up form: each field validated on its own, the button enabled when all are valid, and
/// a submission that ignores taps while one is in flight.
public final class SignUpViewModel {
    public let email = BehaviorRelay<String>(value: "")
    public let password = BehaviorRelay<String>(value: "")
    public let confirmation = BehaviorRelay<String>(value: "")
    public let submitTaps = PublishRelay<Void>()
    public let isSubmitEnabled = BehaviorRelay<Bool>(value: false)
    public let errorMessage = BehaviorRelay<String?>(value: nil)
    public let signedUp = PublishRelay<String>()
    private let disposeBag = DisposeBag()

    public init(register: @escaping (String, String) -> Observable<String>) {
        let emailValid = email.asObservable()
            .map { $0.contains("@") && $0.count > 3 }
            .distinctUntilChanged()
        let passwordValid = password.asObservable()
            .map { $0.count >= 8 }
            .distinctUntilChanged()
        let confirmed = Observable.combineLatest(password.asObservable(), confirmation.asObservable())
            .map { $0 == $1 && !$0.isEmpty }

        let formValid = Observable.combineLatest(emailValid, passwordValid, confirmed) { $0 && $1 && $2 }
            .distinctUntilChanged()
            .share(replay: 1)

        formValid
            .bind(to: isSubmitEnabled)
            .disposed(by: disposeBag)

        formValid
            .skip(1)
            .map { $0 ? nil : "Check the highlighted fields" }
            .bind(to: errorMessage)
            .disposed(by: disposeBag)

        submitTaps.asObservable()
            .withLatestFrom(Observable.combineLatest(email.asObservable(), password.asObservable()))
            .flatMapFirst { email, password in
                register(email, password)
                    .catch { error in
                        Observable.just("failed: \(error)")
                    }
            }
            .subscribe(onNext: { [weak self] token in self?.signedUp.accept(token) })
            .disposed(by: disposeBag)
    }
}

/// A paged list: the first page on appear, the next one when the user scrolls near the end,
/// results appended, refresh starting over.
public final class PagedListViewModel {
    public let appear = PublishRelay<Void>()
    public let nearEnd = PublishRelay<Void>()
    public let refresh = PublishRelay<Void>()
    public let items = BehaviorRelay<[SearchResult]>(value: [])
    public let isLoadingPage = BehaviorRelay<Bool>(value: false)
    private let disposeBag = DisposeBag()

    private enum Command {
        case reset
        case next
    }

    public init(service: SearchService, query: String) {
        let commands = Observable.merge(
            appear.asObservable().take(1).map { Command.reset },
            refresh.asObservable().map { Command.reset },
            nearEnd.asObservable().throttle(.milliseconds(500), scheduler: MainScheduler.instance)
                .map { Command.next }
        )

        let pages =
            commands
            .scan((page: -1, reset: true)) { state, command in
                switch command {
                case .reset: return (page: 0, reset: true)
                case .next: return (page: state.page + 1, reset: false)
                }
            }
            .concatMap { request in
                service.search(query, page: request.page)
                    .map { (results: $0, reset: request.reset) }
                    .catchAndReturn((results: [], reset: request.reset))
            }
            .share()

        pages
            .scan([SearchResult]()) { items, page in page.reset ? page.results : items + page.results }
            .startWith([])
            .bind(to: items)
            .disposed(by: disposeBag)

        Observable.merge(commands.map { _ in true }, pages.map { _ in false })
            .distinctUntilChanged()
            .bind(to: isLoadingPage)
            .disposed(by: disposeBag)
    }
}
