import CSchemeRouterLinux
import CLibUV
import Glibc
import Testing

/// One primary per app and user, however the invocations race or die.
@Suite("Single instance (real processes)")
struct SingleInstanceTests {
    @Test("50 invocations started at the same moment with no primary: exactly one primary, 50 items stored once, every sender exits 0")
    func fiftySimultaneousColdLaunches() throws {
        let sandbox = try TodoSandbox()
        // A barrier: every child blocks reading a pipe until the test closes its write end.
        var gate: [Int32] = [-1, -1]
        #expect(schemerouter_pipe2(&gate, O_CLOEXEC) == 0)
        let shell = "read line; exec \"$0\" \"$1\""
        var senders: [ChildProcess] = []
        for index in 0..<50 {
            senders.append(
                try ChildProcess(
                    "/bin/sh", [Array("-c".utf8), Array(shell.utf8), Array(sandbox.todolist.utf8), Array("todolist://?task-\(index)".utf8)],
                    environment: sandbox.environment(), standardInput: gate[0], outputPrefix: sandbox.root + "/sender-\(index)"))
        }
        close(gate[0])
        close(gate[1])  // all 50 start now
        for (index, sender) in senders.enumerated() {
            let status = try sender.wait(timeout: .seconds(60))
            #expect(status == 0, "sender \(index): \(sender.standardError)")
        }
        let hooks = sandbox.hooks()
        #expect(hooks.filter { $0 == "willFinishLaunching" }.count == 1, "exactly one primary launched")
        #expect(hooks.filter { $0 == "open" }.count == 50)
        let tasks = try sandbox.items().map(\.task)
        #expect(tasks.count == 50)
        #expect(Set(tasks) == Set((0..<50).map { "task-\($0)" }), "each item stored exactly once")
    }

    @Test("primary killed with SIGKILL: the next invocation becomes the primary with no cleanup (stale socket replaced)")
    func recoversFromSIGKILL() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["todolist://?before"]).status == 0)
        let first = try #require(sandbox.primaryPID)
        kill(first, SIGKILL)
        try ProcessWatch.waitForExit(first, timeout: .seconds(10))
        #expect(TestFiles.exists(sandbox.socketPath), "the crashed primary's socket is left behind")

        let next = try sandbox.run(["todolist://?after"])
        #expect(next.status == 0, "\(next.error)")
        let second = try #require(sandbox.primaryPID)
        #expect(second != first)
        #expect(sandbox.hooks().filter { $0 == "willFinishLaunching" }.count == 2)
        #expect(try sandbox.items().map(\.task) == ["before", "after"])
    }

    @Test("SIGTERM and SIGINT: willTerminate, then a clean exit (status 0) that releases the socket and the lock", arguments: [SIGTERM, SIGINT])
    func terminatesOnSignal(signal: Int32) throws {
        let sandbox = try TodoSandbox(environment: ["SCHEMEROUTER_NO_DETACH=1"])
        let primary = try sandbox.spawn(["todolist://?x"])
        try sandbox.waitForTrace(lines: 4)
        kill(primary.pid, signal)
        #expect(try primary.wait() == 0, "\(primary.standardError)")
        #expect(sandbox.hooks().last == "willTerminate")
        #expect(!TestFiles.exists(sandbox.socketPath))
        let lock = open(sandbox.lockPath, O_RDWR | O_CLOEXEC)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0, "the lock is free")
    }

    @Test("a sender connected to a primary that dies before answering reports launchFailed (4), never success")
    func senderOfDyingPrimary() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_SLOW_LAUNCH_MS=5000", "SCHEMEROUTER_NO_DETACH=1"])
        let primary = try sandbox.spawn(["loadprobe://record/0/1"])
        try FileWatch.wait(forName: "\(ProbeSandbox.bundleName).sock", in: sandbox.runtimeDirectory)
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send(RawSocket.open("loadprobe://record/0/2"))
        kill(primary.pid, SIGKILL)
        #expect(try primary.wait() == 128 + SIGKILL)
        #expect(try socket.receive() == .endOfStream)
    }
}
