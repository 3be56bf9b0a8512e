import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// What one engine gives every app alike, with and without scenes: background tasks, exits on
/// suspend, activation, actions, hook announcements, the restoration hooks in the records.
@MainActor
@Suite("One engine for apps with and without scenes")
struct OneEngineTests {
    /// A scene app with one scene in the background (scene-1 hidden), its records forgotten.
    func backgroundedSceneApp(_ configuration: LifecycleConfiguration = LifecycleConfiguration()) throws -> SceneHarness {
        let harness = SceneHarness(configuration: configuration)
        try harness.launch()
        try harness.controller.resignActive("scene-1")
        try harness.controller.enterBackground("scene-1")
        #expect(harness.controller.state == .background)
        harness.forget()
        return harness
    }

    @Test("a scene app gets background tasks: the allowance extends its time, an open task at expiry ends the app")
    func sceneAppBackgroundTasks() throws {
        let harness = try backgroundedSceneApp()
        var expired = 0
        let task = harness.controller.beginBackgroundTask(name: "upload") { expired += 1 }
        #expect(task != .invalid)
        #expect(harness.controller.suspensionDeadline == .seconds(30))

        harness.clock.advance(by: .seconds(5))
        #expect(try harness.controller.tick() == .nothingDue)
        #expect(harness.controller.state == .background)

        harness.clock.advance(by: .seconds(25))
        #expect(try harness.controller.tick() == .terminated(expired: [task], unended: [task]))
        #expect(expired == 1)
        #expect(harness.app.events == [.didDisconnect("scene-1"), .willTerminate])
        #expect(harness.records.map(\.hook) == [.backgroundTaskExpiration, .didDisconnect, .willTerminate])
        #expect(harness.controller.state == .notRunning)
    }

    @Test("a scene app's task ended in time lets its scenes be suspended at the allowance")
    func sceneAppTaskEnded() throws {
        let harness = try backgroundedSceneApp()
        let task = harness.controller.beginBackgroundTask()
        harness.clock.advance(by: .seconds(10))
        try harness.controller.endBackgroundTask(task)
        #expect(try harness.controller.tick() == .suspended(expired: []))
        #expect(harness.controller.state == .suspended)
        #expect(harness.controller.state(of: "scene-1") == .suspended)
        #expect(harness.app.events.isEmpty)
    }

    @Test("a scene app that exits on suspend terminates when its last scene would enter the background")
    func sceneAppExitsOnSuspend() throws {
        let harness = SceneHarness(configuration: LifecycleConfiguration(exitsOnSuspend: true))
        try harness.launch()
        try harness.open("notes://new?a", delivery: 1)
        try harness.controller.resignActive("scene-2")
        try harness.controller.enterBackground("scene-2")
        #expect(harness.app.events == [
            .configurationForConnecting("scene-2"), .willConnect("scene-2", urls: ["notes://new?a"]),
            .sceneWillEnterForeground("scene-2"), .sceneWillResignActive("scene-1"), .sceneDidBecomeActive("scene-2"), .sceneWillResignActive("scene-2"), .sceneDidEnterBackground("scene-2"),
        ])
        harness.forget()
        try harness.controller.enterBackground("scene-1")
        #expect(harness.app.events == [.didDisconnect("scene-1"), .didDisconnect("scene-2"), .willTerminate])
        #expect(harness.controller.state == .notRunning)
    }

    @Test("the app-wide transitions are for an app without scenes: a scene app is told to name the scene", arguments: [
        LifecycleEvent.activate, .resignActive, .enterBackground, .enterForeground,
    ])
    func sceneRequired(event: LifecycleEvent) throws {
        let harness = SceneHarness()
        try harness.launch()
        #expect(throws: LifecycleError.sceneRequired(event: event)) {
            switch event {
            case .activate: try harness.controller.becomeActive()
            case .resignActive: try harness.controller.resignActive()
            case .enterBackground: try harness.controller.enterBackground()
            default: try harness.controller.enterForeground()
            }
        }
        #expect(harness.app.events.isEmpty)
    }

    @Test("activating an app without scenes: the wake sequence from the background, didBecomeActive when inactive, nothing when active")
    func activateWithoutScenes() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .suspended)
        #expect(try harness.controller.activateApp(activationToken: "t").session == nil)
        #expect(harness.delegate.events == [.willEnterForeground, .didBecomeActive])
        harness.forget()
        try harness.controller.activateApp()
        #expect(harness.delegate.events.isEmpty)
        try harness.controller.resignActive()
        harness.forget()
        try harness.controller.activateApp()
        #expect(harness.delegate.events == [.didBecomeActive])
        #expect(harness.controller.state == .active)
    }

    @Test("actions go to the app delegate with and without scenes, in any running state", arguments: [false, true])
    func actions(scenes: Bool) throws {
        let action = AppAction(name: "new-item", parameter: .string("milk"))
        if scenes {
            let harness = try backgroundedSceneApp()
            harness.app.performActionResult = { $0 == action }
            #expect(try harness.controller.perform(action))
            #expect(harness.app.events == [.performAction("new-item")])
            #expect(harness.records == [HookRecord(hook: .performAction, state: .background)])
        } else {
            let harness = LifecycleHarness()
            #expect(throws: LifecycleError.illegalTransition(event: .performAction, state: .notRunning)) {
                try harness.controller.perform(action)
            }
            try harness.drive(to: .active)
            #expect(try !harness.controller.perform(action))
            #expect(harness.delegate.events == [.performAction("new-item")])
        }
    }

    @Test("every hook is announced before it runs and recorded after it, in the same order; the launch steps say so")
    func announcements() throws {
        let harness = SceneHarness()
        var order: [String] = []
        harness.controller.hookAnnouncer = { call in order.append("will \(call) launchStep=\(call.isLaunchStep)") }
        harness.controller.hookObserver = { record in order.append("did \(record.hook.rawValue)") }
        _ = try harness.controller.launch(options: LaunchOptions(url: try url("notes://new?a")), delivery: DeliveryID(1))
        #expect(order == [
            "will willFinishLaunching launchStep=true", "did willFinishLaunching",
            "will restoreState launchStep=true", "did restoreState",
            "will didFinishLaunching launchStep=true", "did didFinishLaunching",
            "will configurationForConnecting of scene-1 launchStep=false", "did configurationForConnecting",
            "will willConnect of scene-1 launchStep=false", "did willConnect",
            "will willEnterForeground of scene-1 launchStep=false", "did willEnterForeground",
            "will didBecomeActive of scene-1 launchStep=false", "did didBecomeActive",
        ])
    }

    @Test("a scene app launched into the background connects its scene straight into the background; a URL then wakes it")
    func sceneAppBackgroundLaunch() throws {
        let harness = SceneHarness()
        let outcome = try harness.controller.launch(intoBackground: true)
        #expect(outcome == LaunchOutcome(results: []))
        #expect(harness.app.events == [
            .willFinishLaunching, .didFinishLaunching, .configurationForConnecting("scene-1"), .willConnect("scene-1"),
            .sceneDidEnterBackground("scene-1"),
        ])
        #expect(harness.records.prefix(3).allSatisfy { $0.state == .background })
        #expect(harness.controller.state == .background)
        #expect(harness.controller.suspensionDeadline == .seconds(5))
        harness.forget()
        #expect(try harness.open("notes://search?x") == .handled)
        #expect(harness.app.events == [
            .sceneWillEnterForeground("scene-1"), .openURLContexts("scene-1", url: "notes://search?x"),
            .sceneDidBecomeActive("scene-1"),
        ])
    }

    @Test("an app without scenes records its restoration hooks too, with the archive's")
    func restorationRecordedWithoutScenes() throws {
        let store = InMemoryRestorationStore()
        for launch in 1...2 {
            let harness = LifecycleHarness()
            harness.delegate.shouldSaveResult = true
            harness.delegate.shouldRestoreResult = true
            harness.controller.statePreservation = StatePreservation(store: store, bundleName: "com.acme.todolist")
            _ = try harness.controller.launch()
            if launch == 1 {
                harness.forget()
                try harness.controller.terminate()
                #expect(harness.records.map(\.hook) == [.shouldSaveApplicationState, .willEncodeRestorableState, .willTerminate])
            } else {
                #expect(harness.records.map(\.hook) == [
                    .willFinishLaunching, .shouldRestoreApplicationState, .didDecodeRestorableState, .restoreState,
                    .didFinishLaunching, .didBecomeActive,
                ])
                #expect(harness.records.allSatisfy { $0.session == nil })
            }
        }
    }
}
