import Glibc
import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// Programmer errors trap instead of throwing, with a message that names the mistake.
@Suite("Lifecycle: programmer errors trap")
struct LifecycleExitTests {
    /// Whether the trapped process's standard error holds `message`.
    static func said(_ result: ExitTest.Result?, _ message: String) -> Bool {
        result.map { String(decoding: $0.standardErrorContent, as: UTF8.self).contains(message) } ?? false
    }

    @Test("a background task allowance shorter than the background deadline")
    func allowanceShorterThanDeadline() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LifecycleConfiguration(backgroundDeadline: .seconds(10), backgroundTaskAllowance: .seconds(5))
        }
        #expect(Self.said(result, "backgroundTaskAllowance must be at least backgroundDeadline"))
    }

    @Test("a negative launch deadline")
    func negativeDeadline() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LifecycleConfiguration(launchDeadline: .seconds(-1))
        }
        #expect(Self.said(result, "launchDeadline must not be negative"))
    }

    @Test("a manual clock moved backwards")
    func clockBackwards() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { ManualClock().advance(by: .seconds(-1)) }
        }
        #expect(Self.said(result, "ManualClock.advance(by:): a monotonic clock never goes back"))
    }

    /// The runtime's isolation check traps without a message on Linux: the test checks that the
    /// process died by a Swift trap, not by some other failure.
    @Test("a manual clock read off the main actor")
    func clockOffMainActor() async {
        #if arch(x86_64)
            await #expect(processExitsWith: .signal(SIGILL)) { _ = ManualClock().now }
        #else
            await #expect(processExitsWith: .signal(SIGTRAP)) { _ = ManualClock().now }
        #endif
    }
}
