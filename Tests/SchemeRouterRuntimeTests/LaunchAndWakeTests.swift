import Glibc
import Testing

/// `todolist URL` as a user runs it: cold launch, wake, quit, with the trace as evidence.
@Suite("Launch and wake (real processes)")
struct LaunchAndWakeTests {
    @Test("cold launch runs the launch hooks, open and didBecomeActive; a second URL wakes the primary; --quit terminates it")
    func coldLaunchThenWake() throws {
        let sandbox = try TodoSandbox()
        let first = try sandbox.run(["todolist://?Buy%20milk#202501021030"])
        #expect(first.status == 0, "\(first.error)")
        #expect(sandbox.traceLines() == [
            .init(hook: "willFinishLaunching", state: "inactive", url: nil),
            .init(hook: "didFinishLaunching", state: "inactive", url: nil),
            .init(hook: "open", state: "inactive", url: "todolist://?Buy%20milk#202501021030"),
            .init(hook: "didBecomeActive", state: "active", url: nil),
        ])
        let primary = try #require(sandbox.primaryPID)

        let second = try sandbox.run(["todolist://host.ignored/?Call+mom#today"])
        #expect(second.status == 0, "\(second.error)")
        #expect(sandbox.traceLines().last == .init(hook: "open", state: "active", url: "todolist://host.ignored/?Call+mom#today"))
        #expect(sandbox.primaryPID == primary, "the second invocation must not become a primary")

        let items = try sandbox.items()
        #expect(items.count == 2)
        #expect(items.first == .init(task: "Buy milk", due: "2025-01-02T10:30"))
        #expect(items.last?.task == "Call+mom")

        let quit = try sandbox.quit()
        #expect(quit.status == 0, "\(quit.error)")
        #expect(sandbox.hooks().last == "willTerminate")
        #expect(!TestFiles.exists(sandbox.socketPath), "the socket is removed at termination")
    }
}
