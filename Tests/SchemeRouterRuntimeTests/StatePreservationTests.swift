import Glibc
import Testing

/// State preservation with real processes: load-probe opts in with `LOADPROBE_RESTORE=<tag>`;
/// its archive lives under `$XDG_STATE_HOME/<bundle>/` (or `$HOME/.local/state/<bundle>/`).
@Suite("Runtime: state preservation and restoration", .serialized)
struct StatePreservationTests {
    static func stateDirectory(_ sandbox: ProbeSandbox) -> String {
        sandbox.root + "/.local/state/" + ProbeSandbox.bundleName
    }

    /// Launches into the background with `tag`, then quits (a normal termination preserves).
    static func preserve(_ sandbox: ProbeSandbox, tag: String) throws {
        try sandbox.launch(environment: ["LOADPROBE_RESTORE=\(tag)"])
        let quit = try sandbox.run(["--quit"])
        #expect(quit.status == 0, "\(quit.error)")
    }

    @Test("quit preserves; the next launch restores between the launch hooks, then deletes the archive")
    func preserveAndRestore() throws {
        let sandbox = try ProbeSandbox()
        try Self.preserve(sandbox, tag: "first")
        let archive = TestFiles.read(Self.stateDirectory(sandbox) + "/state.json")
        #expect(archive.hasPrefix(#"{"format": "schemerouter-state", "version": 1, "bundle": "org.schemerouter.loadprobe""#))
        #expect(archive.contains(#""tag": "first""#))

        try sandbox.launch(environment: ["LOADPROBE_RESTORE=second"])
        #expect(sandbox.logLines() == ["shouldRestore first", "restored first"])
        let trace = TestFiles.read(sandbox.trace)
        #expect(trace.contains(#"{"restoration": "restored", "detail": "state restored (0 scenes)"}"#))
        #expect(trace.contains(#"{"restoration": "discarded", "detail": "preserved state discarded: the app finished launching"}"#))
        // Launched into the background, so preserved again at once, with this launch's tag.
        #expect(TestFiles.read(Self.stateDirectory(sandbox) + "/state.json").contains(#""tag": "second""#))
        #expect(!TestFiles.exists(Self.stateDirectory(sandbox) + "/restoring"))
    }

    @Test("entering the background preserves, under XDG_STATE_HOME when it is set")
    func preserveOnBackground() throws {
        let sandbox = try ProbeSandbox()
        let stateHome = sandbox.root + "/state-home"
        sandbox.extraEnvironment = ["XDG_STATE_HOME=\(stateHome)", "LOADPROBE_RESTORE=bg"]
        try sandbox.launch(foreground: true)
        #expect(!TestFiles.exists(stateHome + "/" + ProbeSandbox.bundleName + "/state.json"))
        #expect(try sandbox.lifecycle(["background"]).status == 0)
        #expect(TestFiles.read(stateHome + "/" + ProbeSandbox.bundleName + "/state.json").contains(#""tag": "bg""#))
    }

    @Test("SIGKILL while restoring: the next launch discards the archive and starts clean, saying why")
    func killedWhileRestoring() throws {
        let sandbox = try ProbeSandbox()
        try Self.preserve(sandbox, tag: "poison")
        let stalled = try sandbox.spawn(
            ["--background"], environment: ["LOADPROBE_RESTORE=again", "LOADPROBE_STALL_HOOK=didDecodeRestorableState"])
        try sandbox.waitForLog { $0 == "stall didDecodeRestorableState" }
        #expect(TestFiles.exists(Self.stateDirectory(sandbox) + "/restoring"))
        let pid = try #require(sandbox.primaryPID)
        kill(pid, SIGKILL)
        _ = try stalled.wait()
        try ProcessWatch.waitForExit(pid, timeout: .seconds(10))

        let clean = try sandbox.run(["--background"], environment: ["LOADPROBE_RESTORE=clean"])
        #expect(clean.status == 0, "\(clean.error)")
        #expect(clean.error.contains("preserved state discarded: the previous launch ended while restoring it"), "\(clean.error)")
        #expect(sandbox.logLines() == ["shouldRestore poison", "stall didDecodeRestorableState"])
        #expect(TestFiles.read(sandbox.trace).contains(
            #"{"restoration": "discarded", "detail": "preserved state discarded: the previous launch ended while restoring it"}"#))
        #expect(!TestFiles.exists(Self.stateDirectory(sandbox) + "/restoring"))
    }

    @Test("a corrupt or foreign archive is ignored with its reason on standard error and in the trace", arguments: [
        ("{\"format\": \"schemerouter-state\", \"vers", "preserved state discarded: invalid: not JSON"),
        (#"{"format": "schemerouter-state", "version": 1, "bundle": "com.acme.todolist", "app": {}, "scenes": []}"#,
         "preserved state discarded: invalid: written by com.acme.todolist, not org.schemerouter.loadprobe"),
    ])
    func corrupt(text: String, reason: String) throws {
        let sandbox = try ProbeSandbox()
        let directory = Self.stateDirectory(sandbox)
        for path in [sandbox.root + "/.local", sandbox.root + "/.local/state", directory] { mkdir(path, 0o700) }
        TestFiles.write(directory + "/state.json", text)
        let launch = try sandbox.run(["--background"], environment: ["LOADPROBE_RESTORE=x"])
        #expect(launch.status == 0, "\(launch.error)")
        #expect(launch.error.contains(reason), "\(launch.error)")
        #expect(TestFiles.read(sandbox.trace).contains(reason))
        #expect(!sandbox.logLines().contains { $0.hasPrefix("shouldRestore") })
    }

    @Test("a force-quit (app --quit --discard-state, schemectl lifecycle … terminate --discard-state) deletes the archive",
          arguments: ["app", "schemectl"])
    func forceQuit(how: String) throws {
        let sandbox = try ProbeSandbox()
        try sandbox.launch(environment: ["LOADPROBE_RESTORE=gone"])
        #expect(TestFiles.exists(Self.stateDirectory(sandbox) + "/state.json"))
        let quit = how == "app"
            ? try sandbox.run(["--quit", "--discard-state"]) : try sandbox.lifecycle(["terminate", "--discard-state"])
        #expect(quit.status == 0, "\(quit.error)")
        #expect(!TestFiles.exists(Self.stateDirectory(sandbox) + "/state.json"))
        #expect(TestFiles.read(sandbox.trace).contains("preserved state discarded: the user force-quit the app"))
    }
}
