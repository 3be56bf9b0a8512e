import Glibc
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// A launcher that spawns the app itself learns the verdict from SCHEMEROUTER_VERDICT_FD.
@Suite("Verdict descriptor (real processes)")
struct VerdictPipeTests {
    @Test("the launch URL's verdict arrives on the launcher's pipe, whether the invocation launches or wakes", arguments: [false, true])
    func verdictOnPipe(primaryRunning: Bool) throws {
        let sandbox = try TodoSandbox()
        if primaryRunning { #expect(try sandbox.run(["--background"]).status == 0) }
        let pipe = try VerdictPipe()
        let process = try sandbox.spawn(
            ["todolist://?via%20pipe"], environment: ["SCHEMEROUTER_VERDICT_FD=3"], inherited: [pipe.childDescriptor])
        #expect(pipe.awaitVerdict(timeout: .seconds(20)) == .handled)
        #expect(try process.wait() == 0)
    }

    @Test("a declined launch URL and a rejected URL are reported as such")
    func failures() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_DECLINE_LAUNCH=1"])
        let declined = try VerdictPipe()
        let first = try sandbox.spawn(["loadprobe://record/0/1"], environment: ["SCHEMEROUTER_VERDICT_FD=3"], inherited: [declined.childDescriptor])
        #expect(declined.awaitVerdict(timeout: .seconds(20)) == .declined)
        #expect(try first.wait() == 1)
        let rejected = try VerdictPipe()
        let second = try sandbox.spawn(["loadprobe:%zz"], environment: ["SCHEMEROUTER_VERDICT_FD=3"], inherited: [rejected.childDescriptor])
        guard case .rejected(let code, let offset, _) = rejected.awaitVerdict(timeout: .seconds(20)) else {
            Issue.record("expected a rejection")
            return
        }
        #expect(code == "invalid-percent-encoding" && offset == 10)
        #expect(try second.wait() == 2)
    }

    @Test("a pipe closed without a verdict means the app died: launchFailed")
    func endOfFile() throws {
        let pipe = try VerdictPipe()
        pipe.closeChildDescriptor()
        guard case .launchFailed = pipe.awaitVerdict(timeout: .seconds(5)) else {
            Issue.record("expected launchFailed")
            return
        }
    }
}
