/// Carries a non-`Sendable` value (a scheduled action and its state) into a `@Sendable` closure
/// such as a `DispatchQueue.async` block.
///
/// Only used where the value is handed over to exactly one other thread and never touched again by
/// the sender, which is what every scheduler does with the action it is given.
@usableFromInline
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: ownership of `value` moves to the receiving closure (see above).
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
}
