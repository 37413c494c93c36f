import Foundation
import Rivulet
import TestSupport
import XCTest

/// `catch`, `concat` and `retry` subscribe their next source from inside a delivery of the
/// previous one: a `dispose()` from another thread meanwhile must not settle the subscription
/// (and release the subscriber's closures) while that delivery still runs (before: an
/// AddressSanitizer double free of `onNext`).
final class SerialSourceSettleTests: RealTimeTestCase {
    /// What the test's closures share: whether a delivery is inside the subscriber, and how often
    /// a closure of the subscriber was released while it was.
    private final class Probe: @unchecked Sendable {
        // @unchecked Sendable: every var is guarded by `lock`.
        private let lock = NSLock()
        private var insideCount = 0
        private var releasedWhileInside = 0
        let entered = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)

        var inside: Bool {
            get { lock.withLock { insideCount > 0 } }
            set { lock.withLock { insideCount += newValue ? 1 : -1 } }
        }

        func tokenReleased() { lock.withLock { if insideCount > 0 { releasedWhileInside += 1 } } }

        var violations: Int { lock.withLock { releasedWhileInside } }
    }

    /// Captured by the subscriber's `onCompleted`: tells the probe when the closure is released.
    private final class Token {
        let probe: Probe
        init(_ probe: Probe) { self.probe = probe }
        deinit { probe.tokenReleased() }
    }

    /// Runs `shape` over a subject sent to on another thread; the first value delivered waits
    /// inside `onNext` until the test thread has disposed the subscription, and the
    /// subscriber's closures must not be released before that delivery has returned.
    private func checkDisposeDuringTheNextSourcesDelivery(
        _ name: String, _ shape: (Observable<Int>) -> Observable<Int>, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let subject = PublishSubject<Int>()
        let probe = Probe()
        var bag: DisposeBag? = DisposeBag()
        shape(subject.asObservable())
            .subscribe(
                onNext: { _ in
                    probe.inside = true
                    probe.entered.signal()
                    _ = probe.disposed.wait(timeout: .now() + 5)
                    probe.inside = false
                },
                onCompleted: Self.completion(holding: Token(probe))
            )
            .disposed(by: bag!)
        let producer = Thread { subject.onNext(1) }
        producer.start()
        XCTAssertEqual(probe.entered.wait(timeout: .now() + 10), .success, name, file: file, line: line)
        bag = nil  // released while the producer's thread is inside `onNext`
        probe.disposed.signal()
        assertFinishes("\(name): the producer returns", file: file, line: line) {
            while subject.hasObservers { usleep(100) }
        }
        XCTAssertEqual(probe.violations, 0, "\(name): a closure was released during a delivery", file: file, line: line)
    }

    /// A completion closure that holds `token` (and nothing else does).
    private static func completion(holding token: Token) -> () -> Void {
        { withExtendedLifetime(token) {} }
    }

    func testCatchDisposedWhileTheFallbackDelivers() {
        struct Failure: Error {}
        checkDisposeDuringTheNextSourcesDelivery("share.map(throw).catch(just)") {
            $0.share().map { _ -> Int in throw Failure() }.catch { _ in .just(0) }
        }
        checkDisposeDuringTheNextSourcesDelivery("map(throw).catchAndReturn") {
            $0.map { _ -> Int in throw Failure() }.catchAndReturn(0)
        }
    }

    func testConcatDisposedWhileTheNextSourceDelivers() {
        checkDisposeDuringTheNextSourcesDelivery("take(1).concat(just)") {
            $0.take(1).filter { _ in false }.concat(Observable.just(0))
        }
    }

    func testRetryDisposedWhileTheResubscribedSourceDelivers() {
        struct Failure: Error {}
        checkDisposeDuringTheNextSourcesDelivery("retry over a failing source") { source in
            var attempts = 0
            return Observable.deferred { () -> Observable<Int> in
                attempts += 1
                return attempts == 1 ? source.map { _ -> Int in throw Failure() } : .just(0)
            }.retry(2)
        }
    }

    /// F5 as found: `share().map { throw }.catch { .just(0) }` in a bag released while a producer
    /// sends, many rounds (AddressSanitizer reports the double free this used to cause).
    func testShareMapThrowCatchInABagReleasedWhileAProducerSends() {
        struct Failure: Error {}
        let subject = PublishSubject<Int>()
        assertFinishes("bags released while a producer sends") {
            let sender = LoopingSender { subject.onNext($0) }
            for _ in 0..<300 {
                let bag = DisposeBag()
                for _ in 0..<4 {
                    subject.share().map { _ -> Int in throw Failure() }.catch { _ in .just(0) }
                        .subscribe(onNext: { _ in }).disposed(by: bag)
                }
                _ = bag
            }
            sender.stop()
        }
        XCTAssertFalse(subject.hasObservers)
    }
}
