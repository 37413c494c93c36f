import Rivulet

extension Publisher {
    /// Replaces each `nil` value with `output` (the twin of Rx `map { $0 ?? output }`).
    ///
    /// ```
    /// upstream:             --1--nil--3--|
    /// replaceNil(with: 0):  --1--0----3--|
    /// ```
    @inlinable
    public func replaceNil<Wrapped>(with output: Wrapped) -> Publishers.Map<Self, Wrapped> where Output == Wrapped? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}
