import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: background deadline and background tasks")
struct LifecycleBackgroundTests {
    /// A harness whose app entered the background at clock time 100 s.
    func backgrounded(configuration: LifecycleConfiguration = LifecycleConfiguration()) throws -> LifecycleHarness {
        let harness = LifecycleHarness(configuration: configuration)
        try harness.drive(to: .inactive)
        harness.clock.advance(by: .seconds(100))
        try harness.controller.enterBackground()
        harness.forget()
        return harness
    }

    @Test("without a background task the app is suspended when the deadline is reached, with no hook")
    func baseDeadline() throws {
        let harness = try backgrounded()
        #expect(harness.controller.suspensionDeadline == .seconds(105))
        harness.clock.advance(by: .milliseconds(4999))
        #expect(try harness.controller.tick() == .nothingDue)
        #expect(harness.controller.state == .background)
        harness.clock.advance(by: .milliseconds(1))
        #expect(try harness.controller.tick() == .suspended(expired: []))
        #expect(harness.controller.state == .suspended)
        #expect(harness.delegate.events.isEmpty)
        #expect(harness.records.isEmpty)
        #expect(harness.controller.suspensionDeadline == nil)
        // Suspended stays suspended.
        harness.clock.advance(by: .seconds(60))
        #expect(try harness.controller.tick() == .nothingDue)
        #expect(harness.controller.state == .suspended)
    }

    @Test("the deadline is configurable")
    func configuredDeadline() throws {
        let harness = try backgrounded(configuration: LifecycleConfiguration(backgroundDeadline: .seconds(1)))
        harness.clock.advance(by: .seconds(1))
        #expect(try harness.controller.tick() == .suspended(expired: []))
    }

    @Test("didEnterBackground's own time counts against the deadline")
    func hookTimeCounts() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .inactive)
        harness.delegate.actions[.didEnterBackground] = { harness.clock.advance(by: .seconds(5)) }
        try harness.controller.enterBackground()
        #expect(try harness.controller.tick() == .suspended(expired: []))
    }

    @Test("a background task extends the deadline to the allowance; its expiration handler runs, and a task left open terminates the app")
    func taskExtendsThenExpires() throws {
        let harness = try backgrounded()
        var log: [String] = []
        let task = harness.controller.beginBackgroundTask {
            log.append("expired while \(harness.controller.state.rawValue)")
        }
        #expect(harness.controller.outstandingBackgroundTasks == [task])
        #expect(harness.controller.suspensionDeadline == .seconds(130))

        harness.clock.advance(by: .seconds(5))
        #expect(try harness.controller.tick() == .nothingDue)
        harness.clock.advance(by: .milliseconds(24_999))
        #expect(try harness.controller.tick() == .nothingDue)
        #expect(harness.controller.state == .background)
        #expect(log.isEmpty)

        harness.clock.advance(by: .milliseconds(1))
        #expect(try harness.controller.tick() == .terminated(expired: [task], unended: [task]))
        #expect(log == ["expired while background"])
        #expect(harness.controller.state == .notRunning)
        #expect(harness.controller.outstandingBackgroundTasks.isEmpty)
        #expect(harness.delegate.events == [.willTerminate])
        #expect(harness.records == [
            HookRecord(hook: .backgroundTaskExpiration, state: .background), HookRecord(hook: .willTerminate, state: .notRunning),
        ])
        #expect(throws: LifecycleError.unknownBackgroundTask(task)) {
            try harness.controller.endBackgroundTask(task)
        }
    }

    @Test("expiration handlers run in the order the tasks began, may end their tasks, and skip tasks already ended")
    func expirationOrder() throws {
        let harness = try backgrounded()
        var log: [String] = []
        var ids: [BackgroundTaskID] = []
        ids.append(harness.controller.beginBackgroundTask {
            log.append("first")
            // The usual pattern: the handler ends its own task, and also a third one.
            try? harness.controller.endBackgroundTask(ids[0])
            try? harness.controller.endBackgroundTask(ids[2])
        })
        ids.append(harness.controller.beginBackgroundTask { log.append("second") })
        ids.append(harness.controller.beginBackgroundTask { log.append("third") })
        #expect(ids[0] < ids[1] && ids[1] < ids[2])

        harness.clock.advance(by: .seconds(30))
        #expect(try harness.controller.tick() == .terminated(expired: [ids[0], ids[1]], unended: [ids[1]]))
        #expect(log == ["first", "second"])
    }

    @Test("ending the last task after the base deadline suspends at the next tick, without expiration")
    func endAfterBaseDeadline() throws {
        let harness = try backgrounded()
        var expired = false
        let task = harness.controller.beginBackgroundTask { expired = true }
        harness.clock.advance(by: .seconds(10))
        #expect(try harness.controller.tick() == .nothingDue)
        try harness.controller.endBackgroundTask(task)
        #expect(harness.controller.state == .background)
        #expect(harness.controller.suspensionDeadline == .seconds(105))
        #expect(try harness.controller.tick() == .suspended(expired: []))
        #expect(!expired)
    }

    @Test("ending the task before the base deadline keeps the base deadline")
    func endBeforeBaseDeadline() throws {
        let harness = try backgrounded()
        let task = harness.controller.beginBackgroundTask {}
        harness.clock.advance(by: .seconds(2))
        try harness.controller.endBackgroundTask(task)
        harness.clock.advance(by: .milliseconds(2999))
        #expect(try harness.controller.tick() == .nothingDue)
        harness.clock.advance(by: .milliseconds(1))
        #expect(try harness.controller.tick() == .suspended(expired: []))
    }

    @Test("a task begun in the foreground, or inside didEnterBackground, extends the background time",
          arguments: [false, true])
    func taskFromForegroundOrHook(insideHook: Bool) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .inactive)
        var task: BackgroundTaskID?
        if insideHook {
            harness.delegate.actions[.didEnterBackground] = {
                task = harness.controller.beginBackgroundTask {}
            }
        } else {
            task = harness.controller.beginBackgroundTask {}
        }
        try harness.controller.enterBackground()
        let begun = try #require(task)
        harness.clock.advance(by: .seconds(29))
        #expect(try harness.controller.tick() == .nothingDue)
        harness.clock.advance(by: .seconds(1))
        #expect(try harness.controller.tick() == .terminated(expired: [begun], unended: [begun]))
    }

    @Test("tasks stay outstanding across a wake, and the allowance restarts with the next background entry")
    func taskAcrossWake() throws {
        let harness = try backgrounded()
        let task = harness.controller.beginBackgroundTask {}
        harness.clock.advance(by: .seconds(20))
        _ = try harness.controller.receive(try url("todolist://x"))
        #expect(harness.controller.outstandingBackgroundTasks == [task])
        try harness.controller.resignActive()
        try harness.controller.enterBackground()
        #expect(harness.controller.suspensionDeadline == .seconds(150))
    }

    @Test("an expiration handler that ends its task lets the app be suspended; one begun inside it is invalid")
    func noBeginWhileExpiring() throws {
        let harness = try backgrounded()
        var begun: BackgroundTaskID?
        var ids: [BackgroundTaskID] = []
        ids.append(harness.controller.beginBackgroundTask(name: "upload") {
            begun = harness.controller.beginBackgroundTask {}
            try? harness.controller.endBackgroundTask(ids[0])
        })
        let task = ids[0]
        harness.clock.advance(by: .seconds(30))
        #expect(try harness.controller.tick() == .suspended(expired: [task]))
        #expect(begun == .invalid)
        #expect(harness.controller.state == .suspended)
        #expect(harness.delegate.events.isEmpty)
        #expect(harness.controller.outstandingBackgroundTasks.isEmpty)
    }

    @Test("ending a task that is not outstanding throws")
    func endUnknown() throws {
        let harness = try backgrounded()
        let task = harness.controller.beginBackgroundTask {}
        try harness.controller.endBackgroundTask(task)
        #expect(throws: LifecycleError.unknownBackgroundTask(task)) {
            try harness.controller.endBackgroundTask(task)
        }
    }

    @Test("terminate drops outstanding tasks without running their expiration handlers")
    func terminateDropsTasks() throws {
        let harness = try backgrounded()
        var expired = false
        let task = harness.controller.beginBackgroundTask { expired = true }
        try harness.controller.terminate()
        #expect(!expired)
        #expect(harness.controller.outstandingBackgroundTasks.isEmpty)
        #expect(throws: LifecycleError.unknownBackgroundTask(task)) {
            try harness.controller.endBackgroundTask(task)
        }
    }

    @Test("tick does nothing outside the background", arguments: [AppState.notRunning, .inactive, .active, .suspended])
    func tickElsewhere(state: AppState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: state)
        harness.clock.advance(by: .seconds(3600))
        #expect(try harness.controller.tick() == .nothingDue)
        #expect(harness.controller.state == state)
        #expect(harness.delegate.events.isEmpty)
    }
}
