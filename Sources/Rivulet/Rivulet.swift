// Rivulet: a zero-dependency reactive-streams engine and its Rx dialect (RivuletCombine adds Combine's).
//
// One small core carries every stream: an `Observable` hands each subscriber a plain
// `(Event<Element>) -> Void` handler, operators are built from closures that are specialised in
// the caller's module (everything on the event path is `@inlinable`), and subjects serialise
// delivery with a short lock that is never held while user code runs. The Rx dialect
// (`Observable`, `PublishSubject`, `DisposeBag`, ...) is the engine's native surface; the Combine
// dialect (`Publisher`, `PassthroughSubject`, `AnyCancellable`, ...) is the module RivuletCombine,
// on the same observables, so this module declares no Combine name. See docs/DESIGN.md for the
// module map and the threading contract.
