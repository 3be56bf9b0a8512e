import SchemeRouter
import SchemeRouterTestKit
import Testing

/// A scene controller wired to a recording app, a manual clock and an observer that keeps every
/// hook record. URLs route like the Notes example: `notes://open/<id>` targets the scene showing
/// `note/<id>`, `notes://new…` always a new scene, anything else the current scene.
@MainActor
final class SceneHarness {
    let clock = ManualClock()
    let app = RecordingSceneApp()
    let controller: SceneController
    private(set) var records: [SceneHookRecord] = []

    init(configuration: LifecycleConfiguration = LifecycleConfiguration()) {
        controller = SceneController(delegate: app, clock: clock, configuration: configuration)
        controller.hookObserver = { [weak self] record in self?.records.append(record) }
        app.target = notesTarget
    }

    /// Launches without a URL (scene-1 active) and forgets what was recorded.
    func launch() throws {
        let outcome = try controller.launch()
        #expect(outcome == LaunchOutcome(results: []))
        forget()
    }

    /// Opens `text` in the running app and returns the verdict.
    @discardableResult
    func open(_ text: String, delivery: UInt64 = 1) throws -> DeliveryVerdict {
        try controller.receive(try url(text), delivery: DeliveryID(delivery))
    }

    /// The scene delegate of `session`.
    func scene(_ session: String) -> RecordingSceneDelegate {
        guard let scene = app.scenes[session] else {
            Issue.record("no scene \(session)")
            return RecordingSceneDelegate(session: SceneSession(persistentIdentifier: session), app: app)
        }
        return scene
    }

    /// Forgets the recorded hooks and records.
    func forget() {
        app.clearEvents()
        records.removeAll()
    }
}

/// The Notes example's rule: a note's URL targets the window showing it, `new` a new window.
func notesTarget(_ url: SchemeURL) -> SceneTarget {
    if url.text.hasPrefix("notes://open/") { return .content("note/" + url.text.dropFirst("notes://open/".count)) }
    if url.text.hasPrefix("notes://new") { return .newScene }
    return .anyScene
}

/// The events of a plain first scene: configured, connected, foreground, active.
func firstSceneEvents(_ session: String = "scene-1", urls: [String] = []) -> [RecordedSceneHook] {
    [.configurationForConnecting(session), .willConnect(session, urls: urls), .willEnterForeground(session),
     .didBecomeActive(session)]
}
