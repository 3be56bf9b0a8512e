import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// One event sent in one state.
struct EventInState: Sendable, CustomTestStringConvertible {
    var event: LifecycleEvent
    var state: AppState
    var testDescription: String { "\(event.rawValue) while \(state.rawValue)" }
}

/// The states each event of an app without scenes is legal in (tick is legal everywhere). The
/// scene events (`disconnect`, `close`, `setUserInfo`) name a session it does not have.
let legalStates: [LifecycleEvent: Set<AppState>] = [
    .launch: [.notRunning],
    .receive: [.inactive, .active, .background, .suspended],
    .activateApp: [.inactive, .active, .background, .suspended],
    .performAction: [.inactive, .active, .background, .suspended],
    .resignActive: [.active],
    .activate: [.inactive],
    .enterBackground: [.inactive],
    .enterForeground: [.background, .suspended],
    .terminate: [.inactive, .active, .background, .suspended],
    .tick: Set(AppState.allCases),
    .systemEvent: [.inactive, .active, .background, .suspended],
]

let illegalCases: [EventInState] = LifecycleEvent.allCases.filter { legalStates[$0] != nil }.flatMap { event in
    AppState.allCases.filter { !legalStates[event]!.contains($0) }.map { EventInState(event: event, state: $0) }
}

let legalCases: [EventInState] = LifecycleEvent.allCases.filter { legalStates[$0] != nil }.flatMap { event in
    AppState.allCases.filter { legalStates[event]!.contains($0) }.map { EventInState(event: event, state: $0) }
}

@MainActor
func send(_ event: LifecycleEvent, to controller: LifecycleController) throws {
    switch event {
    case .launch: _ = try controller.launch()
    case .receive: _ = try controller.receive(try url("todolist://x"))
    case .resignActive: try controller.resignActive()
    case .activateApp: try controller.activateApp()
    case .performAction: _ = try controller.perform(AppAction(name: "refresh"))
    case .activate: try controller.becomeActive()
    case .enterBackground: try controller.enterBackground()
    case .enterForeground: try controller.enterForeground()
    case .terminate: try controller.terminate()
    case .tick: try controller.tick()
    case .systemEvent: try controller.post(.memoryWarning)
    case .disconnect, .close, .setUserInfo: preconditionFailure("\(event) names a scene")
    }
}

@MainActor
@Suite("Lifecycle: transitions")
struct LifecycleTransitionTests {
    @Test("an illegal transition throws, runs no hook and changes nothing", arguments: illegalCases)
    func illegal(_ testCase: EventInState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: testCase.state)
        let deadline = harness.controller.suspensionDeadline
        #expect(throws: LifecycleError.illegalTransition(event: testCase.event, state: testCase.state)) {
            try send(testCase.event, to: harness.controller)
        }
        #expect(harness.controller.state == testCase.state)
        #expect(harness.delegate.events.isEmpty)
        #expect(harness.records.isEmpty)
        #expect(harness.controller.suspensionDeadline == deadline)
        #expect(harness.controller.outstandingBackgroundTasks.isEmpty)
    }

    @Test("every other event is legal", arguments: legalCases)
    func legal(_ testCase: EventInState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: testCase.state)
        try send(testCase.event, to: harness.controller)
    }

    @Test("the table covers every app-wide event in every state; the scene events are the scene tests'")
    func tableIsComplete() {
        let sceneEvents: Set<LifecycleEvent> = [.disconnect, .close, .setUserInfo]
        #expect(Set(legalStates.keys) == Set(LifecycleEvent.allCases).subtracting(sceneEvents))
        #expect(illegalCases.count + legalCases.count == legalStates.count * AppState.allCases.count)
        #expect(illegalCases.count == 24)
    }

    @Test("resignActive: willResignActive, active → inactive")
    func resignActive() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        var during: AppState?
        harness.delegate.actions[.willResignActive] = { during = harness.controller.state }
        try harness.controller.resignActive()
        #expect(harness.delegate.events == [.willResignActive])
        #expect(during == .active)
        #expect(harness.controller.state == .inactive)
    }

    @Test("becomeActive ends an interruption: didBecomeActive, inactive → active")
    func becomeActive() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .inactive)
        try harness.controller.becomeActive()
        #expect(harness.delegate.events == [.didBecomeActive])
        #expect(harness.controller.state == .active)
    }

    @Test("enterBackground: didEnterBackground, inactive → background, deadline from now")
    func enterBackground() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .inactive)
        harness.clock.advance(by: .seconds(40))
        var during: AppState?
        harness.delegate.actions[.didEnterBackground] = { during = harness.controller.state }
        try harness.controller.enterBackground()
        #expect(harness.delegate.events == [.didEnterBackground])
        #expect(during == .background)
        #expect(harness.controller.state == .background)
        #expect(harness.controller.suspensionDeadline == .seconds(45))
    }

    @Test("enterForeground without a URL: willEnterForeground, didBecomeActive",
          arguments: [AppState.background, .suspended])
    func enterForeground(from state: AppState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: state)
        try harness.controller.enterForeground()
        #expect(harness.delegate.events == [.willEnterForeground, .didBecomeActive])
        #expect(harness.controller.state == .active)
        #expect(harness.controller.suspensionDeadline == nil)
    }

    @Test("terminate calls willTerminate while running", arguments: [AppState.inactive, .active, .background])
    func terminateRunning(from state: AppState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: state)
        var during: AppState?
        harness.delegate.actions[.willTerminate] = { during = harness.controller.state }
        try harness.controller.terminate()
        #expect(harness.delegate.events == [.willTerminate])
        #expect(during == state)
        #expect(harness.controller.state == .notRunning)
        #expect(harness.controller.suspensionDeadline == nil)
    }

    @Test("terminate while suspended calls no hook")
    func terminateSuspended() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .suspended)
        try harness.controller.terminate()
        #expect(harness.delegate.events.isEmpty)
        #expect(harness.records.isEmpty)
        #expect(harness.controller.state == .notRunning)
    }

    @Test("a terminated app can be launched again")
    func relaunch() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        try harness.controller.terminate()
        harness.forget()
        _ = try harness.controller.launch()
        #expect(harness.delegate.events == launchHooks + [.didBecomeActive])
        #expect(harness.controller.state == .active)
    }

    @Test("the full round trip of figures 4-1, 4-5 and 6-2")
    func roundTrip() throws {
        let harness = LifecycleHarness()
        _ = try harness.controller.launch()
        try harness.controller.resignActive()
        try harness.controller.enterBackground()
        harness.clock.advance(by: .seconds(5))
        try harness.controller.tick()
        _ = try harness.controller.receive(try url("todolist://x"))
        try harness.controller.resignActive()
        try harness.controller.becomeActive()
        try harness.controller.terminate()
        #expect(harness.delegate.events == launchHooks + [
            .didBecomeActive, .willResignActive, .didEnterBackground,
            .willEnterForeground, .open("todolist://x"), .didBecomeActive,
            .willResignActive, .didBecomeActive, .willTerminate,
        ])
    }
}
