import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Scenes: launch")
struct SceneLaunchTests {

    @Test("a plain launch runs the launch hooks, then connects one scene that becomes active")
    func plainLaunch() throws {
        let harness = SceneHarness()
        let outcome = try harness.controller.launch()

        #expect(outcome == LaunchOutcome(results: []))
        #expect(harness.app.events == [.willFinishLaunching, .didFinishLaunching] + firstSceneEvents())
        #expect(harness.controller.state == .active)
        #expect(harness.controller.state(of: "scene-1") == .foregroundActive)
        #expect(harness.controller.connectedSessions.map(\.persistentIdentifier) == ["scene-1"])
    }

    @Test("a cold launch by URL connects the first scene with the URL in its connection options")
    func urlLaunch() throws {
        let harness = SceneHarness()
        let launchURL = try url("notes://open/42")
        let outcome = try harness.controller.launch(options: LaunchOptions(url: launchURL), delivery: DeliveryID(7))

        #expect(outcome == LaunchOutcome(results: [DeliveryResult(delivery: DeliveryID(7), verdict: .handled)]))
        #expect(harness.app.events == [.willFinishLaunching, .didFinishLaunching] + firstSceneEvents(urls: ["notes://open/42"]))
        #expect(harness.scene("scene-1").connectionOptions?.urlContexts.map(\.url) == [launchURL])
    }

    @Test("a launch hook that returns false keeps the URL from every scene", arguments: [(false, true), (true, false), (false, false)])
    func refusedLaunchURL(will: Bool, did: Bool) throws {
        let harness = SceneHarness()
        harness.app.willFinishLaunchingResult = will
        harness.app.didFinishLaunchingResult = did
        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("notes://new?title=x")), delivery: DeliveryID(1))

        #expect(outcome.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .declined)])
        #expect(harness.app.events == [.willFinishLaunching, .didFinishLaunching] + firstSceneEvents())
        #expect(harness.controller.state == .active)
    }

    @Test("a launch URL that matches no route is rejected; the first scene connects without it")
    func rejectedLaunchURL() throws {
        let harness = SceneHarness()
        let outcome = try harness.controller.launch(options: LaunchOptions(url: try url("notes://nowhere")))
        guard case .rejected = outcome.results.first?.verdict else {
            Issue.record("\(outcome)")
            return
        }
        #expect(harness.app.events == [.willFinishLaunching, .didFinishLaunching] + firstSceneEvents())
    }

    @Test("the app is inactive while it launches and connects its first scene, active after")
    func statesDuringLaunch() throws {
        let harness = SceneHarness()
        _ = try harness.controller.launch()

        #expect(harness.records == [
            HookRecord(hook: .willFinishLaunching, state: .inactive),
            HookRecord(hook: .restoreState, state: .inactive),
            HookRecord(hook: .didFinishLaunching, state: .inactive),
            HookRecord(hook: .configurationForConnecting, session: "scene-1", state: .inactive),
            HookRecord(hook: .willConnect, session: "scene-1", sceneState: .unattached, state: .inactive),
            HookRecord(hook: .willEnterForeground, session: "scene-1", sceneState: .foregroundInactive, state: .inactive),
            HookRecord(hook: .didBecomeActive, session: "scene-1", sceneState: .foregroundActive, state: .active),
        ])
    }

    @Test("queued URLs follow the launch, each to the scene the rule chooses")
    func queued() throws {
        let harness = SceneHarness()
        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("notes://new?title=a")), delivery: DeliveryID(1),
            queued: [PendingDelivery(url: try url("notes://new?title=b"), delivery: DeliveryID(2))])

        #expect(outcome.results.map(\.verdict) == [.handled, .handled])
        #expect(harness.controller.connectedSessions.map(\.persistentIdentifier) == ["scene-1", "scene-2"])
        #expect(harness.controller.state(of: "scene-1") == .foregroundInactive)
        #expect(harness.controller.state(of: "scene-2") == .foregroundActive)
    }

    @Test("a launch step that overruns the deadline ends the launch with no scene", arguments: [Hook.willFinishLaunching, .didFinishLaunching])
    func overrun(hook: Hook) throws {
        let harness = SceneHarness()
        harness.app.actions[hook] = { harness.clock.advance(by: .milliseconds(5001)) }
        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("notes://new")), delivery: DeliveryID(1))

        let expectedHook: Hook = hook == .willFinishLaunching ? .willFinishLaunching : .didFinishLaunching
        #expect(outcome.failure == .timedOut(hook: expectedHook, elapsed: .milliseconds(5001), deadline: .seconds(5)))
        #expect(outcome.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .launchTimedOut)])
        #expect(!harness.app.events.contains(.configurationForConnecting("scene-1")))
        #expect(harness.controller.state == .notRunning)
        #expect(harness.controller.sessions.isEmpty)
    }

    @Test("launching a running app is an illegal transition")
    func launchTwice() throws {
        let harness = SceneHarness()
        try harness.launch()
        #expect(throws: LifecycleError.illegalTransition(event: .launch, state: .active)) {
            try harness.controller.launch()
        }
        #expect(harness.app.events.isEmpty)
    }

    @Test("an event sent from inside a hook is refused as reentrant")
    func reentrant() throws {
        let harness = SceneHarness()
        var caught: LifecycleError?
        harness.app.actions[.didFinishLaunching] = {
            do { try harness.controller.activate("scene-1") } catch { caught = error as? LifecycleError }
        }
        try harness.launch()
        #expect(caught == .reentrantEvent(event: .activate, during: .launch))
    }
}
