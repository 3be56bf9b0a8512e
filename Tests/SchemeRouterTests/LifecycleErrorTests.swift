import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@Suite("Lifecycle: error and verdict texts")
struct LifecycleErrorTests {
    @Test("LifecycleError descriptions", arguments: [
        (LifecycleError.illegalTransition(event: .resignActive, state: .background),
         "illegal lifecycle transition: resignActive while background"),
        (.reentrantEvent(event: .terminate, during: .launch),
         "terminate sent while launch is still being handled; lifecycle events are handled one at a time"),
        (.urlLaunchIntoBackground(url: "todolist://x"),
         "cannot launch into the background to open todolist://x: a URL launch is a foreground launch"),
        (.sceneRequired(event: .resignActive),
         "resignActive is for an app without scenes; it uses scenes, which follow their windows one by one"),
        (.illegalSceneTransition(event: .activate, session: "scene-2", state: .background),
         "illegal scene transition: activate for scene scene-2 while background"),
    ])
    func lifecycleError(error: LifecycleError, text: String) {
        #expect(error.description == text)
    }

    @Test("unknown background task description")
    @MainActor
    func unknownTask() throws {
        let controller = makeController(delegate: RecordingDelegate<LifecycleTestRequest>(), clock: ManualClock())
        _ = try controller.launch()
        let task = controller.beginBackgroundTask {}
        #expect(task.description == "task 1")
        #expect(LifecycleError.unknownBackgroundTask(task).description == "no outstanding background task task 1")
    }

    @Test("LaunchFailure description")
    func launchFailure() {
        let failure = LaunchFailure.timedOut(hook: .didFinishLaunching, elapsed: .milliseconds(6500), deadline: .seconds(5))
        #expect(failure.description
            == "launch timed out: 6.5 seconds had passed when didFinishLaunching returned, over the launch deadline of 5.0 seconds")
    }

    @Test("DeliveryVerdict descriptions", arguments: [
        (DeliveryVerdict.handled, "handled"), (.declined, "declined"), (.openFailed("disk full"), "open failed: disk full"),
        (.launchTimedOut, "launch timed out"), (.terminated, "terminated before the URL was delivered"),
        (DeliveryVerdict(RouteError.emptyQueryItem(offset: 12)), "rejected (empty-query-item): empty query item at byte 12"),
    ])
    func verdict(verdict: DeliveryVerdict, text: String) {
        #expect(verdict.description == text)
    }

    @Test("identifier descriptions")
    func identifiers() {
        #expect(DeliveryID(42).description == "#42")
        #expect(DeliveryID(42).rawValue == 42)
    }

    @Test("default configuration is iOS's: 5 s launch, 5 s background, 30 s with a task")
    func defaults() {
        let configuration = LifecycleConfiguration()
        #expect(configuration.launchDeadline == .seconds(5))
        #expect(configuration.backgroundDeadline == .seconds(5))
        #expect(configuration.backgroundTaskAllowance == .seconds(30))
    }
}
