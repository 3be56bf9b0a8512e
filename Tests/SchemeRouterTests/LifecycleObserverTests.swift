import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: hook observer")
struct LifecycleObserverTests {
    @Test("a cold launch records each hook with the state after it, and the URL and delivery for open")
    func coldLaunch() throws {
        let harness = LifecycleHarness()
        _ = try harness.controller.launch(options: LaunchOptions(url: try url(seedURLText)))
        #expect(harness.records == [
            HookRecord(hook: .willFinishLaunching, state: .inactive),
            HookRecord(hook: .restoreState, state: .inactive),
            HookRecord(hook: .didFinishLaunching, state: .inactive),
            HookRecord(hook: .open, state: .inactive, url: seedURLText, delivery: DeliveryID(1)),
            HookRecord(hook: .didBecomeActive, state: .active),
        ])
    }

    @Test("a background launch records the background state")
    func backgroundLaunch() throws {
        let harness = LifecycleHarness()
        _ = try harness.controller.launch(intoBackground: true)
        #expect(harness.records.map(\.hook) == [.willFinishLaunching, .restoreState, .didFinishLaunching, .didEnterBackground])
        #expect(harness.records.allSatisfy { $0.state == .background })
    }

    @Test("a wake records willEnterForeground → inactive, open → inactive, didBecomeActive → active")
    func wake() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .suspended)
        _ = try harness.controller.receive(try url("todolist://x"))
        #expect(harness.records == [
            HookRecord(hook: .willEnterForeground, state: .inactive),
            HookRecord(hook: .open, state: .inactive, url: "todolist://x", delivery: DeliveryID(1)),
            HookRecord(hook: .didBecomeActive, state: .active),
        ])
    }

    @Test("leaving the foreground and terminating record their states")
    func leaving() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        try harness.controller.resignActive()
        try harness.controller.enterBackground()
        try harness.controller.terminate()
        #expect(harness.records == [
            HookRecord(hook: .willResignActive, state: .inactive),
            HookRecord(hook: .didEnterBackground, state: .background),
            HookRecord(hook: .willTerminate, state: .notRunning),
        ])
    }

    @Test("an open that throws is still recorded")
    func throwingOpen() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        harness.delegate.openResult = { _, _ in throw OpenRefusal() }
        _ = try harness.controller.receive(try url("todolist://x"))
        #expect(harness.records == [HookRecord(hook: .open, state: .active, url: "todolist://x", delivery: DeliveryID(1))])
    }

    @Test("a timed-out launch records the hooks that ran, and no more")
    func timedOut() throws {
        let harness = LifecycleHarness()
        harness.delegate.actions[.didFinishLaunching] = { harness.clock.advance(by: .seconds(9)) }
        _ = try harness.controller.launch()
        #expect(harness.records == [
            HookRecord(hook: .willFinishLaunching, state: .inactive),
            HookRecord(hook: .restoreState, state: .inactive),
            HookRecord(hook: .didFinishLaunching, state: .inactive),
        ])
    }

    @Test("the observer runs after the hook has returned")
    func afterTheHook() throws {
        let harness = LifecycleHarness()
        var order: [String] = []
        harness.delegate.actions[.didBecomeActive] = { order.append("hook") }
        harness.controller.hookObserver = { order.append("observer \($0.hook.rawValue)") }
        _ = try harness.controller.launch()
        #expect(order == [
            "observer willFinishLaunching", "observer restoreState", "observer didFinishLaunching",
            "hook", "observer didBecomeActive",
        ])
    }

    @Test("hook names are the trace's names", arguments: [
        (Hook.willFinishLaunching, "willFinishLaunching"), (.restoreState, "restoreState"),
        (.didFinishLaunching, "didFinishLaunching"), (.open, "open"), (.didBecomeActive, "didBecomeActive"),
        (.willResignActive, "willResignActive"), (.didEnterBackground, "didEnterBackground"),
        (.willEnterForeground, "willEnterForeground"), (.willTerminate, "willTerminate"),
    ])
    func traceNames(hook: Hook, name: String) {
        #expect(hook.rawValue == name)
        #expect(Hook(rawValue: name) == hook)
    }

    @Test("state names", arguments: zip(AppState.allCases, ["notRunning", "inactive", "active", "background", "suspended"]))
    func stateNames(state: AppState, name: String) {
        #expect(state.rawValue == name)
    }
}
