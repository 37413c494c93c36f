// Operator-reference sections: scheduling and time-shifting operators (see Sections.swift).
import Rivulet
import RivuletTest

func schedulingSections() -> [Section] {
    [
        Section(
            title: "delay", declarations: [("Delay.swift", "delay(")], combine: "`delay(for:scheduler:)`",
            demos: [
                Demo(code: "xs.delay(.seconds(20), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b---|")
                    return lab.start { xs.delay(.seconds(20), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "delaySubscription", declarations: [("DelaySubscription.swift", "delaySubscription(")], combine: nil,
            demos: [
                Demo(code: "xs.delaySubscription(.seconds(30), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b---c--|")
                    return lab.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "observe(on:)", declarations: [("ObserveOn.swift", "")],
            combine: "`receive(on:)`",
            demos: [
                Demo(
                    code: "xs.observe(on: scheduler)",
                    note:
                        "On the test scheduler each event is delivered one tick later (work scheduled \"now\" runs at clock + 1, as in RxTest)."
                ) { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.observe(on: scheduler) }
                }
            ]),
        Section(
            title: "subscribe(on:)", declarations: [("SubscribeOn.swift", "")], combine: "`subscribe(on:)`",
            demos: [
                Demo(
                    code: "xs.subscribe(on: scheduler)", simulateProcessingDelay: false,
                    note:
                        "The source is subscribed, and later disposed, by an action on `scheduler`. With the default test scheduler that action runs one tick later (`Subscription(201, 1001)`); this demo's scheduler runs it in the same tick (`simulateProcessingDelay: false`)."
                ) { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.subscribe(on: scheduler) }
                }
            ]),
    ]
}
