import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// A controller wired to a recording delegate, a manual clock and an observer that keeps every
/// hook record.
@MainActor
final class LifecycleHarness {
    let clock = ManualClock()
    let delegate = RecordingDelegate<LifecycleTestRequest>()
    let controller: LifecycleController
    private(set) var records: [HookRecord] = []

    init(configuration: LifecycleConfiguration = LifecycleConfiguration()) {
        controller = makeController(delegate: delegate, clock: clock, configuration: configuration)
        controller.hookObserver = { [weak self] record in self?.records.append(record) }
    }

    /// Brings a fresh controller into `state` through legal events only, then forgets what was
    /// recorded on the way.
    func drive(to state: AppState) throws {
        #expect(controller.state == .notRunning)
        if state != .notRunning {
            let outcome = try controller.launch()
            #expect(outcome == LaunchOutcome(results: []))
        }
        if state == .inactive || state == .background || state == .suspended {
            try controller.resignActive()
        }
        if state == .background || state == .suspended {
            try controller.enterBackground()
        }
        if state == .suspended {
            clock.advance(by: .seconds(5))
            #expect(try controller.tick() == .suspended(expired: []))
        }
        #expect(controller.state == state)
        forget()
    }

    /// Forgets the recorded hooks and hook records.
    func forget() {
        delegate.clearEvents()
        records.removeAll()
    }
}

/// The seed's URL.
let seedURLText = "todolist://www.acme.com?Quarterly%20Report#200806231300"

/// Parses a URL the test knows is valid.
func url(_ text: String) throws -> SchemeURL {
    try SchemeURL(text)
}

/// The launch hooks, in order (state restoration between them runs no hook unless the app opted in).
let launchHooks: [RecordedHook] = [.willFinishLaunching, .didFinishLaunching]

/// An error for `open` to throw.
struct OpenRefusal: Error, CustomStringConvertible {
    var description: String { "task list is read-only" }
}

/// What the lifecycle tests' delegates open: the query of any `todolist:` URL, or an item number.
/// Written by hand (its manifest `todolist:` URLs of any host, with an optional query and
/// fragment), as an app that cannot use the generator plugin would; `RequestTypeCheck` tests it.
enum LifecycleTestRequest: AppRequest, Equatable {
    case any(query: String?)
    case item(Int)

    static let manifest = EmbeddedManifest(
        bundleName: "com.acme.todolist", file: "lifecycle-test.json",
        json: """
            {"CFBundleURLName": "com.acme.todolist", "CFBundleURLSchemes": ["todolist"],
             "routes": [
               {"name": "any", "path": "/", "rawQuery": "query", "fragment": "fragment",
                "parameters": {"query": {"type": "string", "optional": true}, "fragment": {"type": "string", "optional": true}}},
               {"name": "item", "path": "/item/{id}", "parameters": {"id": {"type": "integer", "min": 1, "max": 99}}}
             ]}
            """)

    init(match: RouteMatch) throws(RouteError) {
        switch match.route.name {
        case "item": self = .item(try match.parameters.integer("id"))
        default: self = .any(query: try match.parameters.optionalString("query"))
        }
    }
}

/// A controller over the lifecycle test manifest.
@MainActor
func makeController<Delegate: ApplicationDelegate>(
    delegate: Delegate, clock: any LifecycleClock, configuration: LifecycleConfiguration = LifecycleConfiguration()
) -> LifecycleController where Delegate.Request == LifecycleTestRequest {
    LifecycleController(delegate: delegate, clock: clock, configuration: configuration)
}
