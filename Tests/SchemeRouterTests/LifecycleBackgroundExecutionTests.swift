import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: background execution as seed 003 §3.1 defines it, exits-on-suspend, interruptions, launch reasons")
struct LifecycleBackgroundExecutionTests {
    @Test("each task gets a unique identifier; several may be open, begun in the foreground")
    func uniqueIdentifiers() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        let ids = (1...5).map { harness.controller.beginBackgroundTask(name: "task \($0)") }
        #expect(Set(ids).count == 5)
        #expect(!ids.contains(.invalid))
        #expect(harness.controller.outstandingBackgroundTasks == ids)
        try harness.controller.endBackgroundTask(ids[2])
        #expect(harness.controller.outstandingBackgroundTasks == [ids[0], ids[1], ids[3], ids[4]])
        #expect(harness.controller.beginBackgroundTask() > ids[4])
    }

    @Test("backgroundTimeRemaining: unlimited in the foreground, counting down in the background, zero once suspended")
    func timeRemaining() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        #expect(harness.controller.backgroundTimeRemaining == nil)
        try harness.controller.resignActive()
        #expect(harness.controller.backgroundTimeRemaining == nil)
        try harness.controller.enterBackground()
        #expect(harness.controller.backgroundTimeRemaining == .seconds(5))
        harness.clock.advance(by: .seconds(2))
        #expect(harness.controller.backgroundTimeRemaining == .seconds(3))
        let task = harness.controller.beginBackgroundTask()
        #expect(harness.controller.backgroundTimeRemaining == .seconds(28))
        try harness.controller.endBackgroundTask(task)
        harness.clock.advance(by: .seconds(4))
        #expect(harness.controller.backgroundTimeRemaining == .zero)
        try harness.controller.tick()
        #expect(harness.controller.backgroundTimeRemaining == .zero)
    }

    @Test("when the background time is already up, or the app is suspended or not running, the identifier is invalid",
          arguments: ["base deadline passed", "allowance passed", "suspended", "notRunning"])
    func invalidWhenTimeIsUp(situation: String) throws {
        let harness = LifecycleHarness()
        switch situation {
        case "base deadline passed":
            try harness.drive(to: .background)
            harness.clock.advance(by: .seconds(5))
        case "allowance passed":
            try harness.drive(to: .background)
            let held = harness.controller.beginBackgroundTask()
            harness.clock.advance(by: .seconds(31))
            #expect(held != .invalid)
        case "suspended":
            try harness.drive(to: .suspended)
        default:
            break
        }
        let before = harness.controller.outstandingBackgroundTasks
        let task = harness.controller.beginBackgroundTask(name: "late") { Issue.record("an invalid task never expires") }
        #expect(task == .invalid)
        #expect(task.description == "invalid task")
        #expect(harness.controller.outstandingBackgroundTasks == before)
        try harness.controller.endBackgroundTask(task)
    }

    @Test("expiry: the handler may end its task (suspended); a task still open terminates the app with willTerminate")
    func expiryTerminates() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .background)
        var ids: [BackgroundTaskID] = []
        ids.append(harness.controller.beginBackgroundTask(name: "polite") { try? harness.controller.endBackgroundTask(ids[0]) })
        ids.append(harness.controller.beginBackgroundTask(name: "stubborn") {})
        ids.append(harness.controller.beginBackgroundTask(name: "no handler"))
        harness.clock.advance(by: .seconds(30))
        #expect(try harness.controller.tick() == .terminated(expired: ids, unended: [ids[1], ids[2]]))
        #expect(harness.controller.state == .notRunning)
        #expect(harness.delegate.events == [.willTerminate])
        #expect(throws: LifecycleError.illegalTransition(event: .receive, state: .notRunning)) {
            try harness.controller.receive(try url("todolist://late"))
        }
    }

    @Test("exits on suspend: leaving the foreground terminates with willTerminate instead of entering the background")
    func exitsOnSuspend() throws {
        let harness = LifecycleHarness(configuration: LifecycleConfiguration(exitsOnSuspend: true))
        try harness.drive(to: .active)
        try harness.controller.post(.significantTimeChange)
        harness.forget()
        try harness.controller.resignActive()
        try harness.controller.enterBackground()
        #expect(harness.delegate.events == [.willResignActive, .willTerminate])
        #expect(harness.records.map(\.state) == [.inactive, .notRunning])
        #expect(harness.controller.state == .notRunning)
        #expect(harness.controller.suspensionDeadline == nil)
    }

    @Test("exits on suspend: a launch into the background is refused before any hook")
    func exitsOnSuspendBackgroundLaunch() throws {
        let harness = LifecycleHarness(configuration: LifecycleConfiguration(exitsOnSuspend: true))
        #expect(throws: LifecycleError.exitsOnSuspend(event: .launch)) {
            try harness.controller.launch(intoBackground: true)
        }
        #expect(harness.delegate.events.isEmpty)
        #expect(LifecycleError.exitsOnSuspend(event: .launch).description
            == "launch into the background refused: the app exits on suspend and never runs in the background")
    }

    @Test("a temporary interruption: active → inactive → active without the background, events delivered meanwhile")
    func interruption() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        let task = harness.controller.beginBackgroundTask()
        try harness.controller.resignActive()
        try harness.controller.post(.memoryWarning)
        #expect(try harness.controller.receive(try url("todolist://during")) == .handled)
        harness.clock.advance(by: .seconds(3600))
        #expect(try harness.controller.tick() == .nothingDue)
        try harness.controller.becomeActive()
        #expect(harness.delegate.events == [
            .willResignActive, .didReceiveMemoryWarning, .open("todolist://during"), .didBecomeActive,
        ])
        #expect(harness.records.map(\.state) == [.inactive, .inactive, .inactive, .active])
        #expect(harness.controller.outstandingBackgroundTasks == [task])
    }

    @Test("launch reasons: a URL, a plain launch, a background launch, and what a caller names",
          arguments: [
            (LaunchReason?.none, false, true, LaunchReason.url),
            (nil, false, false, .plain),
            (nil, true, false, .background),
            (.busActivation, false, true, .busActivation),
            (.busAction(name: "compose"), false, false, .busAction(name: "compose")),
            (.restoration, false, false, .restoration),
          ])
    func launchReason(given: LaunchReason?, intoBackground: Bool, withURL: Bool, expected: LaunchReason) throws {
        let harness = LifecycleHarness()
        let launchURL = withURL ? try url("todolist://x") : nil
        _ = try harness.controller.launch(
            options: LaunchOptions(url: launchURL, reason: given),
            intoBackground: intoBackground)
        #expect(harness.delegate.receivedLaunchOptions.map(\.reason) == [expected, expected])
    }
}
