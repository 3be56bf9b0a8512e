import SchemeRouterRuntime
import Testing

@testable import SchemeRouterDesktop

/// An app that exits without a verdict frame is judged by its exit status: every status the
/// runtime documents maps to the verdict that reports the same status, or to `launchFailed`.
@Suite struct AppExitStatusTests {
    /// Statuses of the app's own table that no URL sender's verdict stands for (control commands,
    /// usage, defects of the app, system errors).
    static let launchFailures: Set<SchemeRouterRuntime.ExitStatus> = [.notRunning, .refused, .usage, .requestTypeMismatch, .systemError]

    @Test(arguments: SchemeRouterRuntime.ExitStatus.documented)
    func documentedStatusKeepsItsNumber(status: SchemeRouterRuntime.ExitStatus) {
        let verdict = URLOpener.verdict(exitStatus: status.rawValue)
        if Self.launchFailures.contains(status) {
            #expect(verdict.exitStatus == OpenVerdict.launchFailed("").exitStatus)
            #expect(verdict.description.contains(status.description), "\(verdict)")
        } else {
            #expect(verdict.exitStatus == status.rawValue, "\(status) became \(verdict)")
        }
    }

    /// Every verdict an app can give, woken or launched.
    static let appVerdicts: [WakeVerdict] = [
        .handled, .declined, .rejected(code: "no-route", offset: 12, message: "'x' is not served"), .openFailed("disk full"),
        .launchFailed("died"), .launchTimedOut, .terminated, .hookTimedOut("open"), .noAnswer("gone"),
        .unresponsive("no ack"), .busy("descriptor limit"), .protocolError("bad frame"),
    ]

    @Test("schemectl open words a verdict as the app's own invocation does, and exits with its status", arguments: appVerdicts)
    func appVerdictReadsAlike(verdict: WakeVerdict) {
        #expect(OpenVerdict(verdict).description == verdict.description)
        #expect(OpenVerdict(verdict).exitStatus == verdict.exitStatus.rawValue)
    }

    @Test func undocumentedStatusIsALaunchFailure() {
        let verdict = URLOpener.verdict(exitStatus: 42)
        #expect(verdict.exitStatus == 4)
        #expect(verdict.description.contains("42"))
    }
}
