import SchemeRouter
import SchemeRouterLifecycle
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
        let delegate = RecordingDelegate<LifecycleTestRequest>()
        let options = LaunchOptions(annotation: "a")
        var ran: [Hook] = []
        for hook in Hook.allCases { delegate.actions[hook] = { ran.append(hook) } }
        delegate.willFinishLaunchingResult = false
        #expect(delegate.willFinishLaunching(options: options) == false)
        #expect(delegate.didFinishLaunching(options: options) == true)
        delegate.openResult = { request, _ in request == .item(1) }
        let yes = OpenOptions(url: try url("todolist://x/item/1"))
        let no = OpenOptions(url: try url("todolist://x/item/2"), annotation: "b")
        #expect(try delegate.open(.item(1), options: yes) == true)
        #expect(try delegate.open(.item(2), options: no) == false)
        delegate.didBecomeActive()
        delegate.willResignActive()
        delegate.didEnterBackground()
        delegate.willEnterForeground()
        delegate.willTerminate()

        #expect(delegate.events == [
            .willFinishLaunching, .didFinishLaunching, .open("todolist://x/item/1"), .open("todolist://x/item/2"),
            .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground, .willTerminate,
        ])
        #expect(ran == delegate.events.map(\.hook))
        #expect(delegate.receivedLaunchOptions == [options, options])
        #expect(delegate.receivedOpenOptions == [yes, no])
        #expect(delegate.receivedRequests == [.item(1), .item(2)])

        delegate.clearEvents()
        #expect(delegate.events.isEmpty)
        #expect(delegate.receivedLaunchOptions.isEmpty)
        #expect(delegate.receivedOpenOptions.isEmpty)
        #expect(delegate.receivedRequests.isEmpty)
        #expect(delegate.willFinishLaunchingResult == false)
        #expect(delegate.actions.count == Hook.allCases.count)
    }

    @Test("RecordingDelegate.open rethrows what openResult throws")
    func openThrows() throws {
        let delegate = RecordingDelegate<LifecycleTestRequest>()
        delegate.openResult = { _, _ in throw OpenRefusal() }
        #expect(throws: OpenRefusal.self) { try delegate.open(.any(query: nil), options: OpenOptions(url: try url("todolist://x"))) }
        #expect(delegate.events == [.open("todolist://x")])
    }

    @Test("a test launches with a URL and receives URLs without delivery IDs; the app's manifest routes them")
    func launchAndReceiveWithoutIDs() throws {
        let delegate = RecordingDelegate<LifecycleTestRequest>()
        let controller = LifecycleController(delegate: delegate, clock: ManualClock())
        let outcome = try controller.launch(options: LaunchOptions(url: try url("todolist://x/item/7")))
        #expect(outcome.results.map(\.verdict) == [.handled])
        #expect(try controller.receive(try url("todolist://x?milk")) == .handled)
        #expect(delegate.receivedRequests == [.item(7), .any(query: "milk")])
        #expect(delegate.events == [
            .willFinishLaunching, .didFinishLaunching, .open("todolist://x/item/7"), .didBecomeActive,
            .open("todolist://x?milk"),
        ])
    }

    @Test("a URL that matches no route, or has an invalid value, is rejected with the reason and no hook runs")
    func rejectedBeforeHooks() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .background)
        let verdict = try harness.controller.receive(try url("todolist://x/item/100"))
        guard case .rejected(let code, let offset, _) = verdict else {
            Issue.record("expected a rejection, got \(verdict)")
            return
        }
        #expect(code == "invalid-parameter")
        #expect(offset == 18)
        #expect(harness.delegate.events.isEmpty)
        #expect(harness.controller.state == .background)
        let noRoute = try harness.controller.receive(try url("todolist://x/archive"))
        #expect(noRoute.description.hasPrefix("rejected (no-route): no todolist: route matches"))
        #expect(harness.delegate.events.isEmpty)
    }

    @Test("a launch URL that does not route is rejected before any hook sees it; the app launches without it")
    func launchURLRejected() throws {
        let harness = LifecycleHarness()
        let outcome = try harness.controller.launch(options: LaunchOptions(url: try url("todolist://x/item/zero")))
        guard case .rejected(let code, _, _) = outcome.results.first?.verdict else {
            Issue.record("\(outcome)")
            return
        }
        #expect(code == "invalid-parameter")
        #expect(outcome.results.count == 1)
        #expect(harness.delegate.events == [.willFinishLaunching, .didFinishLaunching, .didBecomeActive])
        #expect(harness.delegate.receivedRequests.isEmpty)
        #expect(harness.controller.state == .active)
    }

    @Test("RequestTypeCheck passes a hand-written request type that reads every route, and names each route one does not read")
    func requestTypeCheck() throws {
        enum TooFew: AppRequest {
            case any
            static let manifest = LifecycleTestRequest.manifest
            init(match: RouteMatch) throws(RouteError) {
                guard match.route.name == "any" else { throw .routeMismatch(expected: "any", matched: match.route.name) }
                self = .any
            }
        }
        do throws(RequestTypeCheck.Failure) {
            try RequestTypeCheck.check(TooFew.self)
            Issue.record("expected a failure")
        } catch {
            #expect(error.routes.map(\.name) == ["item"])
            #expect(error.routes.first?.url == "todolist:///item/1")
            #expect(error.description == "TooFew does not read every route of its manifest: route 'item' (todolist:///item/1): the URL matched route 'item', not 'any'")
        }
        #expect(throws: Never.self) { try RequestTypeCheck.check(LifecycleTestRequest.self) }
        #expect(throws: Never.self) { try RequestTypeCheck.check(NotesTestRequest.self) }
    }

    @Test("RecordedHook descriptions name the hook, and the URL for open", arguments: [
        (RecordedHook.willFinishLaunching, "willFinishLaunching"), (.didFinishLaunching, "didFinishLaunching"),
        (.open("todolist://x"), "open(todolist://x)"), (.willTerminate, "willTerminate"),
    ])
    func recordedHookDescription(hook: RecordedHook, text: String) {
        #expect(hook.description == text)
    }
}
