import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: events from inside hooks")
struct LifecycleReentrancyTests {
    @Test("an event sent from inside a hook is refused, and the current event completes")
    func eventFromHook() throws {
        let harness = LifecycleHarness()
        var thrown: [LifecycleError] = []
        harness.delegate.actions[.didFinishLaunching] = {
            do throws(LifecycleError) { try harness.controller.terminate() } catch { thrown.append(error) }
        }
        let inner = try url("todolist://inner")
        harness.delegate.actions[.open] = {
            do throws(LifecycleError) { _ = try harness.controller.receive(inner) } catch { thrown.append(error) }
            do throws(LifecycleError) { try harness.controller.resignActive() } catch { thrown.append(error) }
        }
        _ = try harness.controller.launch(options: LaunchOptions(url: try url("todolist://x")))
        #expect(thrown == [
            .reentrantEvent(event: .terminate, during: .launch),
            .reentrantEvent(event: .receive, during: .launch),
            .reentrantEvent(event: .resignActive, during: .launch),
        ])
        #expect(harness.delegate.events == launchHooks + [.open("todolist://x"), .didBecomeActive])
        #expect(harness.controller.state == .active)

        // Once the event is over, the controller takes events again.
        harness.delegate.actions = [:]
        try harness.controller.resignActive()
        #expect(harness.controller.state == .inactive)
    }

    @Test("an event sent from the observer is refused")
    func eventFromObserver() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        var thrown: LifecycleError?
        harness.controller.hookObserver = { _ in
            do throws(LifecycleError) { try harness.controller.tick() } catch { thrown = error }
        }
        try harness.controller.resignActive()
        #expect(thrown == .reentrantEvent(event: .tick, during: .resignActive))
    }

    @Test("an expiration handler cannot terminate the app")
    func eventFromExpirationHandler() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .background)
        var thrown: LifecycleError?
        _ = harness.controller.beginBackgroundTask {
            do throws(LifecycleError) { try harness.controller.terminate() } catch { thrown = error }
        }
        harness.clock.advance(by: .seconds(30))
        try harness.controller.tick()
        #expect(thrown == .reentrantEvent(event: .terminate, during: .tick))
        // The handler did not end its task: the app is terminated by the tick itself.
        #expect(harness.controller.state == .notRunning)
    }
}
