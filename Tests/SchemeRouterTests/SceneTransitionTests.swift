import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// A scene event, to drive from tables.
enum SceneStep: String, CaseIterable, Sendable {
    case activate, resignActive, enterBackground, enterForeground, disconnect

    @MainActor func run(_ controller: LifecycleController, _ session: String) throws {
        switch self {
        case .activate: try controller.activate(session)
        case .resignActive: try controller.resignActive(session)
        case .enterBackground: try controller.enterBackground(session)
        case .enterForeground: try controller.enterForeground(session)
        case .disconnect: try controller.disconnect(session)
        }
    }

    var event: LifecycleEvent { LifecycleEvent(rawValue: rawValue)! }
}

/// Brings scene-1 of a launched app into `state` through legal events, then forgets the hooks.
@MainActor
func drive(_ harness: SceneHarness, to state: SceneState) throws {
    try harness.launch()
    let path: [SceneStep] = switch state {
    case .foregroundActive: []
    case .foregroundInactive: [.resignActive]
    case .background: [.resignActive, .enterBackground]
    case .suspended: [.resignActive, .enterBackground]
    case .unattached: [.resignActive, .enterBackground, .disconnect]
    }
    for step in path { try step.run(harness.controller, "scene-1") }
    if state == .suspended {
        harness.clock.advance(by: .seconds(5))
        #expect(try harness.controller.tick() == .suspended(expired: []))
    }
    #expect(harness.controller.state(of: "scene-1") == state)
    harness.forget()
}

/// Which scene events are legal in which scene state, and the hooks they run.
let legalSceneSteps: [SceneState: [SceneStep: (hooks: [RecordedHook], after: SceneState)]] = [
    .foregroundActive: [.resignActive: ([.sceneWillResignActive("scene-1")], .foregroundInactive)],
    .foregroundInactive: [
        .activate: ([.sceneDidBecomeActive("scene-1")], .foregroundActive),
        .enterBackground: ([.sceneDidEnterBackground("scene-1")], .background),
    ],
    .background: [
        .enterForeground: ([.sceneWillEnterForeground("scene-1")], .foregroundInactive),
        .disconnect: ([.didDisconnect("scene-1")], .unattached),
    ],
    .suspended: [
        .enterForeground: ([.sceneWillEnterForeground("scene-1")], .foregroundInactive),
        .disconnect: ([.didDisconnect("scene-1")], .unattached),
    ],
    .unattached: [:],
]

@MainActor
@Suite("Scenes: transitions")
struct SceneTransitionTests {

    @Test("every scene event in every scene state: the legal ones run their hooks, the rest are typed errors",
          arguments: SceneState.allCases, SceneStep.allCases)
    func table(state: SceneState, step: SceneStep) throws {
        let harness = SceneHarness()
        try drive(harness, to: state)
        if let legal = legalSceneSteps[state]?[step] {
            try step.run(harness.controller, "scene-1")
            #expect(harness.app.events == legal.hooks)
            #expect(harness.controller.state(of: "scene-1") == legal.after)
        } else {
            #expect(throws: LifecycleError.illegalSceneTransition(event: step.event, session: "scene-1", state: state)) {
                try step.run(harness.controller, "scene-1")
            }
            #expect(harness.app.events.isEmpty)
            #expect(harness.controller.state(of: "scene-1") == state)
        }
    }

    @Test("an unknown session is a typed error", arguments: SceneStep.allCases)
    func unknownSession(step: SceneStep) throws {
        let harness = SceneHarness()
        try harness.launch()
        #expect(throws: LifecycleError.unknownSession(event: step.event, session: "scene-9")) {
            try step.run(harness.controller, "scene-9")
        }
    }

    @Test("the app's state follows its scenes: active with a focused scene, inactive with a visible one, background with none")
    func derivedAppState() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.open("notes://new")
        #expect(harness.controller.state == .active)
        try harness.controller.resignActive("scene-2")
        #expect(harness.controller.state == .inactive)
        try harness.controller.enterBackground("scene-2")
        #expect(harness.controller.state == .inactive)
        try harness.controller.enterBackground("scene-1")
        #expect(harness.controller.state == .background)
        try harness.controller.enterForeground("scene-2")
        #expect(harness.controller.state == .inactive)
        try harness.controller.activate("scene-2")
        #expect(harness.controller.state == .active)
    }

    @Test("focus moving to another scene resigns the focused one first")
    func focusMoves() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.open("notes://new")
        harness.forget()
        try harness.controller.activate("scene-1")
        #expect(harness.app.events == [.sceneWillResignActive("scene-2"), .sceneDidBecomeActive("scene-1")])
    }

    @Test("closing the focused scene walks it down, then discards its session")
    func close() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.controller.close("scene-1")
        #expect(harness.app.events == [
            .sceneWillResignActive("scene-1"), .sceneDidEnterBackground("scene-1"), .didDisconnect("scene-1"),
            .didDiscardSceneSessions(["scene-1"]),
        ])
        #expect(harness.controller.sessions.isEmpty)
        #expect(harness.controller.state == .background)
        #expect(throws: LifecycleError.unknownSession(event: .close, session: "scene-1")) {
            try harness.controller.close("scene-1")
        }
    }

    @Test("closing a disconnected scene only discards its session")
    func closeDisconnected() throws {
        let harness = SceneHarness()
        try drive(harness, to: .unattached)
        try harness.controller.close("scene-1")
        #expect(harness.app.events == [.didDiscardSceneSessions(["scene-1"])])
    }

    @Test("the suspension deadline is set exactly while the app is in the background and not suspended")
    func suspensionDeadline() throws {
        let harness = SceneHarness()
        try drive(harness, to: .foregroundInactive)
        #expect(harness.controller.suspensionDeadline == nil)
        try harness.controller.enterBackground("scene-1")
        let entered = harness.clock.now
        #expect(harness.controller.suspensionDeadline == entered + .seconds(5))
        harness.clock.advance(by: .seconds(5))
        #expect(try harness.controller.tick() == .suspended(expired: []))
        #expect(harness.controller.suspensionDeadline == nil)
    }

    @Test("the background deadline suspends the background scenes and the app; reached means due")
    func suspension() throws {
        let harness = SceneHarness()
        try drive(harness, to: .background)
        harness.clock.advance(by: .milliseconds(4999))
        #expect(try harness.controller.tick() == .nothingDue)
        harness.clock.advance(by: .milliseconds(1))
        #expect(try harness.controller.tick() == .suspended(expired: []))
        #expect(harness.controller.state(of: "scene-1") == .suspended)
        #expect(harness.controller.state == .suspended)
        #expect(harness.app.events.isEmpty)
        try harness.open("notes://search?q=x")
        #expect(harness.controller.state == .active)
    }

    @Test("terminating disconnects every connected scene, then willTerminate")
    func terminate() throws {
        let harness = SceneHarness()
        try harness.launch()
        try harness.open("notes://new")
        harness.forget()
        try harness.controller.terminate()
        #expect(harness.app.events == [.didDisconnect("scene-1"), .didDisconnect("scene-2"), .willTerminate])
        #expect(harness.controller.state == .notRunning)
        #expect(harness.controller.sessions.isEmpty)
    }

    @Test("a suspended app terminates without running any hook")
    func terminateSuspended() throws {
        let harness = SceneHarness()
        try drive(harness, to: .suspended)
        try harness.controller.terminate()
        #expect(harness.app.events.isEmpty)
        #expect(harness.controller.state == .notRunning)
    }

    @Test("terminating an app that is not running is an illegal transition")
    func terminateNotRunning() throws {
        let harness = SceneHarness()
        #expect(throws: LifecycleError.illegalTransition(event: .terminate, state: .notRunning)) {
            try harness.controller.terminate()
        }
    }
}
