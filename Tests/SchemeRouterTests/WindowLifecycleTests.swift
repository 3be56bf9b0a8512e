import PropertyBased
import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// The pure mapping from an app's windows to lifecycle steps (no display: snapshots in, steps out),
/// and the hooks those steps produce on a real controller with the manual clock.
@Suite("Window lifecycle")
struct WindowLifecycleTests {
    static let focused = WindowSnapshot(isVisible: true, isFocused: true)
    static let unfocused = WindowSnapshot(isVisible: true, isFocused: false)
    static let minimised = WindowSnapshot(isVisible: false, isFocused: false)

    @Test("target state", arguments: [
        ([focused], AppState.active), ([unfocused], .inactive), ([minimised], .background), ([], .background),
        ([minimised, focused], .active), ([minimised, unfocused], .inactive),
        // A hidden window that still claims focus is not seen: background.
        ([WindowSnapshot(isVisible: false, isFocused: true)], .background),
    ])
    func target(windows: [WindowSnapshot], state: AppState) {
        #expect(WindowLifecycle.target(of: windows) == state)
    }

    @Test("steps", arguments: [
        (AppState.active, [focused], [WindowLifecycleStep]()),
        (.active, [unfocused], [.resignActive]),
        (.active, [minimised], [.resignActive, .enterBackground]),
        (.active, [], [.resignActive, .enterBackground]),
        (.inactive, [focused], [.becomeActive]),
        (.inactive, [unfocused], []),
        (.inactive, [minimised], [.enterBackground]),
        (.background, [focused], [.enterForeground]),
        (.suspended, [focused], [.enterForeground]),
        (.background, [unfocused], [.enterForeground, .resignActive]),
        (.background, [minimised], []),
        (.notRunning, [focused], []),
    ])
    func steps(state: AppState, windows: [WindowSnapshot], steps: [WindowLifecycleStep]) {
        #expect(WindowLifecycle.steps(from: state, windows: windows) == steps)
    }

    @Test("the last window closed: background by default, terminate by policy")
    func lastWindowClosed() {
        #expect(WindowLifecycle.steps(from: .active, windows: [], lastWindowClosed: true) == [.resignActive, .enterBackground])
        #expect(WindowLifecycle.steps(from: .active, windows: [], policy: .terminate, lastWindowClosed: true) == [.terminate])
        #expect(WindowLifecycle.steps(from: .background, windows: [], policy: .terminate, lastWindowClosed: true) == [.terminate])
        // Minimising every window is not closing them.
        #expect(WindowLifecycle.steps(from: .active, windows: [Self.minimised], policy: .terminate) == [.resignActive, .enterBackground])
        #expect(WindowLifecycle.steps(from: .notRunning, windows: [], policy: .terminate, lastWindowClosed: true) == [])
    }

    /// Minimise, restore, lose focus, regain it: the hooks UIKit's app delegate would see.
    @Test("window changes drive the controller's hooks")
    @MainActor
    func drivesController() throws {
        let delegate = RecordingDelegate<LifecycleTestRequest>()
        let controller = makeController(delegate: delegate, clock: ManualClock())
        _ = try controller.launch()
        delegate.clearEvents()
        for windows in [[Self.minimised], [Self.focused], [Self.unfocused], [Self.focused]] {
            for step in WindowLifecycle.steps(from: controller.state, windows: windows) {
                switch step {
                case .resignActive: try controller.resignActive()
                case .becomeActive: try controller.becomeActive()
                case .enterBackground: try controller.enterBackground()
                case .enterForeground: try controller.enterForeground()
                case .terminate: try controller.terminate()
                }
            }
            #expect(controller.state == WindowLifecycle.target(of: windows))
        }
        #expect(delegate.events == [
            .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive, .willResignActive, .didBecomeActive,
        ])
    }

    /// Any sequence of window sets: after each, the controller is in the state the windows call
    /// for, every step legal (a thrown illegal transition fails the property).
    static let windowSequences = Generator { (rng: inout any SeededRandomNumberGenerator) -> [[WindowSnapshot]] in
        (0..<Int.random(in: 1...12, using: &rng)).map { _ in
            (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                WindowSnapshot(isVisible: Bool.random(using: &rng), isFocused: Bool.random(using: &rng))
            }
        }
    }

    @Test("every window sequence reaches its target through legal steps")
    func anySequence() async {
        await propertyCheck(count: 2000, input: Self.windowSequences) { sequence in
            await MainActor.run {
                let controller = makeController(delegate: RecordingDelegate<LifecycleTestRequest>(), clock: ManualClock())
                _ = try? controller.launch()
                for windows in sequence {
                    do {
                        for step in WindowLifecycle.steps(from: controller.state, windows: windows) {
                            switch step {
                            case .resignActive: try controller.resignActive()
                            case .becomeActive: try controller.becomeActive()
                            case .enterBackground: try controller.enterBackground()
                            case .enterForeground: try controller.enterForeground()
                            case .terminate: try controller.terminate()
                            }
                        }
                    } catch {
                        Issue.record("\(windows): \(error)")
                    }
                    #expect(controller.state == WindowLifecycle.target(of: windows), "\(sequence)")
                }
            }
        }
    }
}
