// A reference client in the Combine dialect: the view models of RxViewModels.swift written as a
// Combine app writes them. It is compiled by `scripts/client-cost.sh`, which measures the machine
// code and build time Rivulet costs a user's module (docs/performance.md, "What Rivulet costs an
// app"). It is never run.
//
// Counting rule (the script applies it): one operator use is one call of a Rivulet operator,
// publisher factory or subscriber (`map`, `merge(with:)`, `sink`, `assign`, ...). Not counted:
// `store(in:)`, `eraseToAnyPublisher()`, subject creation, `send`, reading `$property`.
import Foundation
import RivuletCombine

/// A search service the view models call; each request is a publisher that can fail.
public protocol SearchService: AnyObject {
    func search(_ query: String, page: Int) -> AnyPublisher<[SearchResult], Error>
    func suggestions(for prefix: String) -> AnyPublisher<[String], Error>
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
public final class KeyboardViewModel: ObservableObject {
    @Published public private(set) var height: Double = 0
    @Published public private(set) var isVisible = false
    private var cancellables = Set<AnyCancellable>()

    public init(center: NotificationCenter) {
        let willShow = center.publisher(for: KeyboardNotification.willShow)
            .map { notification -> Double in
                let frame = notification.userInfo?[KeyboardNotification.frameEndKey] as? CGRect
                return Double(frame?.height ?? 0)
            }
        let willHide = center.publisher(for: KeyboardNotification.willHide)
            .map { _ in 0.0 }

        let heights = willShow.merge(with: willHide)
            .removeDuplicates()
            .share()

        heights
            .receive(on: DispatchQueue.main)
            .assign(to: \.height, on: self)
            .store(in: &cancellables)

        heights
            .map { $0 > 0 }
            .removeDuplicates()
            .sink { [weak self] visible in self?.isVisible = visible }
            .store(in: &cancellables)
    }
}

/// A search field: debounced queries, the latest request wins, failures show as no results.
public final class SearchViewModel: ObservableObject {
    @Published public var query = ""
    @Published public private(set) var results: [SearchResult] = []
    @Published public private(set) var isLoading = false
    @Published public private(set) var suggestions: [String] = []
    private var cancellables = Set<AnyCancellable>()

    public init(service: SearchService) {
        let trimmed =
            $query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .share()

        trimmed
            .filter { !$0.isEmpty }
            .handleEvents(receiveOutput: { [weak self] _ in self?.isLoading = true })
            .map { query in
                service.search(query, page: 0)
                    .replaceError(with: [])
            }
            .switchToLatest()
            .receive(on: DispatchQueue.main)
            .sink { [weak self] results in
                self?.isLoading = false
                self?.results = results
            }
            .store(in: &cancellables)

        trimmed
            .filter { $0.count >= 2 }
            .map { prefix in
                service.suggestions(for: prefix)
                    .replaceError(with: [])
            }
            .switchToLatest()
            .map { Array($0.prefix(5)) }
            .assign(to: &$suggestions)
    }
}

/// A sign-up form: each field validated on its own, the button enabled when all are valid, and
/// a submission that ignores taps while one is in flight.
public final class SignUpViewModel: ObservableObject {
    @Published public var email = ""
    @Published public var password = ""
    @Published public var confirmation = ""
    @Published public private(set) var isSubmitEnabled = false
    @Published public private(set) var errorMessage: String?
    public let submitTaps = PassthroughSubject<Void, Never>()
    public let signedUp = PassthroughSubject<String, Never>()
    private var cancellables = Set<AnyCancellable>()

    public init(register: @escaping (String, String) -> AnyPublisher<String, Error>) {
        let emailValid =
            $email
            .map { $0.contains("@") && $0.count > 3 }
            .removeDuplicates()
        let passwordValid =
            $password
            .map { $0.count >= 8 }
            .removeDuplicates()
        let confirmed = $password.combineLatest($confirmation)
            .map { $0 == $1 && !$0.isEmpty }

        let formValid = emailValid.combineLatest(passwordValid, confirmed) { $0 && $1 && $2 }
            .removeDuplicates()
            .share()

        formValid
            .assign(to: \.isSubmitEnabled, on: self)
            .store(in: &cancellables)

        formValid
            .dropFirst()
            .map { $0 ? nil : "Check the highlighted fields" }
            .sink { [weak self] message in self?.errorMessage = message }
            .store(in: &cancellables)

        let credentials = $email.combineLatest($password)
        submitTaps
            .map { _ in credentials.first() }
            .switchToLatest()
            .flatMap(maxPublishers: .max(1)) { email, password in
                register(email, password)
                    .catch { error in
                        Just("failed: \(error)")
                    }
            }
            .sink { [weak self] token in self?.signedUp.send(token) }
            .store(in: &cancellables)
    }
}

/// A paged list: the first page on appear, the next one when the user scrolls near the end,
/// results appended, refresh starting over.
public final class PagedListViewModel: ObservableObject {
    public let appear = PassthroughSubject<Void, Never>()
    public let nearEnd = PassthroughSubject<Void, Never>()
    public let refresh = PassthroughSubject<Void, Never>()
    @Published public private(set) var items: [SearchResult] = []
    @Published public private(set) var isLoadingPage = false
    private var cancellables = Set<AnyCancellable>()

    private enum Command {
        case reset
        case next
    }

    public init(service: SearchService, query: String) {
        let commands = appear.prefix(1).map { Command.reset }
            .merge(
                with: refresh.map { Command.reset },
                nearEnd.throttle(for: .milliseconds(500), scheduler: DispatchQueue.main, latest: true)
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
            .flatMap(maxPublishers: .max(1)) { request in
                service.search(query, page: request.page)
                    .map { (results: $0, reset: request.reset) }
                    .replaceError(with: (results: [], reset: request.reset))
            }
            .share()

        pages
            .scan([SearchResult]()) { items, page in page.reset ? page.results : items + page.results }
            .prepend([])
            .assign(to: &$items)

        commands.map { _ in true }
            .merge(with: pages.map { _ in false })
            .removeDuplicates()
            .assign(to: &$isLoadingPage)
    }
}
