import Glibc
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// Issue 20, "An exit status is the truth": a sender that gave up is never delivered later, a
/// retried request id is delivered once, a frozen primary is named within the receipt timeout,
/// and a low descriptor limit never makes a live primary look dead.
@Suite("Give-up, receipts and retries: SIGSTOP, request ids, version 2, a lowered ulimit -n (real processes)")
struct GiveUpTests {
    static func record(_ sender: Int, _ sequence: Int = 0) -> String { "loadprobe://record/\(sender)/\(sequence)" }

    static func delivered(_ sandbox: ProbeSandbox) -> [String] {
        sandbox.deliveries().map { "\($0.sender)/\($0.sequence)" }
    }

    @Test("a stopped primary: each sender exits 13 (unresponsive) instead of waiting out the reply timeout; after SIGCONT none of the URLs is delivered, and the same request ids sent again are delivered once")
    func stoppedPrimary() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_RECEIPT_TIMEOUT_MS=500", "SCHEMEROUTER_REPLY_TIMEOUT_MS=60000"])
        let pid = try sandbox.launch()
        #expect(try sandbox.run([Self.record(1)]).status == 0)
        kill(pid, SIGSTOP)
        var senders: [ChildProcess] = []
        for index in 0..<5 {
            senders.append(try sandbox.spawn([Self.record(10 + index)], environment: ["SCHEMEROUTER_REQUEST_ID=stopped-\(index)"]))
        }
        // Bounded well below the 60 s reply timeout: a sender still waiting for a verdict fails here.
        let statuses = senders.map { (try? $0.wait(timeout: .seconds(20))) ?? -1 }
        kill(pid, SIGCONT)
        #expect(statuses == Array(repeating: ExitStatus.unresponsive.rawValue, count: 5), "\(senders.map(\.standardError))")
        #expect(senders[0].standardError.contains("unresponsive"))
        #expect(senders[0].standardError.contains("not delivered"))
        // Resumed, the primary reads the five requests and drops each: one trace event apiece.
        try FileWatch.wait(for: sandbox.trace) { $0.split(separator: "\n").filter { $0.contains("\"event\": \"dropped\"") }.count == 5 }
        #expect(sandbox.primaryPID == pid)
        #expect(Self.delivered(sandbox) == ["1/0"], "a URL whose sender gave up was delivered")
        // The caller retries with the same ids: each URL is delivered now, exactly once.
        for index in 0..<5 {
            let retry = try sandbox.run([Self.record(10 + index)], environment: ["SCHEMEROUTER_REQUEST_ID=stopped-\(index)"])
            #expect(retry.status == 0, "\(retry.error)")
        }
        #expect(Self.delivered(sandbox) == ["1/0", "10/0", "11/0", "12/0", "13/0", "14/0"])
    }

    @Test("a request id given again gets the first verdict and is not delivered twice; the same id with another URL is another request")
    func retriedRequestID() throws {
        let sandbox = try ProbeSandbox()
        try sandbox.launch()
        let first = try sandbox.run([Self.record(1)], environment: ["SCHEMEROUTER_REQUEST_ID=retry-1"])
        let again = try sandbox.run([Self.record(1)], environment: ["SCHEMEROUTER_REQUEST_ID=retry-1"])
        let other = try sandbox.run([Self.record(1, 1)], environment: ["SCHEMEROUTER_REQUEST_ID=retry-1"])
        #expect([first.status, again.status, other.status] == [0, 0, 0], "\(again.error)")
        #expect(Self.delivered(sandbox) == ["1/0", "1/1"])
        let thrown = try sandbox.run(["loadprobe://throw"], environment: ["SCHEMEROUTER_REQUEST_ID=retry-2"])
        let thrownAgain = try sandbox.run(["loadprobe://throw"], environment: ["SCHEMEROUTER_REQUEST_ID=retry-2"])
        #expect(thrown.status == ExitStatus.openFailed.rawValue)
        #expect(thrownAgain.status == ExitStatus.openFailed.rawValue, "the retry gets the first verdict")
        #expect(thrownAgain.error.contains("asked open to throw"))
    }

    @Test("a retry that arrives while the first request waits in the launch queue gets the first verdict; the URL is delivered once")
    func retryDuringLaunch() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_RECEIPT_TIMEOUT_MS=200"])
        let gate = sandbox.makeGate()
        let launcher = try sandbox.spawn(["--background"], environment: ["LOADPROBE_LAUNCH_GATE=\(gate)"])
        try sandbox.waitForLog { $0 == "launching" }
        // Both requests are in the primary's socket buffers before its launch hook returns.
        let frame = OpenRequest(request: 1, url: Array(Self.record(3).utf8), requestID: "queued").frame(version: 2)!.encoded
        let first = try RawSocket(path: sandbox.socketPath)
        first.send(frame)
        let retry = try RawSocket(path: sandbox.socketPath)
        retry.send(frame)
        sandbox.openGate(gate)
        #expect(try launcher.wait() == 0)
        for socket in [first, retry] {
            guard case .frame(let receipt) = try socket.receive() else { throw TestFailure("no receipt") }
            #expect(receipt.type == .receipt)
            #expect(try socket.receiveVerdict().verdict == .handled)
        }
        #expect(Self.delivered(sandbox) == ["3/0"])
    }

    @Test("a primary busy in a hook is not unresponsive: a sender waits for the hook's deadline (the watchdog ends the app), is told terminated and delivers through a new primary")
    func busyInHook() throws {
        // The sender reads the busy file after the receipt timeout, while the hook runs, and waits
        // until the hook's deadline plus the receipt timeout: 1 s after the watchdog ends the app
        // for the sender to see its connection end (a loaded machine may take more than 100 ms).
        let sandbox = try ProbeSandbox(environment: [
            "SCHEMEROUTER_RECEIPT_TIMEOUT_MS=1000", "SCHEMEROUTER_HOOK_DEADLINE_MS=5000", "LOADPROBE_STALL_HOOK=didEnterBackground",
        ])
        let pid = try sandbox.launch(foreground: true)
        let control = try ChildProcess(
            try Executables.path("schemectl"), ["lifecycle", ProbeSandbox.bundleName, "background"].map { Array($0.utf8) },
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/control")
        try sandbox.waitForLog { $0 == "stall didEnterBackground" }
        let sender = try sandbox.run([Self.record(5)])
        #expect(sender.status == 0, "\(sender.error)")
        #expect(try control.wait() == ExitStatus.hookTimedOut.rawValue, "\(control.standardError)")
        #expect(sandbox.primaryPID != pid)
        #expect(Self.delivered(sandbox) == ["5/0"])
    }

    @Test("version 2 requests get a receipt before their verdict; version 1 requests (older senders) get none")
    func receipts() throws {
        let sandbox = try ProbeSandbox()
        try sandbox.launch()
        let current = try RawSocket(path: sandbox.socketPath)
        current.send(OpenRequest(request: 7, url: Array(Self.record(1).utf8)).frame(version: 2)!.encoded)
        guard case .frame(let receipt) = try current.receive() else { throw TestFailure("no receipt") }
        #expect(receipt.type == .receipt && receipt.version == 2)
        #expect(try ReceiptMessage(payload: receipt.payload).request == 7)
        #expect(try current.receiveVerdict().verdict == .handled)
        let older = try RawSocket(path: sandbox.socketPath)
        older.send(RawSocket.open(Self.record(2), request: 8))
        guard case .frame(let verdict) = try older.receive() else { throw TestFailure("no verdict") }
        #expect(verdict.type == .verdict && verdict.version == 1)
        #expect(Self.delivered(sandbox) == ["1/0", "2/0"])
    }
}

/// A primary whose descriptor limit is far below `SCHEMEROUTER_MAX_CONNECTIONS`.
@Suite("No false 'primary died' under a lowered ulimit -n (real processes)")
struct DescriptorLimitTests {
    @Test("a primary started with RLIMIT_NOFILE 100, 80 idle connections and 120 senders: the connections past its 36 slots are told busy, none exits 4, every URL is delivered once")
    func lowDescriptorLimit() throws {
        guard access("/usr/bin/prlimit", X_OK) == 0 else { try Test.cancel("prlimit (util-linux) is not installed") }
        // A generous busy retry time: senders shed while idle connections hold every slot try
        // again until those time out.
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_BUSY_RETRY_MS=30000", "SCHEMEROUTER_IDLE_TIMEOUT_MS=500"])
        let launch = try ChildProcess(
            "/usr/bin/prlimit", ["--nofile=100:100", "--", sandbox.probe, "--background"].map { Array($0.utf8) },
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/launch")
        #expect(try launch.wait() == 0, "\(launch.standardError)")
        let pid = try #require(sandbox.primaryPID)
        #expect(TestFiles.read("/proc/\(pid)/limits").contains("Max open files            100"))
        // 80 idle connections: more than 100 descriptors would be needed to serve them all.
        var idle: [RawSocket] = []
        for _ in 0..<80 { idle.append(try RawSocket(path: sandbox.socketPath)) }
        var senders: [ChildProcess] = []
        for index in 0..<120 { senders.append(try sandbox.spawn([GiveUpTests.record(index)])) }
        let statuses = senders.map { (try? $0.wait(timeout: .seconds(60))) ?? -1 }
        let failures = statuses.enumerated().filter { $0.element != 0 }.map { "sender \($0.offset): \($0.element) \(senders[$0.offset].standardError)" }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(sandbox.primaryPID == pid, "the same primary served everyone")
        #expect(ProbeSandbox.audit(sandbox.deliveries(), senders: 0..<120, urls: 1).isEmpty)
        withExtendedLifetime(idle) {}
    }
}
