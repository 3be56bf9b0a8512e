import Glibc
import Testing

/// A launch that overruns its deadline discards the preserved state (issue 51, item 10), as
/// Docs/Scenes.md says: the archive concerns one launch, so a launch that hangs cannot restore it
/// again and again. The launch deadline is the user setting `SCHEMEROUTER_LAUNCH_DEADLINE_MS`.
@Suite("Runtime: a launch that times out discards the preserved state", .serialized)
struct PreservedStateTimeoutTests {
    @Test(
        "the watchdog ends an overrunning launch (exit 5) and deletes the archive and the restoration record",
        arguments: [
            ["LOADPROBE_STALL_HOOK=didDecodeRestorableState"],  // hangs while restoring
            ["LOADPROBE_SLOW_LAUNCH_MS=3000"],  // restored, then didFinishLaunching overruns
        ])
    func launchTimeoutDiscards(behaviour: [String]) throws {
        let sandbox = try ProbeSandbox()
        try StatePreservationTests.preserve(sandbox, tag: "first")
        let directory = StatePreservationTests.stateDirectory(sandbox)
        #expect(TestFiles.exists(directory + "/state.json"))
        let launch = try sandbox.spawn(
            ["--background"], environment: ["LOADPROBE_RESTORE=again", "SCHEMEROUTER_LAUNCH_DEADLINE_MS=1000"] + behaviour)
        #expect(try launch.wait() == 5, "\(launch.standardError)")
        // The primary writes its last line as it exits, which may be just after the launcher's.
        _ = try FileWatch.wait(for: launch.stderrPath) { $0.contains("the preserved state was discarded") }
        #expect(!TestFiles.exists(directory + "/state.json"), "the archive outlived the launch that timed out")
        #expect(!TestFiles.exists(directory + "/restoring"), "the restoration record outlived the launch")
    }
}
