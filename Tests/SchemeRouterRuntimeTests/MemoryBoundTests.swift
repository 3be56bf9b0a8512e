import Glibc
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The primary's memory stays bounded whatever its clients do (issue 6, "Memory"): incomplete
/// frames are capped per connection (one frame) and in all (`SCHEMEROUTER_MAX_BUFFERED_BYTES`),
/// unsent answers per connection (4 KiB, then the client is not served until it reads), and a
/// client that never reads is cut off. Docs/Hardening.md has the resulting bound.
@Suite("Memory bound under hostile clients (real processes)", .serialized)
struct MemoryBoundTests {
    /// A URL the probe records as `<sender> <sequence>`.
    static func record(_ sender: Int, _ sequence: Int) -> [UInt8] {
        RawSocket.open("loadprobe://record/\(sender)/\(sequence)", request: UInt32(sequence + 1))
    }

    @Test("a client that pipelines and never reads is cut off after the idle timeout (it cannot hold its connection forever)")
    func nonReaderIsCutOff() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_IDLE_TIMEOUT_MS=300", "SCHEMEROUTER_TRACE="])
        try sandbox.launch()
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send((0..<2000).flatMap { Self.record(1, $0) })
        // Never read: wait until the primary hangs up on us (POLLHUP), bounded.
        var waiting = pollfd(fd: socket.descriptor, events: 0x2000 /* POLLRDHUP */, revents: 0)
        var hungUp = false
        let deadline = ContinuousClock.now + .seconds(20)
        while !hungUp && ContinuousClock.now < deadline {
            waiting.revents = 0
            _ = poll(&waiting, 1, 1000)
            hungUp = waiting.revents & Int16(POLLHUP) != 0
        }
        #expect(hungUp, "the primary still holds the connection of a client that never reads")
        let other = try RawSocket(path: sandbox.socketPath)
        other.send(Self.record(2, 0))
        #expect(try other.receiveVerdict().verdict == .handled)
    }

    @Test("100 clients that pipeline 1,000 URLs each and never read: each is served until 4 KiB of answers wait, and costs the primary at most one frame and those 4 KiB")
    func nonReadersCostLittle() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_IDLE_TIMEOUT_MS=60000", "SCHEMEROUTER_TRACE="])
        let pid = try sandbox.launch()
        let before = try ProcessMemory(pid: pid)
        let clients = 100
        let sockets = try (0..<clients).map { _ throws(TestFailure) in try RawSocket(path: sandbox.socketPath) }
        for (index, socket) in sockets.enumerated() { socket.send((0..<1000).flatMap { Self.record(index, $0) }) }
        // A connection's frames arrive in one read and are served until its answers no longer
        // fit: once every client has a delivery in the log, each is as far as it will get.
        try FileWatch.wait(for: sandbox.log, timeout: .seconds(60)) { text in
            var seen = Set<Substring>()
            for line in text.split(separator: "\n") { seen.insert(line.prefix { $0 != " " }) }
            return seen.count >= clients
        }
        let after = try ProcessMemory(pid: pid)
        let delivered = sandbox.deliveries().filter { $0.sender < clients }.count
        #expect(delivered < clients * 1000, "the clients were not served past what they read")
        // Per connection: the frames read and not served yet (at most one frame's worth, 64 KiB),
        // 4 KiB of unsent answers and one answer more, the bookkeeping; 4 MiB of allocator slack.
        let bound = 4 * 1024 + clients * (64 + 4 + 4)
        #expect(
            after.peakKiB - before.residentKiB <= bound,
            "\(delivered) answers unread: the primary grew from \(before.residentKiB) KiB to a peak of \(after.peakKiB) KiB (bound \(bound) KiB)")
        withExtendedLifetime(sockets) {}
    }

    @Test("incomplete frames from 100 clients: the primary holds at most SCHEMEROUTER_MAX_BUFFERED_BYTES of them, the rest are answered busy, and others are still served")
    func incompleteFramesAreBudgeted() throws {
        let budget = 4 * 1024 * 1024
        let sandbox = try ProbeSandbox(environment: [
            "SCHEMEROUTER_MAX_BUFFERED_BYTES=\(budget)", "SCHEMEROUTER_IDLE_TIMEOUT_MS=1500", "SCHEMEROUTER_TRACE=",
        ])
        let pid = try sandbox.launch()
        let before = try ProcessMemory(pid: pid)
        // Each client announces a 65,536-byte payload and sends all but 536 bytes of it.
        let partial: [UInt8] = [0x53, 0x52, 0x01, 0x01, 0x00, 0x01, 0x00, 0x00] + [UInt8](repeating: 0x01, count: 65_000)
        let hogs = try (0..<100).map { _ throws(TestFailure) in try RawSocket(path: sandbox.socketPath) }
        for hog in hogs { hog.send(partial) }
        // A client with a complete frame is never held up by them.
        let legitimate = try RawSocket(path: sandbox.socketPath)
        legitimate.send(Self.record(1, 0))
        #expect(try legitimate.receiveVerdict().verdict == .handled)
        let answers = try RawSocket.readAll(hogs)
        let codes = answers.map { frames in frames.first.flatMap { try? ErrorMessage(payload: $0.payload) }?.code }
        let busy = codes.filter { $0 == .busy }.count
        let timedOut = codes.filter { $0 == .idleTimeout }.count
        #expect(busy + timedOut == hogs.count, "every incomplete frame is answered: \(codes)")
        #expect(timedOut * partial.count <= budget, "\(timedOut) incomplete frames were held, more than the budget allows")
        #expect(timedOut >= budget / 65_544 / 2, "the budget is used (\(timedOut) frames held)")
        let after = try ProcessMemory(pid: pid)
        #expect(
            after.peakKiB - before.residentKiB <= budget / 1024 + 4 * 1024,
            "the primary grew from \(before.residentKiB) KiB to a peak of \(after.peakKiB) KiB")
        // Their memory is given back: the next wave is held the same way.
        let again = try (0..<10).map { _ throws(TestFailure) in try RawSocket(path: sandbox.socketPath) }
        for hog in again { hog.send(partial) }
        let second = try RawSocket.readAll(again).map { frames in frames.first.flatMap { try? ErrorMessage(payload: $0.payload) }?.code }
        #expect(second.allSatisfy { $0 == .idleTimeout }, "after the first wave, the budget is free again: \(second)")
    }
}
