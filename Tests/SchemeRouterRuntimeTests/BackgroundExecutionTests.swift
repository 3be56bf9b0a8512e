import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// Background tasks, exits-on-suspend, interruptions and launch reasons through a real primary
/// (`load-probe`), observed in its trace and log.
@Suite("Background execution, interruptions and launch reasons (real processes)")
struct BackgroundExecutionTests {
    @Test("a background task still open when the allowance runs out: its expiration handler runs, then the app is terminated")
    func expiryTerminates() throws {
        let sandbox = try ProbeSandbox(environment: [
            "LOADPROBE_BACKGROUND_TASK=keep", "SCHEMEROUTER_BACKGROUND_DEADLINE_MS=100",
            "SCHEMEROUTER_BACKGROUND_TASK_ALLOWANCE_MS=300",
        ])
        let pid = try sandbox.launch(foreground: true)
        #expect(try sandbox.lifecycle(["background"]).status == 0)
        try ProcessWatch.waitForExit(pid, timeout: .seconds(20))
        #expect(sandbox.logLines() == ["task 1", "expired 1"])
        #expect(sandbox.probeTrace().suffix(5) == [
            ProbeTraceLine(hook: "willResignActive", state: "inactive"),
            ProbeTraceLine(hook: "didEnterBackground", state: "background"),
            ProbeTraceLine(hook: "shouldSaveApplicationState", state: "background"),
            ProbeTraceLine(hook: "backgroundTaskExpiration", state: "background"),
            ProbeTraceLine(hook: "willTerminate", state: "notRunning"),
        ])
        #expect(try sandbox.lifecycle(["state"]).status == 8)
    }

    @Test("an expiration handler that ends its task lets the app be suspended instead")
    func expiryEndedSuspends() throws {
        let sandbox = try ProbeSandbox(environment: [
            "LOADPROBE_BACKGROUND_TASK=end-on-expiry", "SCHEMEROUTER_BACKGROUND_DEADLINE_MS=100",
            "SCHEMEROUTER_BACKGROUND_TASK_ALLOWANCE_MS=300",
        ])
        try sandbox.launch(foreground: true)
        #expect(try sandbox.lifecycle(["background"]).status == 0)
        try sandbox.waitForLog { $0 == "expired 1" }
        // The state request is handled after the timer callback that ran the handler.
        #expect(try sandbox.lifecycle(["state"]).output == "\(ProbeSandbox.bundleName): suspended\n")
        #expect(!sandbox.probeTrace().contains { $0.hook == "willTerminate" })
    }

    @Test("UIApplicationExitsOnSuspend: leaving the foreground terminates (willTerminate); --background is refused")
    func exitsOnSuspend() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_EXITS_ON_SUSPEND=1"], bundleName: "org.schemerouter.suspendingprobe")
        let background = try sandbox.run(["--background"])
        #expect(background.status == 64, "\(background.error)")
        #expect(background.error.contains("exits on suspend"))
        let pid = try sandbox.launch(foreground: true)
        let leave = try sandbox.lifecycle(["background"])
        #expect(leave.status == 0, "\(leave.error)")
        #expect(leave.output == "\(sandbox.bundleName): notRunning\n")
        try ProcessWatch.waitForExit(pid, timeout: .seconds(20))
        #expect(sandbox.probeTrace().suffix(2) == [
            ProbeTraceLine(hook: "willResignActive", state: "inactive"),
            ProbeTraceLine(hook: "willTerminate", state: "notRunning"),
        ])
    }

    @Test("a temporary interruption: inactive, a URL opened while inactive, active again, never in the background")
    func interruption() throws {
        let sandbox = try ProbeSandbox()
        try sandbox.launch(foreground: true)
        let inactive = try sandbox.lifecycle(["inactive"])
        #expect(inactive.status == 0, "\(inactive.error)")
        #expect(inactive.output == "\(ProbeSandbox.bundleName): inactive\n")
        #expect(try sandbox.lifecycle(["inactive"]).status == 9)
        #expect(try sandbox.run(["loadprobe://whoami"]).status == 0)
        let active = try sandbox.lifecycle(["active"])
        #expect(active.status == 0, "\(active.error)")
        #expect(try sandbox.lifecycle(["active"]).status == 9)
        #expect(Array(sandbox.probeTrace().dropFirst(3)) == [
            ProbeTraceLine(hook: "willResignActive", state: "inactive"),
            ProbeTraceLine(hook: "open", state: "inactive", url: "loadprobe://whoami"),
            ProbeTraceLine(hook: "didBecomeActive", state: "active"),
        ])
    }

    @Test("launch reasons: a URL, a plain launch, a background launch", arguments: [
        ([String](["loadprobe://whoami"]), "launch reason=url url=loadprobe://whoami"),
        ([], "launch reason=plain url=-"),
        (["--background"], "launch reason=background url=-"),
    ])
    func launchReasons(arguments: [String], expected: String) throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_LOG_LAUNCH=1"])
        let run = try sandbox.run(arguments)
        #expect(run.status == 0, "\(run.error)")
        #expect(sandbox.logLines().first.map(String.init) == expected)
    }
}
