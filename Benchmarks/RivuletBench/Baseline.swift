/// The hand-written baseline every scenario is compared with: what a careful programmer writes
/// without a library. A class holding an array of optional closures; `send` loops over it,
/// `subscribe` appends and returns a token whose `cancel()` (or deinit) clears the slot.
/// `send` and `subscribe` are `@inline(never)`, as a library call would be. No locks.
final class BaselineSubject {
    var observers: [((Int) -> Void)?] = []

    @inline(never)
    func send(_ value: Int) {
        for observer in observers {
            observer?(value)
        }
    }

    @inline(never)
    func subscribe(_ observer: @escaping (Int) -> Void) -> BaselineToken {
        observers.append(observer)
        return BaselineToken(subject: self, index: observers.count - 1)
    }
}

/// The baseline's `BehaviorSubject`: the same, plus a current value replayed on subscribe.
final class BaselineBehaviorSubject {
    var observers: [((Int) -> Void)?] = []
    var value: Int

    init(value: Int) {
        self.value = value
    }

    @inline(never)
    func send(_ value: Int) {
        self.value = value
        for observer in observers {
            observer?(value)
        }
    }

    @inline(never)
    func subscribe(_ observer: @escaping (Int) -> Void) -> BaselineBehaviorToken {
        observers.append(observer)
        observer(value)
        return BaselineBehaviorToken(subject: self, index: observers.count - 1)
    }
}

/// Ends a baseline subscription: clears its slot on `cancel()` or when released.
final class BaselineToken {
    let subject: BaselineSubject
    let index: Int
    var cancelled = false

    init(subject: BaselineSubject, index: Int) {
        self.subject = subject
        self.index = index
    }

    func cancel() {
        if cancelled { return }
        cancelled = true
        subject.observers[index] = nil
    }

    deinit { cancel() }
}

/// `BaselineToken` for `BaselineBehaviorSubject`.
final class BaselineBehaviorToken {
    let subject: BaselineBehaviorSubject
    let index: Int
    var cancelled = false

    init(subject: BaselineBehaviorSubject, index: Int) {
        self.subject = subject
        self.index = index
    }

    func cancel() {
        if cancelled { return }
        cancelled = true
        subject.observers[index] = nil
    }

    deinit { cancel() }
}
