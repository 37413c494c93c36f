import Rivulet

/// Hands an error that no typed consumer can take (a foreign error reaching a typed publisher,
/// which the public API rules out) to `Hooks.defaultErrorHandler`.
@usableFromInline
func reportUnhandledError(_ error: Swift.Error) {
    Hooks.defaultErrorHandler([], error)
}
