import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Scenes: where a URL goes")
struct SceneDeliveryTests {

    @Test("a note's URL connects a new scene when no scene shows the note; the focused scene resigns")
    func newSceneForContent() throws {
        let harness = SceneHarness()
        try harness.launch()
        #expect(try harness.open("notes://open/42") == .handled)

        #expect(harness.app.events == [
            .configurationForConnecting("scene-2"), .willConnect("scene-2", urls: ["notes://open/42"]),
            .sceneWillEnterForeground("scene-2"), .sceneWillResignActive("scene-1"), .sceneDidBecomeActive("scene-2"),
        ])
        #expect(harness.controller.state(of: "scene-1") == .foregroundInactive)
        #expect(harness.controller.state(of: "scene-2") == .foregroundActive)
    }

    @Test("a note's URL presents the scene already showing it instead of a duplicate")
    func existingSceneForContent() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.open("notes://open/42")
        harness.scene("scene-2").targetContentIdentifiers = ["note/42"]
        try harness.controller.activate("scene-1")
        harness.forget()

        #expect(try harness.open("notes://open/42") == .handled)
        #expect(harness.app.events == [
            .openURLContexts("scene-2", url: "notes://open/42"), .sceneWillResignActive("scene-1"), .sceneDidBecomeActive("scene-2"),
        ])
        #expect(harness.controller.sessions.count == 2)
    }

    @Test("a URL for a scene in the background brings it to the foreground, then opens, then activates it")
    func backgroundScene() throws {
        let harness = SceneHarness()
        try harness.launch()
        harness.scene("scene-1").targetContentIdentifiers = ["note/7"]
        try harness.controller.resignActive("scene-1")
        try harness.controller.enterBackground("scene-1")
        #expect(harness.controller.state == .background)
        harness.forget()

        #expect(try harness.open("notes://open/7") == .handled)
        #expect(harness.app.events == [
            .sceneWillEnterForeground("scene-1"), .openURLContexts("scene-1", url: "notes://open/7"), .sceneDidBecomeActive("scene-1"),
        ])
        #expect(harness.controller.state == .active)
    }

    @Test("notes://new always connects a new scene, even when the current one shows that content")
    func alwaysNew() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.open("notes://new?title=a", delivery: 1)
        try harness.open("notes://new?title=a", delivery: 2)
        #expect(harness.controller.connectedSessions.map(\.persistentIdentifier) == ["scene-1", "scene-2", "scene-3"])
        #expect(harness.controller.state(of: "scene-3") == .foregroundActive)
    }

    @Test("among scenes showing the content, the one activated most recently wins")
    func mostRecentWins() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.open("notes://new", delivery: 1)
        try harness.open("notes://new", delivery: 2)
        for session in ["scene-1", "scene-2", "scene-3"] { harness.scene(session).targetContentIdentifiers = ["note/1"] }
        try harness.controller.activate("scene-2")
        try harness.controller.activate("scene-1")
        harness.forget()

        try harness.open("notes://open/1")
        #expect(harness.app.events == [.openURLContexts("scene-1", url: "notes://open/1")])
    }

    @Test("any other URL goes to the scene activated most recently")
    func anyScene() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.open("notes://new", delivery: 1)
        try harness.controller.activate("scene-1")
        try harness.controller.resignActive("scene-1")
        harness.forget()

        try harness.open("notes://search?q=milk")
        #expect(harness.app.events == [.openURLContexts("scene-1", url: "notes://search?q=milk"), .sceneDidBecomeActive("scene-1")])
    }

    @Test("the scene's answer is the verdict")
    func verdicts() throws {
        let harness = SceneHarness()
        try harness.launch()
        harness.scene("scene-1").openResult = { _ in false }
        #expect(try harness.open("notes://search?q=a") == .declined)
        harness.scene("scene-1").openResult = { _ in throw OpenRefusal() }
        #expect(try harness.open("notes://search?q=a") == .openFailed("task list is read-only"))
    }

    @Test("a new scene that throws in willConnect fails the URL but stays connected")
    func willConnectThrows() throws {
        let harness = SceneHarness()
        try harness.launch()
        harness.app.configureScene = { $0.willConnectError = OpenRefusal() }
        #expect(try harness.open("notes://new") == .openFailed("task list is read-only"))
        #expect(harness.controller.state(of: "scene-2") == .foregroundActive)
    }

    @Test("a URL that matches no route, or carries an invalid value, is rejected before any hook", arguments: [
        "notes://unknown", "notes://open/x",
    ])
    func rejected(text: String) throws {
        let harness = SceneHarness()
        try harness.launch()
        guard case .rejected = try harness.open(text) else {
            Issue.record("\(text) was not rejected")
            return
        }
        #expect(harness.app.events.isEmpty)
        #expect(harness.controller.sessions.count == 1)
    }

    @Test("a URL before the launch is an illegal transition")
    func beforeLaunch() throws {
        let harness = SceneHarness()
        #expect(throws: LifecycleError.illegalTransition(event: .receive, state: .notRunning)) {
            try harness.open("notes://new")
        }
        #expect(harness.app.events.isEmpty)
    }

    @Test("a disconnected scene is no candidate: its content's URL connects a new scene")
    func disconnectedScene() throws {
        let harness = SceneHarness()
        try harness.launch()
        harness.scene("scene-1").targetContentIdentifiers = ["note/5"]
        try harness.controller.resignActive("scene-1")
        try harness.controller.enterBackground("scene-1")
        try harness.controller.disconnect("scene-1")
        harness.forget()

        try harness.open("notes://open/5")
        #expect(harness.app.events == firstSceneEvents("scene-2", urls: ["notes://open/5"]))
        #expect(harness.controller.state(of: "scene-1") == .unattached)
        #expect(harness.controller.sessions.count == 2)
    }
}
