import Glibc
import Testing

/// The runtime routes every URL before the app sees it: a URL that matches no route or carries
/// an invalid value is rejected (exit 2) with the reason and its byte offset, no hook runs, and
/// a cold launch for it launches nothing.
@Suite("Typed delivery (real processes)")
struct TypedDeliveryTests {
    @Test("a cold launch for a URL that matches no route: exit 2 with the reason and byte offset, no launch, no hook")
    func noRouteColdLaunch() throws {
        let sandbox = try ProbeSandbox()
        let run = try sandbox.run(["loadprobe://archive"])
        #expect(run.status == 2, "\(run.error)")
        #expect(
            run.error.contains("'archive' is not served (hosts: decline, record, stall, throw, token, trap, whoami) at byte 0"),
            "\(run.error)")
        #expect(run.error.contains("  loadprobe://archive\n  ^"), "the caret rendering: \(run.error)")
        #expect(sandbox.hooks().isEmpty)
        #expect(sandbox.primaryPID == nil, "a rejected URL launches nothing")
    }

    @Test("a running app: a no-route URL and an invalid value are rejected before any hook, with the reason at the sender")
    func rejectedByRunningApp() throws {
        let sandbox = try ProbeSandbox()
        try sandbox.launch()
        let hooks = sandbox.hooks()
        let noRoute = try sandbox.run(["loadprobe://record/1"])
        #expect(noRoute.status == 2, "\(noRoute.error)")
        #expect(noRoute.error.contains("path ends after 1 segment; expected {sequence}; closest route 'record' at byte 20"), "\(noRoute.error)")
        let invalid = try sandbox.run(["loadprobe://record/1/x"])
        #expect(invalid.status == 2, "\(invalid.error)")
        #expect(invalid.error.contains("parameter 'sequence' = 'x'") && invalid.error.contains("at byte 21"), "\(invalid.error)")
        #expect(invalid.error.contains("  loadprobe://record/1/x\n                       ^"), "\(invalid.error)")
        #expect(sandbox.hooks() == hooks, "no hook ran, not even the wake sequence")
        #expect(sandbox.deliveries().isEmpty)
        // The app still serves the URLs it can read.
        #expect(try sandbox.run(["loadprobe://record/1/2"]).status == 0)
        #expect(sandbox.deliveries().map(\.sequence) == [2])
    }

    @Test("the app's own hook deadline (Application.main settings) ends a stalled open; the operator's variable overrides it")
    func settingsParameter() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_HOOK_DEADLINE_MS=400"])
        let run = try sandbox.run(["loadprobe://stall"])
        #expect(run.status == 12, "\(run.error)")
        #expect(run.error.contains("open did not return within the hook deadline (400 ms)"), "\(run.error)")
        let overridden = try sandbox.run(["loadprobe://stall"], environment: ["SCHEMEROUTER_HOOK_DEADLINE_MS=300"])
        #expect(overridden.status == 12, "\(overridden.error)")
        #expect(overridden.error.contains("within the hook deadline (300 ms)"), "\(overridden.error)")
    }
}
