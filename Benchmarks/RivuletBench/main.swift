import Rivulet
#if canImport(Glibc)
import Glibc
#endif

final class Token { var cancel: () -> Void = {}; init(_ c: @escaping () -> Void) { cancel = c } }
final class BaselineSubject {
    var observers: [((Int) -> Void)?] = []
    @inline(never) func send(_ v: Int) { for o in observers { o?(v) } }
    @inline(never) func subscribe(_ o: @escaping (Int) -> Void) -> Token {
        let i = observers.count; observers.append(o)
        return Token { [unowned self] in self.observers[i] = nil }
    }
}
func now() -> UInt64 { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec) }
let n = 1_000_000
for _ in 0..<5 {
    var sum = 0
    let b = BaselineSubject()
    let tok = b.subscribe { sum &+= $0 &+ 1 }
    var t0 = now()
    for i in 0..<n { b.send(i) }
    let base = Double(now() - t0) / Double(n)
    _ = tok
    var sum2 = 0
    let s = PublishSubject<Int>()
    let d = s.map { $0 &+ 1 }.subscribe(onNext: { sum2 &+= $0 })
    t0 = now()
    for i in 0..<n { s.onNext(i) }
    let riv = Double(now() - t0) / Double(n)
    d.dispose()
    print("baseline \(base) ns  rivulet \(riv) ns  ratio \(riv/base)  \(sum == sum2)")
}
