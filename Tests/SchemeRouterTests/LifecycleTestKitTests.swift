import SchemeRouter
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: test kit")
struct LifecycleTestKitTests {
    @Test("ManualClock moves only when advanced")
    func manualClock() {
        let clock = ManualClock(now: .seconds(3))
        #expect(clock.now == .seconds(3))
        #expect(clock.now == .seconds(3))
        clock.advance(by: .milliseconds(250))
        #expect(clock.now == .milliseconds(3250))
        clock.advance(by: .zero)
        #expect(clock.now == .milliseconds(3250))
        #expect(ManualClock().now == .zero)
    }

    @Test("RecordingDelegate records calls, answers as configured and runs actions inside hooks")
    func recordingDelegate() throws {
        let delegate = RecordingDelegate()
        let options = LaunchOptions(annotation: "a")
        var ran: [Hook] = []
        for hook in Hook.allCases { delegate.actions[hook] = { ran.append(hook) } }
        delegate.willFinishLaunchingResult = false
        #expect(delegate.willFinishLaunching(options: options) == false)
        #expect(delegate.didFinishLaunching(options: options) == true)
        delegate.openResult = { url, _ in url.text == "todolist://yes" }
        #expect(try delegate.open(try url("todolist://yes"), options: OpenOptions()) == true)
        #expect(try delegate.open(try url("todolist://no"), options: OpenOptions(annotation: "b")) == false)
        delegate.didBecomeActive()
        delegate.willResignActive()
        delegate.didEnterBackground()
        delegate.willEnterForeground()
        delegate.willTerminate()

        #expect(delegate.events == [
            .willFinishLaunching, .didFinishLaunching, .open("todolist://yes"), .open("todolist://no"),
            .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground, .willTerminate,
        ])
        #expect(ran == delegate.events.map(\.hook))
        #expect(delegate.receivedLaunchOptions == [options, options])
        #expect(delegate.receivedOpenOptions == [OpenOptions(), OpenOptions(annotation: "b")])

        delegate.clearEvents()
        #expect(delegate.events.isEmpty)
        #expect(delegate.receivedLaunchOptions.isEmpty)
        #expect(delegate.receivedOpenOptions.isEmpty)
        #expect(delegate.willFinishLaunchingResult == false)
        #expect(delegate.actions.count == Hook.allCases.count)
    }

    @Test("RecordingDelegate.open rethrows what openResult throws")
    func openThrows() throws {
        let delegate = RecordingDelegate()
        delegate.openResult = { _, _ in throw OpenRefusal() }
        #expect(throws: OpenRefusal.self) { try delegate.open(try url("todolist://x"), options: OpenOptions()) }
        #expect(delegate.events == [.open("todolist://x")])
    }

    @Test("RecordedHook descriptions name the hook, and the URL for open", arguments: [
        (RecordedHook.willFinishLaunching, "willFinishLaunching"), (.didFinishLaunching, "didFinishLaunching"),
        (.open("todolist://x"), "open(todolist://x)"), (.willTerminate, "willTerminate"),
    ])
    func recordedHookDescription(hook: RecordedHook, text: String) {
        #expect(hook.description == text)
    }
}
