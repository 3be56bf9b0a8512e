import Glibc
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// Hooks that throw, trap or overrun, and a primary killed at several points (issue 6,
/// "Faults"): every sender learns what happened with its documented status, and nobody is ever
/// told `handled` for a URL the app did not handle.
@Suite("Faults: throwing, trapping and overrunning hooks, SIGKILL (real processes)")
struct FaultTests {
    /// A running primary in its own sandbox.
    static func running(_ environment: [String] = []) throws -> (ProbeSandbox, pid_t) {
        let sandbox = try ProbeSandbox(environment: environment)
        let pid = try sandbox.launch()
        return (sandbox, pid)
    }

    /// A URL the probe records as `<sender> <sequence>`.
    static func record(_ sender: Int, _ sequence: Int = 0) -> String { "loadprobe://record/\(sender)/\(sequence)" }

    // MARK: Throw

    @Test("open throws: the sender exits 3 (openFailed) with the error, and the primary goes on serving", arguments: [false, true])
    func throwingOpen(asLaunchURL: Bool) throws {
        let sandbox = try ProbeSandbox()
        if !asLaunchURL { try sandbox.launch() }
        let run = try sandbox.run(["loadprobe://throw"])
        #expect(run.status == ExitStatus.openFailed.rawValue, "\(run.error)")
        #expect(run.error.contains("loadprobe://throw asked open to throw"))
        let pid = try #require(sandbox.primaryPID, "the app keeps running after open threw")
        #expect(try sandbox.run([Self.record(1)]).status == 0)
        #expect(sandbox.primaryPID == pid)
        #expect(sandbox.deliveries().map(\.sender) == [1])
    }

    // MARK: Trap

    @Test("open traps while running: the app ends, its sender exits 4 (never 0), racing senders are handled only if logged, the next sender launches a new primary")
    func trappingOpen() throws {
        let (sandbox, pid) = try Self.running()
        let socket = try RawSocket(path: sandbox.socketPath)
        // Two more URLs pipelined behind the trap on the same connection: they cannot be
        // handled before it.
        socket.send(
            RawSocket.open("loadprobe://trap", request: 1) + RawSocket.open(Self.record(900, 0), request: 2)
                + RawSocket.open(Self.record(900, 1), request: 3))
        var racing: [ChildProcess] = []
        for index in 0..<10 { racing.append(try sandbox.spawn([Self.record(index)])) }
        #expect(try socket.receive() == .endOfStream, "no verdict for the trap or anything behind it")
        try ProcessWatch.waitForExit(pid, timeout: .seconds(20))
        let statuses = try racing.map { sender throws(TestFailure) in try sender.wait() }
        let logged = Set(sandbox.deliveries().map(\.sender))
        #expect(!logged.contains(900))
        for (index, sender) in racing.enumerated() {
            let status = statuses[index]
            // Each racing sender either got in before the trap (handled, and logged) or was left
            // without an answer (4, and not logged); a sender that arrived after the primary was
            // gone launched a new one (0, logged).
            if status == 0 {
                #expect(logged.contains(index), "sender \(index) was told handled but its URL is not in the log")
            } else {
                #expect(status == ExitStatus.launchFailed.rawValue, "sender \(index): \(sender.standardError)")
                #expect(!logged.contains(index), "sender \(index) failed but its URL was delivered")
            }
        }
        let next = try sandbox.run([Self.record(77)])
        #expect(next.status == 0, "\(next.error)")
        #expect(sandbox.primaryPID != pid)
        #expect(sandbox.deliveries().last?.sender == 77)
    }

    @Test("the launch URL's open traps: the invocation and every sender queued behind it exit 4, none is logged, the next sender becomes primary")
    func trappingLaunchURL() throws {
        let sandbox = try ProbeSandbox()
        let gate = sandbox.makeGate()
        let launcher = try sandbox.spawn(["loadprobe://trap"], environment: ["LOADPROBE_LAUNCH_GATE=\(gate)"])
        try sandbox.waitForLog { $0 == "launching" }
        let pid = try #require(sandbox.primaryPID)
        var queued: [ChildProcess] = []
        for index in 0..<5 { queued.append(try sandbox.spawn([Self.record(index)])) }
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send(RawSocket.open(Self.record(50)))
        // Each sender process is connected (or has launched nothing) before the gate opens:
        // they wait for the socket to be accepted. The raw socket is in the backlog for sure.
        sandbox.openGate(gate)
        #expect(try launcher.wait() == ExitStatus.launchFailed.rawValue, "\(launcher.standardError)")
        try ProcessWatch.waitForExit(pid, timeout: .seconds(20))
        #expect(try socket.receive() == .endOfStream)
        for sender in queued {
            let status = try sender.wait()
            // A sender that connected before the trap is left without an answer (4); one that
            // came after the primary was gone became the new primary (0).
            #expect(status == ExitStatus.launchFailed.rawValue || status == 0, "\(sender.standardError)")
        }
        let logged = sandbox.deliveries().map(\.sender)
        #expect(!logged.contains(50))
        #expect(Set(logged).count == logged.count)
        for (index, sender) in queued.enumerated() where try sender.wait() != 0 {
            #expect(!logged.contains(index))
        }
        #expect(try sandbox.run([Self.record(99)]).status == 0)
        #expect(sandbox.primaryPID != pid)
    }

    // MARK: Overrun

    @Test("open overruns the hook deadline: the app is ended (12), its sender exits 12, other connections are told terminated, a later sender launches a new primary and is handled")
    func overrunningOpen() throws {
        let (sandbox, pid) = try Self.running(["SCHEMEROUTER_HOOK_DEADLINE_MS=700"])
        let bystander = try RawSocket(path: sandbox.socketPath)
        let stalled = try sandbox.spawn(["loadprobe://stall"])
        try sandbox.waitForLog { $0 == "stall open" }
        // Behind the stalled hook: a sender process, and a URL on the bystander's connection.
        let behind = try sandbox.spawn([Self.record(5)])
        bystander.send(RawSocket.open(Self.record(6)))
        #expect(try stalled.wait() == ExitStatus.hookTimedOut.rawValue, "\(stalled.standardError)")
        #expect(stalled.standardError.contains("open did not return within the hook deadline (700 ms)"))
        try ProcessWatch.waitForExit(pid, timeout: .seconds(10))
        let told = try bystander.receiveError()
        #expect(told.code == .terminated, "\(told)")
        // Told `terminated` (not delivered), the sender retried and launched a new primary.
        let retried = try behind.wait()
        #expect(retried == 0, "\(behind.standardError)")
        #expect(sandbox.deliveries().map(\.sender) == [5])
        #expect(sandbox.primaryPID != pid)
    }

    @Test("a transition hook overruns (didEnterBackground): the control command exits 12 and the app is ended with 12")
    func overrunningTransition() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_HOOK_DEADLINE_MS=500", "LOADPROBE_STALL_HOOK=didEnterBackground"])
        let pid = try sandbox.launch(foreground: true)
        let run = try sandbox.lifecycle(["background"])
        #expect(run.status == ExitStatus.hookTimedOut.rawValue, "\(run.error)")
        #expect(run.error.contains("didEnterBackground did not return within the hook deadline (500 ms)"), "\(run.error)")
        try ProcessWatch.waitForExit(pid, timeout: .seconds(10))
        #expect(sandbox.logLines().last == "stall didEnterBackground")
        #expect(try sandbox.run([Self.record(1)]).status == 0, "a new primary serves the next URL")
    }

    @Test("the launch URL's open overruns the hook deadline: the invoking process exits 12")
    func overrunningLaunchURL() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_HOOK_DEADLINE_MS=500"])
        let run = try sandbox.run(["loadprobe://stall"])
        #expect(run.status == ExitStatus.hookTimedOut.rawValue, "\(run.error)")
        #expect(run.error.contains("did not return within the hook deadline"))
    }

    // MARK: SIGKILL

    @Test("primary killed during the launch with senders queued: every sender exits 4 (never 0), nothing is logged, the next sender becomes primary")
    func killedDuringLaunch() throws {
        let sandbox = try ProbeSandbox()
        let gate = sandbox.makeGate()
        let launcher = try sandbox.spawn([Self.record(0)], environment: ["LOADPROBE_LAUNCH_GATE=\(gate)"])
        try sandbox.waitForLog { $0 == "launching" }
        let pid = try #require(sandbox.primaryPID)
        let sockets = try (1...5).map { _ throws(TestFailure) in try RawSocket(path: sandbox.socketPath) }
        for (index, socket) in sockets.enumerated() { socket.send(RawSocket.open(Self.record(10 + index))) }
        var queued: [ChildProcess] = []
        for index in 0..<5 { queued.append(try sandbox.spawn([Self.record(20 + index)])) }
        kill(pid, SIGKILL)
        try ProcessWatch.waitForExit(pid, timeout: .seconds(10))
        #expect(try launcher.wait() == ExitStatus.launchFailed.rawValue, "\(launcher.standardError)")
        for socket in sockets { #expect(try socket.receive() == .endOfStream) }
        for sender in queued {
            let status = try sender.wait()
            #expect(status == ExitStatus.launchFailed.rawValue || status == 0, "\(sender.standardError)")
        }
        // Only senders that came after the kill (and so launched a new primary) are logged.
        let logged = sandbox.deliveries().map(\.sender)
        #expect(!logged.contains(0) && logged.allSatisfy { $0 >= 20 })
        for (index, sender) in queued.enumerated() {
            #expect((try sender.wait() == 0) == logged.contains(20 + index))
        }
        #expect(try sandbox.run([Self.record(99)]).status == 0)
        #expect(sandbox.primaryPID != pid)
    }

    @Test("primary killed in the middle of a delivery: the sender of that URL and every sender behind it get no success, the next sender becomes primary")
    func killedMidDelivery() throws {
        let (sandbox, pid) = try Self.running(["SCHEMEROUTER_HOOK_DEADLINE_MS=0"])
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send(RawSocket.open("loadprobe://stall", request: 1) + RawSocket.open(Self.record(1), request: 2))
        try sandbox.waitForLog { $0 == "stall open" }
        var behind: [ChildProcess] = []
        for index in 0..<5 { behind.append(try sandbox.spawn([Self.record(10 + index)])) }
        let waiting = try RawSocket(path: sandbox.socketPath)
        waiting.send(RawSocket.open(Self.record(2)))
        kill(pid, SIGKILL)
        try ProcessWatch.waitForExit(pid, timeout: .seconds(10))
        #expect(try socket.receive() == .endOfStream)
        #expect(try waiting.receive() == .endOfStream)
        let statuses = try behind.map { sender throws(TestFailure) in try sender.wait() }
        let logged = sandbox.deliveries().map(\.sender)
        #expect(!logged.contains(1) && !logged.contains(2))
        for (index, sender) in behind.enumerated() {
            let status = statuses[index]
            #expect(status == ExitStatus.launchFailed.rawValue || status == 0, "\(sender.standardError)")
            #expect((status == 0) == logged.contains(10 + index))
        }
        #expect(try sandbox.run([Self.record(99)]).status == 0)
        #expect(sandbox.primaryPID != pid)
    }

    // MARK: Normal termination

    @Test(
        "10,000 URLs pipelined on 10 connections, then the app terminates: each URL is either answered handled (and logged once, in order) or answered terminated (and not logged)",
        arguments: ["SIGTERM", "--quit"])
    func terminationWithQueuedURLs(how: String) throws {
        let (sandbox, pid) = try Self.running(["SCHEMEROUTER_TRACE="])
        let connections = 10
        let perConnection = 1000
        let sockets = try (0..<connections).map { _ throws(TestFailure) in try RawSocket(path: sandbox.socketPath) }
        for (index, socket) in sockets.enumerated() {
            socket.send((0..<perConnection).flatMap { RawSocket.open(Self.record(index, $0), request: UInt32($0 + 1)) })
        }
        // Terminate once the app is busy with them. The senders do not read yet, so the app
        // stops serving each connection once its unread answers fill the socket and 4 KiB more:
        // many URLs are still waiting when the termination begins (the socket's removal says so).
        let first = try sockets[0].receiveVerdict()
        #expect(first.request == 1 && first.verdict == .handled)
        let quit = how == "SIGTERM" ? nil : try sandbox.spawn(["--quit"])
        if quit == nil { kill(pid, SIGTERM) }
        try FileWatch.wait(forName: "\(ProbeSandbox.bundleName).sock", in: sandbox.runtimeDirectory, gone: true)
        let answers = try RawSocket.readAll(sockets)
        if let quit { #expect(try quit.wait() == 0, "\(quit.standardError)") }
        try ProcessWatch.waitForExit(pid, timeout: .seconds(20))
        let logged = sandbox.deliveries()
        var answeredHandled = 0
        var answeredTerminated = 0
        for (index, frames) in answers.enumerated() {
            let verdicts = frames.filter { $0.type == .verdict }.compactMap { try? VerdictMessage(payload: $0.payload) }
            let handled = verdicts.count + (index == 0 ? 1 : 0)
            let expectedRequests = ((index == 0 ? 2 : 1)...max(1, handled)).map(UInt32.init)
            #expect(verdicts.allSatisfy { $0.verdict == .handled }, "connection \(index)")
            #expect(verdicts.map(\.request) == (verdicts.isEmpty ? [] : expectedRequests), "connection \(index): answers out of order")
            // After its verdicts, every connection is told the app is terminating.
            let last = frames.last.flatMap { $0.type == .error ? try? ErrorMessage(payload: $0.payload) : nil }
            #expect(last?.code == .terminated, "connection \(index) ended without error(terminated)")
            #expect(frames.count == verdicts.count + 1, "connection \(index): nothing but verdicts, then the error")
            let mine = logged.filter { $0.sender == index }.map(\.sequence)
            #expect(
                mine == Array(0..<handled),
                "connection \(index): \(handled) answered handled, then terminated; the log has \(mine.count), \(mine == Array(0..<mine.count) ? "in order" : "out of order")")
            answeredHandled += handled
            answeredTerminated += perConnection - handled
        }
        #expect(logged.count == answeredHandled, "every logged URL was answered handled, no other")
        #expect(answeredHandled + answeredTerminated == connections * perConnection)
        #expect(answeredTerminated > 0, "the termination came while URLs were still waiting")
    }
}
