import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// Every launch step, with the hooks recorded up to and including it.
let launchOverrunCases: [(hook: Hook, ran: [RecordedHook])] = [
    (.willFinishLaunching, [.willFinishLaunching]),
    (.didFinishLaunching, [.willFinishLaunching, .didFinishLaunching]),
]

@MainActor
@Suite("Lifecycle: launch deadline")
struct LifecycleLaunchDeadlineTests {

    @Test("a launch step that overruns ends the launch; no further hook runs; every delivery is told", arguments: launchOverrunCases)
    func overrun(hook: Hook, ran: [RecordedHook]) throws {
        let harness = LifecycleHarness()
        harness.clock.advance(by: .seconds(1000))
        harness.delegate.actions[hook] = { harness.clock.advance(by: .milliseconds(5001)) }
        let queued = [
            PendingDelivery(url: try url("todolist://a"), delivery: DeliveryID(2)),
            PendingDelivery(url: try url("todolist://b"), delivery: DeliveryID(3)),
        ]

        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("todolist://launch")), queued: queued)

        #expect(outcome.failure == .timedOut(hook: hook, elapsed: .milliseconds(5001), deadline: .seconds(5)))
        #expect(outcome.results == [1, 2, 3].map { DeliveryResult(delivery: DeliveryID($0), verdict: .launchTimedOut) })
        #expect(harness.delegate.events == ran)
        #expect(harness.controller.state == .notRunning)
    }

    @Test("the launch hooks share one deadline: small steps that add up overrun it")
    func cumulative() throws {
        let harness = LifecycleHarness()
        for hook in [Hook.willFinishLaunching, .didFinishLaunching] {
            harness.delegate.actions[hook] = { harness.clock.advance(by: .seconds(3)) }
        }
        let outcome = try harness.controller.launch()
        #expect(outcome.failure == .timedOut(hook: .didFinishLaunching, elapsed: .seconds(6), deadline: .seconds(5)))
        #expect(harness.delegate.events == launchHooks)
        #expect(harness.controller.state == .notRunning)
    }

    @Test("a launch that takes exactly the deadline is on time")
    func exactlyOnTime() throws {
        let harness = LifecycleHarness()
        harness.delegate.actions[.willFinishLaunching] = { harness.clock.advance(by: .seconds(3)) }
        harness.delegate.actions[.didFinishLaunching] = { harness.clock.advance(by: .seconds(2)) }
        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("todolist://x")))
        #expect(outcome.failure == nil)
        #expect(outcome.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .handled)])
        #expect(harness.controller.state == .active)
    }

    @Test("the deadline is configurable")
    func configuredDeadline() throws {
        let harness = LifecycleHarness(configuration: LifecycleConfiguration(launchDeadline: .milliseconds(100)))
        harness.delegate.actions[.willFinishLaunching] = { harness.clock.advance(by: .milliseconds(101)) }
        let outcome = try harness.controller.launch()
        #expect(outcome.failure == .timedOut(hook: .willFinishLaunching, elapsed: .milliseconds(101), deadline: .milliseconds(100)))
    }

    @Test("a background launch has the same deadline, and never reaches didEnterBackground when it overruns")
    func backgroundLaunchOverrun() throws {
        let harness = LifecycleHarness()
        harness.delegate.actions[.willFinishLaunching] = { harness.clock.advance(by: .seconds(6)) }
        let queued = [PendingDelivery(url: try url("todolist://a"), delivery: DeliveryID(9))]
        let outcome = try harness.controller.launch(queued: queued, intoBackground: true)
        #expect(outcome.failure == .timedOut(hook: .willFinishLaunching, elapsed: .seconds(6), deadline: .seconds(5)))
        #expect(outcome.results == [DeliveryResult(delivery: DeliveryID(9), verdict: .launchTimedOut)])
        #expect(harness.delegate.events == [.willFinishLaunching])
        #expect(harness.controller.state == .notRunning)
        #expect(harness.controller.suspensionDeadline == nil)
    }

    @Test("a timed-out launch drops background tasks begun during it, and the app is not running")
    func overrunDropsTasks() throws {
        let harness = LifecycleHarness()
        var expired = false
        harness.delegate.actions[.willFinishLaunching] = {
            _ = harness.controller.beginBackgroundTask { expired = true }
            harness.clock.advance(by: .seconds(6))
        }
        _ = try harness.controller.launch()
        #expect(harness.controller.outstandingBackgroundTasks.isEmpty)
        #expect(!expired)
        #expect(throws: LifecycleError.illegalTransition(event: .receive, state: .notRunning)) {
            try harness.controller.receive(try url("todolist://late"))
        }
    }

    @Test("only the launch hooks count: a slow open or didBecomeActive does not fail the launch")
    func openNotCounted() throws {
        let harness = LifecycleHarness()
        harness.delegate.actions[.open] = { harness.clock.advance(by: .seconds(60)) }
        harness.delegate.actions[.didBecomeActive] = { harness.clock.advance(by: .seconds(60)) }
        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("todolist://x")))
        #expect(outcome.failure == nil)
        #expect(harness.controller.state == .active)
    }
}
