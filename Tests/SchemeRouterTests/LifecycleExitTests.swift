import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// Programmer errors trap instead of throwing.
@Suite("Lifecycle: programmer errors trap")
struct LifecycleExitTests {
    @Test("a background task allowance shorter than the background deadline")
    func allowanceShorterThanDeadline() async {
        await #expect(processExitsWith: .failure) {
            _ = LifecycleConfiguration(backgroundDeadline: .seconds(10), backgroundTaskAllowance: .seconds(5))
        }
    }

    @Test("a negative launch deadline")
    func negativeDeadline() async {
        await #expect(processExitsWith: .failure) {
            _ = LifecycleConfiguration(launchDeadline: .seconds(-1))
        }
    }

    @Test("a manual clock moved backwards")
    func clockBackwards() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { ManualClock().advance(by: .seconds(-1)) }
        }
    }

    @Test("a manual clock read off the main actor")
    func clockOffMainActor() async {
        await #expect(processExitsWith: .failure) {
            _ = ManualClock().now
        }
    }
}
