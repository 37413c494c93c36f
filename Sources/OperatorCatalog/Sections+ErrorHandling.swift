// Operator-reference sections: error-handling operators (see Sections.swift).
import Rivulet
import RivuletTest

func errorHandlingSections() -> [Section] {
    [
        Section(
            title: "catch", declarations: [("Catch.swift", "`catch`("), ("Catch.swift", "catchError(")],
            combine: "`catch { _ in fallback }`, `tryCatch`; `mapError` to transform the error",
            demos: [
                Demo(code: "xs.catch { _ in ys.asObservable() }") { lab in
                    let xs = try lab.hot("xs", "--a--#")
                    let ys = try lab.cold("ys", "-x-y|")
                    return lab.start { xs.catch { _ in ys.asObservable() } }
                }
            ]),
        Section(
            title: "catch(sequence:)", declarations: [("Catch.swift", "`catch`<"), ("Catch.swift", "catchError<")],
            combine: nil,
            demos: [
                Demo(code: "Observable.catch(sequence: [ys.asObservable(), zs.asObservable()])") { lab in
                    let ys = try lab.cold("ys", "-a-#")
                    let zs = try lab.cold("zs", "--b|")
                    return lab.start { Observable.catch(sequence: [ys.asObservable(), zs.asObservable()]) }
                }
            ]),
        Section(
            title: "catchAndReturn",
            declarations: [("Catch.swift", "catchAndReturn("), ("Catch.swift", "catchErrorJustReturn(")],
            combine: "`replaceError(with:)`",
            demos: [
                Demo(code: #"xs.catchAndReturn("z")"#) { lab in
                    let xs = try lab.hot("xs", "--a--#")
                    return lab.start { xs.catchAndReturn("z") }
                }
            ]),
        Section(
            title: "retry", declarations: [("Retry.swift", "retry(")],
            combine: "`retry(n - 1)` (Combine counts the retries, Rx the attempts)",
            demos: [
                Demo(code: "xs.retry(3)") { lab in
                    let xs = try lab.cold("xs", "-a-#")
                    return lab.start { xs.retry(3) }
                }
            ]),
        Section(
            title: "timeout", declarations: [("Timeout.swift", "timeout")],
            combine: "`timeout(_:scheduler:customError:)` (finishes on a time-out unless `customError` is given)",
            demos: [
                Demo(code: "xs.timeout(.seconds(30), scheduler: scheduler)", note: "The error is `RxError.timeout`.") {
                    lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b------c--|")
                    return lab.start { xs.timeout(.seconds(30), scheduler: scheduler) }
                },
                Demo(code: "xs.timeout(.seconds(30), other: ys, scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b------c--|")
                    let ys = try lab.cold("ys", "-x-y|")
                    return lab.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
                },
            ]),
        Section(
            title: "retry(when:)", declarations: [("RetryWhen.swift", "retry"), ("RetryWhen.swift", "retryWhen")],
            combine: nil,
            demos: [
                Demo(code: "xs.retry(when: { errors in errors.take(2) })") { lab in
                    let xs = try lab.cold("xs", "-a-#")
                    return lab.start { xs.retry(when: { errors in errors.take(2) }) }
                },
                Demo(
                    code:
                        "xs.retry(when: { errors in errors.delay(.seconds(20), scheduler: scheduler) })  // disposed at 300"
                ) {
                    lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.cold("xs", "-a-#")
                    return lab.start(disposed: 300) {
                        xs.retry(when: { errors in errors.delay(.seconds(20), scheduler: scheduler) })
                    }
                },
            ]),
    ]
}
