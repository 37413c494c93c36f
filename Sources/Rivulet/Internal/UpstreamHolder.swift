/// A subscriber slot with no behaviour of its own: it receives a source's subscription (through
/// `setUpstream`) so an operator can end that subscription separately from its own sink
/// (`delay` ends the source at its terminal event but keeps delivering; `timeout` swaps sources).
@usableFromInline
final class UpstreamHolder: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: only the base class's lock-guarded state.
    @usableFromInline
    override init() { super.init() }
}
