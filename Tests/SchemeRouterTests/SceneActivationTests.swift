import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// The app asked for itself, not for a URL (its icon, D-Bus `Activate`, the app run again): the
/// most recently active connected scene comes forward, or a new scene connects when none is.
@MainActor
@Suite("Scenes: activating the app")
struct SceneActivationTests {
    @Test("the scene activated most recently comes forward from the background, with the queued events first")
    func recentSceneComesForward() throws {
        let harness = SceneHarness()
        try harness.launch()
        #expect(try harness.open("notes://new/") == .handled)
        try harness.controller.activate("scene-1")  // scene-1's window took the focus back
        for session in ["scene-1", "scene-2"] {
            if harness.controller.state(of: session) == .foregroundActive { try harness.controller.resignActive(session) }
            try harness.controller.enterBackground(session)
        }
        try harness.controller.post(.memoryWarning)
        harness.forget()

        let (session, connected) = try harness.controller.activateApp(activationToken: "token-1")
        #expect(session?.persistentIdentifier == "scene-1")
        #expect(!connected)
        #expect(harness.app.events == [.didReceiveMemoryWarning, .sceneWillEnterForeground("scene-1"), .sceneDidBecomeActive("scene-1")])
        #expect(harness.controller.state(of: "scene-1") == .foregroundActive)
        #expect(harness.controller.state(of: "scene-2") == .background)
        #expect(harness.controller.state == .active)
    }

    @Test("a scene in the foreground without the focus takes it; the focused one resigns")
    func inactiveSceneTakesTheFocus() throws {
        let harness = SceneHarness()
        try harness.launch()
        #expect(try harness.open("notes://new/") == .handled)
        try harness.controller.activate("scene-1")
        try harness.controller.resignActive("scene-1")
        try harness.controller.activate("scene-2")
        harness.forget()

        let (session, connected) = try harness.controller.activateApp()
        #expect(session?.persistentIdentifier == "scene-2" && !connected)
        #expect(harness.app.events.isEmpty)

        try harness.controller.resignActive("scene-2")
        try harness.controller.activate("scene-1")
        try harness.controller.resignActive("scene-1")
        harness.forget()
        #expect(try harness.controller.activateApp().session?.persistentIdentifier == "scene-1")
        #expect(harness.app.events == [.sceneDidBecomeActive("scene-1")])
    }

    @Test("with every scene closed, a new scene connects with the activation token")
    func newSceneConnects() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.controller.close("scene-1")
        #expect(harness.controller.state == .background)
        harness.forget()

        let (session, connected) = try harness.controller.activateApp(activationToken: "token-2")
        #expect(session?.persistentIdentifier == "scene-2")
        #expect(connected)
        #expect(harness.app.events == firstSceneEvents("scene-2"))
        let options = try #require(harness.scene("scene-2").connectionOptions)
        #expect(options.activationToken == "token-2")
        #expect(options.urlContexts.isEmpty && !options.isRestoring)
        #expect(harness.controller.state == .active)
    }

    @Test("a launch's and a URL's activation tokens reach the connecting scene's options")
    func tokensReachConnectionOptions() throws {
        let harness = SceneHarness()
        #expect(try harness.controller.launch(options: LaunchOptions(activationToken: "launch-token")) == LaunchOutcome(results: []))
        #expect(harness.scene("scene-1").connectionOptions?.activationToken == "launch-token")
        let url = try SchemeURL("notes://new/")
        #expect(try harness.controller.receive(url, options: OpenOptions(activationToken: "url-token")) == .handled)
        #expect(harness.scene("scene-2").connectionOptions?.activationToken == "url-token")
    }

    @Test("refused unless the app is running")
    func refusedWhenNotRunning() throws {
        let harness = SceneHarness()
        #expect(throws: LifecycleError.illegalTransition(event: .activateApp, state: .notRunning)) {
            try harness.controller.activateApp()
        }
        #expect(harness.app.events.isEmpty)
    }
}
