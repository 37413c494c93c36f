import Rivulet

/// Cancels the iteration when the last copy of its iterator is released (a loop left with
/// `break`), so the upstream subscription does not outlive it.
final class IterationLifetime: Sendable {
    private let cancellable: any Cancellable & Sendable

    init(_ cancellable: any Cancellable & Sendable) { self.cancellable = cancellable }

    deinit { cancellable.cancel() }
}
