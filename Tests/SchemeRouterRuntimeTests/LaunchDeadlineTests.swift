import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The launch deadline: a launch hook that overruns, or never returns, ends the launch with
/// status 5 (launchTimedOut), and everyone waiting is told.
@Suite("Launch deadline (real processes)")
struct LaunchDeadlineTests {
    @Test("a launch hook that never returns: the watchdog answers waiting senders launchTimedOut and the primary exits 5")
    func hangingHook() throws {
        let sandbox = try ProbeSandbox(environment: [
            "LOADPROBE_HANG_LAUNCH=1", "SCHEMEROUTER_LAUNCH_DEADLINE_MS=1500", "SCHEMEROUTER_NO_DETACH=1",
        ])
        let primary = try sandbox.spawn(["loadprobe://record/0/1"])
        try FileWatch.wait(forName: "\(ProbeSandbox.bundleName).sock", in: sandbox.runtimeDirectory)
        // Connected during the launch: one accepted before it began would be in the same list;
        // these wait in the listen backlog while willFinishLaunching hangs.
        let waiting = try RawSocket(path: sandbox.socketPath)
        waiting.send(RawSocket.open("loadprobe://record/0/2"))
        let sender = try sandbox.spawn(["loadprobe://record/0/3"], environment: ["SCHEMEROUTER_NO_DETACH=0"])
        #expect(try primary.wait() == 5)
        #expect(primary.standardError.contains("launch timed out: willFinishLaunching had not returned"))
        let error = try waiting.receiveError()
        #expect(error.code == .launchTimedOut)
        #expect(try sender.wait() == 5, "\(sender.standardError)")
        #expect(!sandbox.hooks().contains("open"))
        #expect(sandbox.deliveries().isEmpty)
    }

    @Test("the invocation that launched a primary whose hook hangs exits 5 (detached primary)")
    func hangingHookDetached() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_HANG_LAUNCH=1", "SCHEMEROUTER_LAUNCH_DEADLINE_MS=300"])
        let run = try sandbox.run(["loadprobe://record/0/1"])
        #expect(run.status == 5, "\(run.error)")
        #expect(run.error.contains("launch timed out"))
    }

    @Test("a launch hook that would return after the deadline: status 5 as soon as the deadline passes, no open")
    func slowHook() throws {
        let sandbox = try ProbeSandbox(environment: [
            "LOADPROBE_SLOW_LAUNCH_MS=600", "SCHEMEROUTER_LAUNCH_DEADLINE_MS=200", "SCHEMEROUTER_NO_DETACH=1",
        ])
        let primary = try sandbox.spawn(["loadprobe://record/0/1"])
        #expect(try primary.wait() == 5)
        #expect(primary.standardError.contains("launch timed out"))
        // The watchdog ends the launch at the deadline, while didFinishLaunching still runs.
        #expect(sandbox.hooks() == ["willFinishLaunching"])
        #expect(!TestFiles.exists(sandbox.socketPath))
    }

    @Test("a launch that finishes within the deadline is not affected by the watchdog")
    func inTime() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_SLOW_LAUNCH_MS=100", "SCHEMEROUTER_LAUNCH_DEADLINE_MS=2000"])
        #expect(try sandbox.run(["loadprobe://record/0/1"]).status == 0)
        #expect(try sandbox.run(["loadprobe://record/0/2"]).status == 0)
        #expect(sandbox.deliveries().map(\.sequence) == [1, 2])
    }
}
