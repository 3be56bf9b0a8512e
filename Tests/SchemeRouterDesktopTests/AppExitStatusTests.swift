import SchemeRouterLifecycle
import SchemeRouterSender
import Testing

@testable import SchemeRouterDesktop

/// An app that exits without a verdict frame is judged by its exit status: every status the
/// runtime documents maps to the verdict that reports the same status, or to `launchFailed`.
@Suite struct AppExitStatusTests {
    /// Statuses no app's own invocation exits with for a URL (control commands, usage, defects of
    /// the app, system errors, and those only `schemectl` uses).
    static let launchFailures: Set<SchemeRouterSender.ExitStatus> = [
        .notRunning, .refused, .noHandler, .delivered, .usage, .invalidInput, .cannotRead, .unavailable,
        .systemError, .cannotCreate, .cannotWrite, .noHome,
    ]

    @Test(arguments: SchemeRouterSender.ExitStatus.documented)
    func documentedStatusKeepsItsNumber(status: SchemeRouterSender.ExitStatus) {
        let verdict = URLOpener.verdict(exitStatus: status.rawValue)
        if Self.launchFailures.contains(status) {
            #expect(verdict.exitStatus == DeliveryVerdict.launchFailed("").exitStatus)
            #expect(verdict.description.contains(status.description), "\(verdict)")
        } else {
            #expect(verdict.exitStatus == status, "\(status) became \(verdict)")
        }
    }

    @Test func undocumentedStatusIsALaunchFailure() {
        let verdict = URLOpener.verdict(exitStatus: 42)
        #expect(verdict.exitStatus == .launchFailed)
        #expect(verdict.description.contains("42"))
    }
}
