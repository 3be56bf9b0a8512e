import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// A scene controller wired to a recording app, a manual clock and an observer that keeps every
/// hook record. URLs route like the Notes example: `notes://open/<id>` targets the scene showing
/// `note/<id>`, `notes://new…` always a new scene, anything else the current scene.
@MainActor
final class SceneHarness {
    let clock = ManualClock()
    let app = RecordingSceneApp<NotesTestRequest>()
    let controller: LifecycleController
    private(set) var records: [HookRecord] = []

    init(configuration: LifecycleConfiguration = LifecycleConfiguration()) {
        controller = LifecycleController(delegate: app, clock: clock, configuration: configuration)
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
    func scene(_ session: String) -> RecordingSceneDelegate<NotesTestRequest> {
        guard let scene = app.scenes[session] else {
            Issue.record("no scene \(session)")
            return RecordingSceneDelegate(session: SceneSession(persistentIdentifier: session), log: app.log)
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
func notesTarget(_ request: NotesTestRequest) -> SceneTarget {
    switch request {
    case .open(let id): .content("note/\(id)")
    case .new: .newScene
    case .search: .anyScene
    }
}

/// What the scene tests' app opens: `notes://open/<id>`, `notes://new?…`, `notes://search?…`
/// (a Notes-like manifest; written by hand, as `LifecycleTestRequest` is).
enum NotesTestRequest: AppRequest, Equatable {
    case open(Int)
    case new(String?)
    case search(String?)

    static let manifest = EmbeddedManifest(
        bundleName: "com.example.notes", file: "notes-test.json",
        json: """
            {"CFBundleURLName": "com.example.notes", "CFBundleURLSchemes": ["notes"],
             "routes": [
               {"name": "open", "host": "open", "path": "/{id}", "parameters": {"id": {"type": "integer", "min": 0, "max": 999999}}},
               {"name": "new", "host": "new", "path": "/", "rawQuery": "query",
                "parameters": {"query": {"type": "string", "optional": true}}},
               {"name": "search", "host": "search", "path": "/", "rawQuery": "query",
                "parameters": {"query": {"type": "string", "optional": true}}}
             ]}
            """)

    init(match: RouteMatch) throws(RouteError) {
        switch match.route.name {
        case "open": self = .open(try match.parameters.integer("id"))
        case "new": self = .new(try match.parameters.optionalString("query"))
        default: self = .search(try match.parameters.optionalString("query"))
        }
    }
}

/// The events of a plain first scene: configured, connected, foreground, active.
func firstSceneEvents(_ session: String = "scene-1", urls: [String] = []) -> [RecordedHook] {
    [.configurationForConnecting(session), .willConnect(session, urls: urls), .sceneWillEnterForeground(session),
     .sceneDidBecomeActive(session)]
}
