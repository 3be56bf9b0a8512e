import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The `busy` frame (type 0x84, version 2) and the sender's pauses between tries, without
/// sockets or clocks.
@Suite("Busy frames and the sender's backoff")
struct BusyFrameTests {
    @Test("a busy frame is version 2, type 0x84: retryAfter (tag 1, 4 bytes of ms), cause (tag 2), message (tag 3), byte for byte")
    func encoding() throws {
        let frame = BusyMessage(retryAfter: .milliseconds(10), cause: .descriptorLimit, message: "full").frame
        #expect(
            frame.encoded == [
                0x53, 0x52, 0x02, 0x84, 0, 0, 0, 24,
                1, 0, 0, 0, 4, 0, 0, 0, 10,
                2, 0, 0, 0, 1, 2,
                3, 0, 0, 0, 4, 0x66, 0x75, 0x6C, 0x6C,
            ])
        // The example in Docs/WakeProtocol.md.
        #expect(
            BusyMessage(retryAfter: .milliseconds(10), cause: .connectionLimit).frame.encoded == [
                0x53, 0x52, 0x02, 0x84, 0x00, 0x00, 0x00, 0x0f, 0x01, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0a,
                0x02, 0x00, 0x00, 0x00, 0x01, 0x01,
            ])
        var decoder = FrameDecoder(accepting: [.verdict, .receipt, .busy, .error])
        decoder.append(frame.encoded)
        let decoded = try #require(try decoder.next())
        #expect(decoded.type == .busy && decoded.version == 2)
        let message = try BusyMessage(payload: decoded.payload)
        #expect(message == BusyMessage(retryAfter: .milliseconds(10), cause: .descriptorLimit, message: "full"))
    }

    @Test("the message is optional and an unknown cause is kept (still busy, not malformed)")
    func optionalFields() throws {
        let bare = BusyMessage(retryAfter: .zero, cause: BusyCause(rawValue: 9))
        let decoded = try BusyMessage(payload: bare.frame.payload)
        #expect(decoded.message == nil)
        #expect(decoded.cause.rawValue == 9 && decoded.cause.description == "cause 9")
        #expect([BusyCause.connectionLimit, .descriptorLimit, .systemDescriptorLimit].map(\.description)
            == ["connectionLimit", "descriptorLimit", "systemDescriptorLimit"])
    }

    @Test("a busy payload without retryAfter, with a short retryAfter or with an unknown tag is malformed, with the offset")
    func malformed() {
        var noRetry = FieldList()
        noRetry.set(2, byte: 1)
        #expect(throws: WireError.self) { try BusyMessage(payload: noRetry.encoded) }
        let shortRetry: [UInt8] = [1, 0, 0, 0, 2, 0, 10, 2, 0, 0, 0, 1, 1]
        #expect(throws: WireError.self) { try BusyMessage(payload: shortRetry) }
        let unknownTag: [UInt8] = [1, 0, 0, 0, 4, 0, 0, 0, 10, 2, 0, 0, 0, 1, 1, 7, 0, 0, 0, 0]
        do {
            _ = try BusyMessage(payload: unknownTag)
            Issue.record("an unknown tag was accepted")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.offset == 8 + 15)
        }
    }

    @Test("a receiver that predates busy refuses the type at byte 3")
    func olderReceiver() {
        var decoder = FrameDecoder(accepting: [.verdict, .receipt, .error])
        decoder.append(BusyMessage(retryAfter: .zero, cause: .connectionLimit).frame.encoded)
        #expect(throws: WireError.unexpectedType(0x84)) { try decoder.next() }
    }

    @Test("busy is exit status 75 (EX_TEMPFAIL), named busy; the verdict pipe carries it")
    func exitStatus() throws {
        #expect(DeliveryVerdict.busy("x").exitStatus == .busy)
        #expect(ExitStatus.busy.rawValue == 75 && ExitStatus.busy.name == "busy")
        let carried = try VerdictMessage(payload: VerdictMessage(request: 0, verdict: .busy("shed")).frame.payload)
        #expect(carried.verdict == .busy("shed"))
    }

    @Test("pauses start at the hint, double up to 250 ms, are scaled by the jitter and never pass the budget; none once it is spent")
    func backoff() {
        var backoff = BusyBackoff(budget: .seconds(1), start: .seconds(100))
        var now = Duration.seconds(100)
        var pauses: [Duration] = []
        while let pause = backoff.nextPause(hint: .milliseconds(10), now: now, jitter: 1) {
            pauses.append(pause)
            now += pause
        }
        #expect(Array(pauses.prefix(6)) == [10, 20, 40, 80, 160, 250].map { Duration.milliseconds($0) })
        #expect(pauses.reduce(.zero, +) == .seconds(1), "the last pause ends at the budget")
        #expect(now == .seconds(101))
        var halved = BusyBackoff(budget: .seconds(1), start: .zero)
        #expect(halved.nextPause(hint: .milliseconds(100), now: .zero, jitter: 0.5) == .milliseconds(50))
        #expect(halved.nextPause(hint: .milliseconds(100), now: .zero, jitter: 0.5) == .milliseconds(100))
        var none = BusyBackoff(budget: .zero, start: .seconds(5))
        #expect(none.nextPause(hint: .milliseconds(10), now: .seconds(5), jitter: 1) == nil)
        var longHint = BusyBackoff(budget: .seconds(10), start: .zero)
        #expect(longHint.nextPause(hint: .seconds(2), now: .zero, jitter: 1) == .seconds(2), "a hint above the ceiling is kept")
    }

    @Test("SCHEMEROUTER_BUSY_RETRY_MS sets the busy retry time (2 s by default); a malformed value is a usage error")
    func setting() throws {
        #expect(RuntimeSettings.default.busyRetry == .seconds(2))
        let set = try RuntimeSettings { $0 == "SCHEMEROUTER_BUSY_RETRY_MS" ? "0" : nil }
        #expect(set.busyRetry == .zero)
        #expect(throws: RuntimeError.self) { try RuntimeSettings { $0 == "SCHEMEROUTER_BUSY_RETRY_MS" ? "soon" : nil } }
    }
}
