import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: launch")
struct LifecycleLaunchTests {
    @Test("a cold launch with a URL runs the launch hooks, open, then didBecomeActive")
    func coldLaunchWithURL() throws {
        let harness = LifecycleHarness()
        let source = SourceApplication(name: "/usr/bin/mail", pid: 42, uid: 1000, isClaimed: false)
        let options = LaunchOptions(url: try url(seedURLText), sourceApplication: source, annotation: "note")

        let outcome = try harness.controller.launch(options: options)

        #expect(harness.delegate.events == launchHooks + [.open(seedURLText), .didBecomeActive])
        #expect(outcome == LaunchOutcome(results: [DeliveryResult(delivery: DeliveryID(1), verdict: .handled)]))
        #expect(outcome.failure == nil)
        #expect(harness.controller.state == .active)
        #expect(harness.delegate.receivedLaunchOptions == [options, options])
        #expect(harness.delegate.receivedOpenOptions == [OpenOptions(url: try url(seedURLText), sourceApplication: source, annotation: "note")])
    }

    @Test("a launch without a URL runs no open")
    func plainLaunch() throws {
        let harness = LifecycleHarness()
        let outcome = try harness.controller.launch()
        #expect(harness.delegate.events == launchHooks + [.didBecomeActive])
        #expect(outcome.results.isEmpty)
        #expect(outcome.failure == nil)
        #expect(harness.controller.state == .active)
    }

    @Test(
        "a launch hook that returns false keeps the launch URL from open; the launch goes on",
        arguments: [(false, true), (true, false), (false, false)])
    func launchHookDeclines(willFinish: Bool, didFinish: Bool) throws {
        let harness = LifecycleHarness()
        harness.delegate.willFinishLaunchingResult = willFinish
        harness.delegate.didFinishLaunchingResult = didFinish

        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("todolist://x")))

        #expect(harness.delegate.events == launchHooks + [.didBecomeActive])
        #expect(outcome.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .declined)])
        #expect(harness.controller.state == .active)
    }

    @Test("the launch URL's verdict follows open: false declines, a throw fails with its description")
    func launchOpenResults() throws {
        let declining = LifecycleHarness()
        declining.delegate.openResult = { _, _ in false }
        let declined = try declining.controller.launch(
            options: LaunchOptions(url: try url("todolist://x")))
        #expect(declined.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .declined)])

        let throwing = LifecycleHarness()
        throwing.delegate.openResult = { _, _ in throw OpenRefusal() }
        let failed = try throwing.controller.launch(
            options: LaunchOptions(url: try url("todolist://x")))
        #expect(failed.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .openFailed("task list is read-only"))])
        #expect(throwing.delegate.events == launchHooks + [.open("todolist://x"), .didBecomeActive])
        #expect(throwing.controller.state == .active)
    }

    @Test("URLs queued during the launch are opened after didBecomeActive, in arrival order")
    func queuedInOrder() throws {
        let harness = LifecycleHarness()
        let queued = try ["todolist://a", "todolist://b", "todolist://c"].enumerated().map { index, text in
            PendingDelivery(url: try url(text), delivery: DeliveryID(UInt64(index + 2)))
        }

        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("todolist://launch")), queued: queued)

        #expect(harness.delegate.events == launchHooks + [
            .open("todolist://launch"), .didBecomeActive,
            .open("todolist://a"), .open("todolist://b"), .open("todolist://c"),
        ])
        #expect(outcome.results.map(\.delivery) == [1, 2, 3, 4].map(DeliveryID.init))
        #expect(outcome.results.allSatisfy { $0.verdict == .handled })
        #expect(harness.controller.state == .active)
    }

    @Test("queued URLs are opened even when a launch hook declined the launch URL, with their own options")
    func queuedAfterDeclinedLaunch() throws {
        let harness = LifecycleHarness()
        harness.delegate.didFinishLaunchingResult = false
        let source = SourceApplication(name: "browser")
        let queued = [PendingDelivery(url: try url("todolist://q"), options: OpenOptions(sourceApplication: source), delivery: DeliveryID(2))]

        let outcome = try harness.controller.launch(
            options: LaunchOptions(url: try url("todolist://launch")), queued: queued)

        #expect(outcome.results == [
            DeliveryResult(delivery: DeliveryID(1), verdict: .declined),
            DeliveryResult(delivery: DeliveryID(2), verdict: .handled),
        ])
        #expect(harness.delegate.events == launchHooks + [.didBecomeActive, .open("todolist://q")])
        #expect(harness.delegate.receivedOpenOptions == [OpenOptions(url: try url("todolist://q"), sourceApplication: source)])
    }

    @Test("each queued URL gets its own verdict")
    func queuedVerdicts() throws {
        let harness = LifecycleHarness()
        harness.delegate.openResult = { _, options in
            let text = options.url?.text ?? ""
            if text.hasSuffix("fail") { throw OpenRefusal() }
            return text.hasSuffix("yes")
        }
        let queued = try ["todolist://yes", "todolist://no", "todolist://fail"].enumerated().map { index, text in
            PendingDelivery(url: try url(text), delivery: DeliveryID(UInt64(index)))
        }
        let outcome = try harness.controller.launch(queued: queued)
        #expect(outcome.results.map(\.verdict) == [.handled, .declined, .openFailed("task list is read-only")])
    }

    @Test("the launch hooks see inactive in the foreground and background when launched into the background")
    func stateDuringLaunchHooks() throws {
        for intoBackground in [false, true] {
            let harness = LifecycleHarness()
            var seen: [Hook: AppState] = [:]
            for hook in Hook.allCases {
                harness.delegate.actions[hook] = { [unowned harness] in seen[hook] = harness.controller.state }
            }
            _ = try harness.controller.launch(intoBackground: intoBackground)
            let launching: AppState = intoBackground ? .background : .inactive
            #expect(seen[.willFinishLaunching] == launching)
            #expect(seen[.didFinishLaunching] == launching)
            if intoBackground {
                #expect(seen[.didEnterBackground] == .background)
                #expect(seen[.didBecomeActive] == nil)
            } else {
                #expect(seen[.didBecomeActive] == .active)
                #expect(seen[.didEnterBackground] == nil)
            }
        }
    }

    @Test("a launch into the background runs the launch hooks, then didEnterBackground; no open, no didBecomeActive")
    func launchIntoBackground() throws {
        let harness = LifecycleHarness()
        harness.clock.advance(by: .seconds(100))
        harness.delegate.actions[.didFinishLaunching] = { harness.clock.advance(by: .seconds(1)) }

        let outcome = try harness.controller.launch(intoBackground: true)

        #expect(harness.delegate.events == launchHooks + [.didEnterBackground])
        #expect(outcome == LaunchOutcome(results: []))
        #expect(harness.controller.state == .background)
        // The background deadline starts when the app enters the background, after the launch hooks.
        #expect(harness.controller.suspensionDeadline == .seconds(106))
    }

    @Test("after a background launch the first queued URL wakes the app, the rest are opened")
    func backgroundLaunchWithQueue() throws {
        let harness = LifecycleHarness()
        let queued = [
            PendingDelivery(url: try url("todolist://a"), delivery: DeliveryID(1)),
            PendingDelivery(url: try url("todolist://b"), delivery: DeliveryID(2)),
        ]
        let outcome = try harness.controller.launch(queued: queued, intoBackground: true)
        #expect(harness.delegate.events == launchHooks + [
            .didEnterBackground, .willEnterForeground, .open("todolist://a"), .didBecomeActive, .open("todolist://b"),
        ])
        #expect(outcome.results == [
            DeliveryResult(delivery: DeliveryID(1), verdict: .handled),
            DeliveryResult(delivery: DeliveryID(2), verdict: .handled),
        ])
        #expect(harness.controller.state == .active)
        #expect(harness.controller.suspensionDeadline == nil)
    }

    @Test("a launch URL with a launch into the background is refused before any hook runs")
    func urlLaunchIntoBackground() throws {
        let harness = LifecycleHarness()
        #expect(throws: LifecycleError.urlLaunchIntoBackground(url: "todolist://x")) {
            try harness.controller.launch(
                options: LaunchOptions(url: try url("todolist://x")), intoBackground: true)
        }
        #expect(harness.delegate.events.isEmpty)
        #expect(harness.records.isEmpty)
        #expect(harness.controller.state == .notRunning)
    }

    @Test("the default delegate hooks accept the launch URL; open is the delegate's own")
    func defaultHooks() throws {
        final class MinimalDelegate: ApplicationDelegate {
            func open(_ request: LifecycleTestRequest, options: OpenOptions) -> Bool { true }
        }
        let controller = makeController(delegate: MinimalDelegate(), clock: ManualClock())
        var hooks: [Hook] = []
        controller.hookObserver = { hooks.append($0.hook) }

        let outcome = try controller.launch(options: LaunchOptions(url: try url("todolist://x")))
        #expect(outcome.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .handled)])
        try controller.resignActive()
        try controller.enterBackground()
        #expect(try controller.receive(try url("todolist://y")) == .handled)
        try controller.terminate()
        #expect(hooks == [
            .willFinishLaunching, .restoreState, .didFinishLaunching, .open, .didBecomeActive,
            .willResignActive, .didEnterBackground, .willEnterForeground, .open, .didBecomeActive, .willTerminate,
        ])
        #expect(controller.state == .notRunning)
    }
}
