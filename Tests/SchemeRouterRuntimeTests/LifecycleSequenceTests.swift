import Glibc
import Synchronization
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The lifecycle sequences of issue 3, observed in the trace of a real `todolist` primary.
@Suite("Lifecycle sequences (real processes)")
struct LifecycleSequenceTests {
    @Test("--background launches into the background; a URL then wakes the app: willEnterForeground, open, didBecomeActive")
    func wakeFromBackground() throws {
        let sandbox = try TodoSandbox()
        let launch = try sandbox.run(["--background"])
        #expect(launch.status == 0, "\(launch.error)")
        #expect(sandbox.traceLines() == [
            .init(hook: "willFinishLaunching", state: "background", url: nil),
            .init(hook: "didFinishLaunching", state: "background", url: nil),
            .init(hook: "didEnterBackground", state: "background", url: nil),
        ])
        let wake = try sandbox.run(["todolist://?Wake%20up"])
        #expect(wake.status == 0, "\(wake.error)")
        #expect(Array(sandbox.traceLines().dropFirst(3)) == [
            .init(hook: "willEnterForeground", state: "inactive", url: nil),
            .init(hook: "open", state: "inactive", url: "todolist://?Wake%20up"),
            .init(hook: "didBecomeActive", state: "active", url: nil),
        ])
        #expect(try sandbox.items().map(\.task) == ["Wake up"])
    }

    @Test("a launch hook returning false: no open, the invocation is told declined (exit 1), nothing stored, the app runs")
    func launchHookDeclines() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_DECLINE_LAUNCH=1"])
        let launch = try sandbox.run(["loadprobe://record/0/1"])
        #expect(launch.status == 1, "\(launch.error)")
        #expect(launch.error.contains("declined"))
        #expect(sandbox.hooks() == ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
        #expect(sandbox.deliveries().isEmpty)
        // The launch hooks only decide about the launch URL: the next one is opened.
        let next = try sandbox.run(["loadprobe://record/0/2"])
        #expect(next.status == 0, "\(next.error)")
        #expect(sandbox.deliveries().map(\.sequence) == [2])
    }

    @Test(
        "invalid add URLs are rejected by the runtime (exit 2, the reason and its byte offset): no hook runs, nothing is stored",
        arguments: [
            "todolist://", "todolist://?", "todolist://?x#202513011030", "todolist://?x#202502301030",
            "todolist://?x#202501012500", "todolist://?x#2025010112", "todolist://?x#tomorrow",
            "todolist://?%01", "todolist://?" + String(repeating: "a", count: 201),
        ])
    func invalidAddURLsAreDeclined(url: String) throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["todolist://?first"]).status == 0)
        let hooks = sandbox.hooks()
        let run = try sandbox.run([url])
        #expect(run.status == 2, "\(url): \(run.error)")
        #expect(run.error.contains(" at byte "), "\(run.error)")
        #expect(run.error.contains("^"), "the caret rendering: \(run.error)")
        #expect(sandbox.hooks() == hooks, "no hook ran for \(url)")
        #expect(try sandbox.items().map(\.task) == ["first"])
    }

    @Test("valid add URLs: percent-decoding, + kept, 200 scalars, strict dates, today")
    func validAddURLs() throws {
        let sandbox = try TodoSandbox()
        let long = String(repeating: "é", count: 200)
        let longEncoded = String(repeating: "%C3%A9", count: 200)
        for url in ["todolist://?1+1%3D2#202402291159", "todolist://x/?\(longEncoded)#today", "todolist:?bare", "todolist://?say%20%22hi%22%5C"] {
            let run = try sandbox.run([url])
            #expect(run.status == 0, "\(url): \(run.error)")
        }
        let items = try sandbox.items()
        #expect(items.map(\.task) == ["1+1=2", long, "bare", #"say "hi"\"#])
        #expect(items.first?.due == "2024-02-29T11:59")
    }

    @Test("malformed URLs and undeclared schemes are rejected (exit 2) before any hook or launch")
    func rejectedBeforeAnyHook() throws {
        let sandbox = try TodoSandbox()
        let space = try sandbox.run(["todolist://?a b"])
        #expect(space.status == 2)
        #expect(space.error.contains("raw space") && space.error.contains("byte 13"))
        let other = try sandbox.run(["mailto:someone@example.com"])
        #expect(other.status == 2)
        #expect(other.error.contains("does not declare the scheme 'mailto'"))
        #expect(sandbox.hooks().isEmpty)
        #expect(sandbox.primaryPID == nil, "a rejected URL launches nothing")
    }

    @Test("a running primary rejects a raw argv URL with invalid UTF-8 at its true byte offset")
    func rawBytesKeepTheirOffsets() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["--background"]).status == 0)
        let client = try #require(try withEnvironment(sandbox) { try WakeClient.connect(to: TodoSandbox.bundleName) })
        let verdict = client.open(url: Array("todolist://?ab".utf8) + [0xC3] + Array("x".utf8))
        guard case .rejected(let code, let offset, _) = verdict else {
            Issue.record("expected a rejection, got \(verdict)")
            return
        }
        #expect(code == "non-ascii" && offset == 14)
        // The same through the executable: argv bytes are passed unrepaired.
        let process = try sandbox.spawn(raw: [Array("todolist://?ab".utf8) + [0xFF]])
        #expect(try process.wait() == 2)
        #expect(process.standardError.contains("byte 14"))
        #expect(sandbox.hooks() == ["willFinishLaunching", "didFinishLaunching", "didEnterBackground"])
    }

    @Test("with a background deadline of 0 the app is suspended at once; a URL wakes it; terminating a suspended app runs no willTerminate")
    func suspension() throws {
        let sandbox = try TodoSandbox(environment: ["SCHEMEROUTER_BACKGROUND_DEADLINE_MS=0"])
        #expect(try sandbox.run(["--background"]).status == 0)
        let state = try sandbox.lifecycle(["state"])
        #expect(state.output == "com.acme.todolist: suspended\n", "\(state.error)")
        #expect(try sandbox.run(["todolist://?from%20suspended"]).status == 0)
        #expect(Array(sandbox.hooks().suffix(3)) == ["willEnterForeground", "open", "didBecomeActive"])
        #expect(try sandbox.lifecycle(["background"]).status == 0)
        #expect(try sandbox.lifecycle(["state"]).output == "com.acme.todolist: suspended\n")
        let before = sandbox.hooks().count
        #expect(try sandbox.quit().status == 0)
        #expect(sandbox.hooks().count == before, "no willTerminate while suspended")
    }

    @Test("URLs that arrive during the launch are queued and opened in arrival order after it; a terminate sent after them comes after them")
    func queuedDuringLaunch() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_SLOW_LAUNCH_MS=400", "SCHEMEROUTER_NO_DETACH=1"])
        let primary = try sandbox.spawn(["loadprobe://record/0/1"])
        try FileWatch.wait(forName: "\(ProbeSandbox.bundleName).sock", in: sandbox.runtimeDirectory)
        // The launch is running (didFinishLaunching takes 400 ms): these arrive during it, on one
        // connection, so their arrival order is the stream's (two connections' is the kernel's).
        let socket = try RawSocket(path: sandbox.socketPath)
        let terminate = ControlRequest(request: 3, command: .terminate).frame.encoded
        socket.send(
            RawSocket.open("loadprobe://record/0/2", request: 1) + RawSocket.open("loadprobe://record/0/3", request: 2) + terminate)
        #expect(try socket.receiveVerdict().verdict == .handled)
        #expect(try socket.receiveVerdict().verdict == .handled)
        #expect(try primary.wait() == 0, "\(primary.standardError)")
        #expect(sandbox.traceLines().compactMap(\.url) == ["loadprobe://record/0/1", "loadprobe://record/0/2", "loadprobe://record/0/3"])
        #expect(sandbox.hooks().last == "willTerminate")
        #expect(sandbox.deliveries().map(\.sequence) == [1, 2, 3])
    }
}

/// Runs `body` with the sandbox's runtime directory in this process's environment. The
/// environment is shared by every test in the process, so such tests take a lock.
func withEnvironment<Result>(_ sandbox: TodoSandbox, _ body: () throws -> Result) throws -> Result {
    try environmentLock.withLock { _ in
        let saved = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        setenv("XDG_RUNTIME_DIR", sandbox.runtimeBase, 1)
        defer {
            if let saved { setenv("XDG_RUNTIME_DIR", saved, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
        }
        return try body()
    }
}

/// Serialises tests that change this process's environment.
let environmentLock = Mutex(())
