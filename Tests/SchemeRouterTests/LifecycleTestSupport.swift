import SchemeRouter
import SchemeRouterTestKit
import Testing

/// A controller wired to a recording delegate, a manual clock and an observer that keeps every
/// hook record.
@MainActor
final class LifecycleHarness {
    let clock = ManualClock()
    let delegate = RecordingDelegate()
    let controller: LifecycleController
    private(set) var records: [HookRecord] = []

    init(configuration: LifecycleConfiguration = LifecycleConfiguration()) {
        controller = LifecycleController(delegate: delegate, clock: clock, configuration: configuration)
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
