import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The wake protocol's frames and messages, byte for byte (Docs/WakeProtocol.md).
@Suite("Wake protocol frames")
struct WireProtocolTests {
    @Test("an open request round-trips, with raw non-UTF-8 URL bytes kept exactly")
    func openRoundTrip() throws {
        let request = OpenRequest(request: 7, url: [0x61, 0x3A, 0xFF, 0x20], sourceApplication: "org.example.sender", annotation: "note")
        let frame = try #require(request.frame)
        var decoder = FrameDecoder(accepting: [.open, .control])
        decoder.append(frame.encoded)
        let decoded = try #require(try decoder.next())
        #expect(decoded.type == .open)
        #expect(try OpenRequest(payload: decoded.payload) == request)
        #expect(!decoder.isInsideFrame)
    }

    @Test("the activation token (field 5) round-trips; a peer that knows fields 1-4 only refuses it by tag and offset")
    func activationToken() throws {
        let request = OpenRequest(request: 3, url: Array("notes://open/1".utf8), activationToken: "tok123")
        let payload = try #require(request.frame).payload
        #expect(try OpenRequest(payload: payload) == request)
        #expect(try OpenRequest(payload: try #require(OpenRequest(request: 3, url: [0x61]).frame).payload).activationToken == nil)
        // What a primary without field 5 does with it: the strict decoder of its time.
        #expect {
            _ = try FieldList(decoding: payload, known: 1...4)
        } throws: { error in
            guard case .malformed(let offset, let message) = error as? WireError else { return false }
            return message == "unknown field tag 5" && offset == WakeProtocol.headerLength + 5 + 4 + 5 + 14
        }
        let tooLong = OpenRequest(request: 1, url: [0x61], activationToken: String(repeating: "t", count: 4097))
        #expect(throws: WireError.self) { _ = try OpenRequest(payload: try #require(tooLong.frame).payload) }
    }

    @Test("the header is SR, version 1, the type and a big-endian length")
    func headerLayout() {
        let frame = Frame(type: .verdict, payload: [1, 2, 3])
        #expect(frame.encoded == [0x53, 0x52, 0x01, 0x81, 0, 0, 0, 3, 1, 2, 3])
    }

    @Test("frames split at every byte boundary decode the same")
    func incremental() throws {
        let frames = [
            OpenRequest(request: 1, url: Array("todolist://?a".utf8)).frame!,
            ControlRequest(request: 2, command: .background).frame,
        ]
        let bytes = frames.flatMap(\.encoded)
        for split in 0...bytes.count {
            var decoder = FrameDecoder(accepting: [.open, .control])
            var decoded: [Frame] = []
            decoder.append(bytes[..<split])
            while let frame = try decoder.next() { decoded.append(frame) }
            decoder.append(bytes[split...])
            while let frame = try decoder.next() { decoded.append(frame) }
            #expect(decoded == frames, "split at \(split)")
        }
    }

    @Test(
        "bad headers are refused as soon as the faulty byte arrives",
        arguments: [
            ([0x47, 0x45], WireErrorCode.badMagic, 0),  // "GE" (an HTTP GET)
            ([0x53, 0x00], .badMagic, 1),
            ([0x53, 0x52, 0x03], .unsupportedVersion, 2),
            ([0x53, 0x52, 0x00], .unsupportedVersion, 2),
            ([0x53, 0x52, 0x01, 0x81], .unexpectedType, 3),  // a client may not send a verdict
            ([0x53, 0x52, 0x01, 0x7F], .unexpectedType, 3),
            ([0x53, 0x52, 0x01, 0x01, 0x00, 0x01, 0x00, 0x01], .frameTooLarge, 4),  // 65537 bytes announced
            ([0x53, 0x52, 0x01, 0x01, 0xFF, 0xFF, 0xFF, 0xFF], .frameTooLarge, 4),
        ] as [([UInt8], WireErrorCode, Int)])
    func badHeaders(bytes: [UInt8], code: WireErrorCode, offset: Int) {
        var decoder = FrameDecoder(accepting: [.open, .control])
        decoder.append(bytes)
        #expect {
            _ = try decoder.next()
        } throws: { error in
            guard let error = error as? WireError else { return false }
            return error.code == code && error.offset == offset
        }
    }

    @Test("a payload of exactly 64 KiB is accepted; the cap is checked before the payload arrives")
    func capBoundary() throws {
        var decoder = FrameDecoder(accepting: [.open])
        decoder.append([0x53, 0x52, 0x01, 0x01, 0x00, 0x01, 0x00, 0x00])
        #expect(try decoder.next() == nil)
        decoder.append([UInt8](repeating: 0, count: 65536))
        let frame = try #require(try decoder.next())
        #expect(frame.payload.count == 65536)
    }

    @Test("a stream that ends inside a frame is truncated, with how much arrived")
    func truncated() throws {
        var decoder = FrameDecoder(accepting: [.open])
        decoder.append(OpenRequest(request: 1, url: Array("x:y".utf8)).frame!.encoded.dropLast(2))
        #expect(try decoder.next() == nil)
        #expect(throws: WireError.truncated(received: 23, expected: 25)) { try decoder.finish() }
    }

    @Test(
        "malformed payloads name the faulty byte",
        arguments: [
            // field header cut short
            ([0x01, 0x00, 0x00], 8, "a field header needs 5 bytes"),
            // unknown tag 9
            ([0x09, 0, 0, 0, 0], 8, "unknown field tag 9"),
            // request given twice
            ([0x01, 0, 0, 0, 4, 0, 0, 0, 1, 0x01, 0, 0, 0, 4, 0, 0, 0, 1], 17, "given twice"),
            // length runs past the payload
            ([0x02, 0, 0, 0, 9, 0x61], 9, "announces 9 bytes, 1 remain"),
            // url missing
            ([0x01, 0, 0, 0, 4, 0, 0, 0, 1], 8, "url"),
            // request of 3 bytes
            ([0x01, 0, 0, 0, 3, 0, 0, 1, 0x02, 0, 0, 0, 1, 0x61], 13, "must be 4 bytes"),
            // source application not UTF-8
            ([0x01, 0, 0, 0, 4, 0, 0, 0, 1, 0x02, 0, 0, 0, 1, 0x61, 0x03, 0, 0, 0, 2, 0x41, 0xFF], 29, "not valid UTF-8"),
        ] as [([UInt8], Int, String)])
    func malformed(payload: [UInt8], offset: Int, reason: String) {
        #expect {
            _ = try OpenRequest(payload: payload)
        } throws: { error in
            guard case .malformed(let found, let message) = error as? WireError else { return false }
            return found == offset && message.contains(reason)
        }
    }

    @Test("verdicts keep their status, reason, offset and message", arguments: [
        DeliveryVerdict.handled, .launched, .declined, .rejected(code: "space", offset: 12, message: "raw space"),
        .openFailed("disk full"), .launchTimedOut, .terminated, .hookTimedOut("open"), .launchFailed("died"),
        .noAnswer("late"), .unresponsive("stopped"), .protocolError("old primary"),
    ])
    func verdictRoundTrip(verdict: DeliveryVerdict) throws {
        let frame = VerdictMessage(request: 3, verdict: verdict).frame
        let decoded = try VerdictMessage(payload: frame.payload)
        #expect(decoded.request == 3)
        #expect(decoded.verdict == verdict)
        #expect(frame.payload[frame.payload.firstIndex(of: 2)! + 5] == UInt8(verdict.exitStatus.rawValue))
    }

    @Test("a receipt round-trips in a version-2 frame; a version-2 request says it asks for one")
    func receiptFrame() throws {
        let receipt = ReceiptMessage(request: 9).frame
        #expect(receipt.encoded.prefix(4) == [0x53, 0x52, 0x02, 0x83])
        var decoder = FrameDecoder(accepting: [.receipt])
        decoder.append(receipt.encoded)
        let decoded = try #require(try decoder.next())
        #expect(decoded.version == 2 && decoded.type == .receipt)
        #expect(try ReceiptMessage(payload: decoded.payload).request == 9)
        let request = OpenRequest(request: 1, url: Array("todolist://?a".utf8), requestID: "id-1")
        #expect(try #require(request.frame(version: 2)).asksForReceipt)
        #expect(try #require(request.frame).asksForReceipt == false)
        #expect(try OpenRequest(payload: try #require(request.frame(version: 2)).payload).requestID == "id-1")
    }

    @Test("each verdict maps to its documented exit status")
    func exitStatuses() {
        #expect(DeliveryVerdict.handled.exitStatus.rawValue == 0)
        #expect(DeliveryVerdict.declined.exitStatus.rawValue == 1)
        #expect(DeliveryVerdict.rejected(code: "x", offset: 0, message: "").exitStatus.rawValue == 2)
        #expect(DeliveryVerdict.openFailed("").exitStatus.rawValue == 3)
        #expect(DeliveryVerdict.launchFailed("").exitStatus.rawValue == 4)
        #expect(DeliveryVerdict.launchTimedOut.exitStatus.rawValue == 5)
        #expect(DeliveryVerdict.terminated.exitStatus.rawValue == 6)
        #expect(DeliveryVerdict.noAnswer("").exitStatus.rawValue == 7)
        #expect(DeliveryVerdict.protocolError("").exitStatus.rawValue == 76)
    }

    @Test("control requests and replies round-trip; an unknown command is malformed")
    func control() throws {
        for command in ControlCommand.allCases {
            let request = ControlRequest(request: 9, command: command)
            #expect(try ControlRequest(payload: request.frame.payload) == request)
        }
        let reply = ControlReplyMessage(request: 9, refused: true, state: "active", message: "no")
        #expect(try ControlReplyMessage(payload: reply.frame.payload) == reply)
        // 9 is no command (no test-only command rides the wire), nor is 0 or 99.
        for unknown: UInt8 in [0, 9, 99] {
            #expect(throws: WireError.self) { try ControlRequest(payload: [1, 0, 0, 0, 4, 0, 0, 0, 1, 2, 0, 0, 0, 1, unknown]) }
        }
    }

    @Test("a control request carries the sender's activation token, up to 4096 bytes")
    func controlActivationToken() throws {
        let request = ControlRequest(request: 4, command: .activate, activationToken: "again_TIME0")
        #expect(try ControlRequest(payload: request.frame.payload).activationToken == "again_TIME0")
        #expect(try ControlRequest(payload: ControlRequest(request: 4, command: .activate).frame.payload).activationToken == nil)
        let tooLong = ControlRequest(request: 4, command: .activate, activationToken: String(repeating: "t", count: 4097))
        #expect(throws: WireError.self) { try ControlRequest(payload: tooLong.frame.payload) }
    }
}
