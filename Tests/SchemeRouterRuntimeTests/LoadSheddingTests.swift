import Glibc
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// Issue 20, "No false 'primary died'": a primary with a lowered descriptor limit sheds the
/// connections it cannot serve with a typed `busy` reply (never a silent close), its senders try
/// again and exit 0 or 75 (busy, not delivered), never 4, and no URL is delivered twice.
@Suite("Load shedding: busy replies under a lowered ulimit -n (real processes)", .serialized)
struct LoadSheddingTests {
    /// Starts a detached primary under `prlimit --nofile=N:N`; returns its pid.
    static func launchLimited(_ sandbox: ProbeSandbox, descriptors: Int, environment: [String] = []) throws -> pid_t {
        guard access("/usr/bin/prlimit", X_OK) == 0 else { try Test.cancel("prlimit (util-linux) is not installed") }
        let launch = try ChildProcess(
            "/usr/bin/prlimit", ["--nofile=\(descriptors):\(descriptors)", "--", sandbox.probe, "--background"].map { Array($0.utf8) },
            environment: sandbox.environment(environment), outputPrefix: sandbox.root + "/launch")
        #expect(try launch.wait() == 0, "\(launch.standardError)")
        let pid = try #require(sandbox.primaryPID)
        #expect(TestFiles.read("/proc/\(pid)/limits").contains("Max open files            \(descriptors)"))
        return pid
    }

    /// `count` raw connections, each served one URL (`record/<first + i>/0`): they hold their
    /// slots until closed.
    static func holdSlots(_ sandbox: ProbeSandbox, count: Int, first: Int) throws -> [RawSocket] {
        var sockets: [RawSocket] = []
        for index in 0..<count {
            let socket = try RawSocket(path: sandbox.socketPath)
            socket.send(OpenRequest(request: 1, url: Array(GiveUpTests.record(first + index).utf8)).frame(version: 2)!.encoded)
            guard case .frame(let receipt) = try socket.receive(), receipt.type == .receipt else { throw TestFailure("no receipt") }
            #expect(try socket.receiveVerdict().verdict == .handled)
            sockets.append(socket)
        }
        return sockets
    }

    /// The trace's `busy` events so far.
    static func busyEvents(_ sandbox: ProbeSandbox) -> [Substring] {
        TestFiles.read(sandbox.trace).split(separator: "\n").filter { $0.contains("\"event\": \"busy\"") }
    }

    /// The first frame on `socket`, which must be `busy`, then the end of the stream.
    static func expectBusy(_ socket: RawSocket, cause: BusyCause) throws {
        guard case .frame(let frame) = try socket.receive(), frame.type == .busy else { throw TestFailure("no busy frame") }
        let busy = try BusyMessage(payload: frame.payload)
        #expect(busy.cause == cause)
        #expect(busy.retryAfter == .milliseconds(10))
        #expect(try socket.receive() == .endOfStream)
    }

    @Test("at the connection limit (ulimit -n 70: 6 connections) every further connection gets busy, unread: 20 senders exit 75 after their retry time, nothing of theirs is delivered, and the primary still answers")
    func senderGivesUpBusy() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_IDLE_TIMEOUT_MS=60000"])
        let pid = try Self.launchLimited(sandbox, descriptors: 70)
        var held = try Self.holdSlots(sandbox, count: 6, first: 100)
        // A raw client sees the frame itself: busy, the cause, the hint, then the end of the stream.
        let seventh = try RawSocket(path: sandbox.socketPath)
        seventh.send(OpenRequest(request: 1, url: Array(GiveUpTests.record(99).utf8)).frame(version: 2)!.encoded)
        try Self.expectBusy(seventh, cause: .connectionLimit)
        var senders: [ChildProcess] = []
        for index in 0..<20 {
            senders.append(try sandbox.spawn([GiveUpTests.record(index)], environment: ["SCHEMEROUTER_BUSY_RETRY_MS=300"]))
        }
        let statuses = senders.map { (try? $0.wait(timeout: .seconds(30))) ?? -1 }
        #expect(statuses == Array(repeating: ExitStatus.busy.rawValue, count: 20), "\(senders.map(\.standardError).prefix(3))")
        #expect(senders[0].standardError.contains("busy (connectionLimit"))
        #expect(senders[0].standardError.contains("not delivered"))
        #expect(Self.busyEvents(sandbox).count >= 21)
        #expect(GiveUpTests.delivered(sandbox) == (100..<106).map { "\($0)/0" }, "a shed request was delivered")
        #expect(sandbox.primaryPID == pid)
        // A slot frees: the control channel answers again (a connection shed meanwhile retries).
        held.removeFirst()
        let state = try sandbox.lifecycle(["state"])
        #expect(state.status == 0, "\(state.error)")
        withExtendedLifetime(held) {}
    }

    @Test("senders shed while every slot is held try again and, once slots free, each URL is delivered exactly once (exit 0)")
    func sendersRetryUntilServed() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_IDLE_TIMEOUT_MS=60000"])
        let pid = try Self.launchLimited(sandbox, descriptors: 70)
        var held = try Self.holdSlots(sandbox, count: 6, first: 100)
        var senders: [ChildProcess] = []
        for index in 0..<20 {
            senders.append(try sandbox.spawn([GiveUpTests.record(index)], environment: ["SCHEMEROUTER_BUSY_RETRY_MS=60000"]))
        }
        // Every sender has been shed at least once before any slot frees.
        try FileWatch.wait(for: sandbox.trace) { $0.split(separator: "\n").filter { $0.contains("\"event\": \"busy\"") }.count >= 20 }
        #expect(GiveUpTests.delivered(sandbox).count == 6)
        held.removeAll()
        let statuses = senders.map { (try? $0.wait(timeout: .seconds(60))) ?? -1 }
        #expect(statuses == Array(repeating: 0, count: 20), "\(senders.map(\.standardError).prefix(3))")
        let deliveries = sandbox.deliveries().filter { $0.sender < 100 }
        #expect(ProbeSandbox.audit(deliveries, senders: 0..<20, urls: 1).isEmpty)
        #expect(sandbox.primaryPID == pid)
    }

    @Test("many senders at once, ulimit -n 80 (16 connections) and a slow open: each exits 0 or 75, none 4; the deliveries are exactly the exit-0 senders', none twice; status answers")
    func manySendersSlowHook() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_IDLE_TIMEOUT_MS=60000", "LOADPROBE_SLOW_OPEN_MS=20"])
        let pid = try Self.launchLimited(sandbox, descriptors: 80)
        // Slots held while the senders start, so that load is shed for sure; then let them in.
        var held = try Self.holdSlots(sandbox, count: 16, first: 1000)
        var senders: [ChildProcess] = []
        for index in 0..<100 { senders.append(try sandbox.spawn([GiveUpTests.record(index)])) }
        try FileWatch.wait(for: sandbox.trace) { $0.contains("\"event\": \"busy\"") }
        held.removeAll()
        let statuses = senders.map { (try? $0.wait(timeout: .seconds(60))) ?? -1 }
        let unexpected = statuses.enumerated().filter { $0.element != 0 && $0.element != ExitStatus.busy.rawValue }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(5).map { "sender \($0.offset): \($0.element) \(senders[$0.offset].standardError)" })")
        #expect(sandbox.primaryPID == pid, "the primary is alive: no sender may say it died")
        let handled = Set(statuses.indices.filter { statuses[$0] == 0 })
        let deliveries = sandbox.deliveries().filter { $0.sender < 1000 }
        #expect(deliveries.count == handled.count, "one delivery per exit-0 sender")
        #expect(Set(deliveries.map(\.sender)) == handled, "every exit-0 sender's URL, and no busy sender's")
        #expect(ProbeSandbox.audit(deliveries, senders: 0..<100, urls: 1).allSatisfy { $0.hasSuffix("0 of 1 URLs delivered") })
        let state = try sandbox.lifecycle(["state"])
        #expect(state.status == 0, "\(state.error)")
    }

    @Test("the load driver's 200 senders against 8 connections (SCHEMEROUTER_MAX_CONNECTIONS), connect-per-URL: shed connections are sent again, every URL is handled exactly once, in order")
    func loadDriverRetriesShedConnections() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_TRACE=", "SCHEMEROUTER_MAX_CONNECTIONS=8"])
        try sandbox.launch()
        let (status, report) = try sandbox.drive(["--senders", "200", "--urls", "5", "--mode", "connect"])
        #expect(status == 0, "the driver reported: \(report)")
        #expect((DriverReport.number("shedConnections", in: report) ?? 0) >= 1, "nothing was shed: \(report)")
        #expect(ProbeSandbox.audit(sandbox.deliveries(), senders: 0..<200, urls: 5).isEmpty)
    }

    @Test("accept fails with EMFILE below the connection limit (the app holds all but a few descriptors): the reserve descriptor answers each waiting client busy (descriptorLimit), never a silent close")
    func reserveDescriptor() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_IDLE_TIMEOUT_MS=1000", "LOADPROBE_SPARE_DESCRIPTORS=8"])
        let pid = try Self.launchLimited(sandbox, descriptors: 100)
        try sandbox.waitForLog { $0 == "spare 8" }
        var sockets: [RawSocket] = []
        for index in 0..<16 {
            let socket = try RawSocket(path: sandbox.socketPath)
            socket.send(OpenRequest(request: 1, url: Array(GiveUpTests.record(index).utf8)).frame(version: 2)!.encoded)
            sockets.append(socket)
        }
        // Served connections end with the idle timeout after their verdict; shed ones at once.
        let frames = try RawSocket.readAll(sockets)
        var served: [Int] = []
        var shed = 0
        for (index, received) in frames.enumerated() {
            switch received.map(\.type) {
            case [.receipt, .verdict, .error]:
                served.append(index)
            case [.busy]:
                let busy = try BusyMessage(payload: received[0].payload)
                #expect(busy.cause == .descriptorLimit, "\(busy)")
                shed += 1
            default:
                Issue.record("socket \(index): \(received.map(\.type)), neither served nor told busy")
            }
        }
        #expect(shed >= 1, "no connection was shed: EMFILE was not reached")
        #expect(served.count >= 1, "not one connection was served")
        #expect(served.count + shed == 16)
        #expect(GiveUpTests.delivered(sandbox) == served.map { "\($0)/0" })
        #expect(sandbox.primaryPID == pid)
        sockets.removeAll()
        let state = try sandbox.lifecycle(["state"])
        #expect(state.status == 0, "\(state.error)")
    }
}
