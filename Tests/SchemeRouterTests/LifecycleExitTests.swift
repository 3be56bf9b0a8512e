import SchemeRouter
import SchemeRouterTestKit
import Testing

/// Programmer errors trap instead of throwing.
@Suite("Lifecycle: programmer errors trap")
struct LifecycleExitTests {
    @Test("a launch URL without a delivery ID")
    func urlWithoutDelivery() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let controller = LifecycleController(delegate: RecordingDelegate(), clock: ManualClock())
                _ = try? controller.launch(options: LaunchOptions(url: try! SchemeURL("todolist://x")))
            }
        }
    }

    @Test("a delivery ID without a launch URL")
    func deliveryWithoutURL() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let controller = LifecycleController(delegate: RecordingDelegate(), clock: ManualClock())
                _ = try? controller.launch(delivery: DeliveryID(1))
            }
        }
    }

    @Test("two deliveries of one launch with the same ID")
    func duplicateDelivery() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let controller = LifecycleController(delegate: RecordingDelegate(), clock: ManualClock())
                let url = try! SchemeURL("todolist://x")
                _ = try? controller.launch(
                    options: LaunchOptions(url: url), delivery: DeliveryID(1),
                    queued: [PendingDelivery(url: url, delivery: DeliveryID(1))])
            }
        }
    }

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
