public import SchemeRouterLifecycle
/// A `verdict` frame: what became of one `open` request.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | request | 4 bytes: the request's number |
/// | 2 | status | 1 byte: the verdict as its exit status (``ExitStatus``: 0 handled, 1 declined, 2 rejected, 3 openFailed, 5 launchTimedOut, 6 terminated, 12 hookTimedOut; on the verdict pipe also 4 launchFailed, 7 noAnswer, 13 unresponsive, 14 notOpened, 75 busy, 76 protocolError) |
/// | 3 | reason | optional UTF-8: a machine-readable code (a `URLRejection` or `RouteError` code, `undeclared-scheme`, `launched`) |
/// | 4 | offset | optional 4 bytes: the byte offset of a rejection in the URL |
/// | 5 | message | optional UTF-8: a sentence for people |
public struct VerdictMessage: Sendable, Hashable {
    /// The request this answers.
    public var request: UInt32
    /// The verdict.
    public var verdict: DeliveryVerdict

    /// Creates a message.
    public init(request: UInt32, verdict: DeliveryVerdict) {
        self.request = request
        self.verdict = verdict
    }

    /// Parses a `verdict` frame's payload.
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: 1...5)
        request = try fields.uint32(1, "request")
        let status = try fields.byte(2, "status")
        let reason = try fields.text(3, "reason", maximum: 256)
        let offset = try fields.optionalUInt32(4, "offset")
        let message = try fields.text(5, "message", maximum: 8192) ?? ""
        switch status {
        case 0: verdict = reason == "launched" ? .launched : .handled
        case 1: verdict = .declined
        case 2: verdict = .rejected(code: reason ?? "rejected", offset: Int(offset ?? 0), message: message)
        case 3: verdict = .openFailed(message)
        case 5: verdict = .launchTimedOut
        case 6: verdict = .terminated
        case 12: verdict = .hookTimedOut(message)
        // The verdict pipe also carries a primary that could not start, and a woken invocation's
        // failures to reach its primary.
        case 4: verdict = .launchFailed(message)
        case 7: verdict = .noAnswer(message)
        case 13: verdict = .unresponsive(message)
        case 75: verdict = .busy(message)
        case 76: verdict = .protocolError(message)
        // A sender inside a sandbox whose URL went through the OpenURI portal.
        case 14: verdict = .notOpened(message)
        default:
            throw .malformed(offset: fields.offset(of: 2) ?? WakeProtocol.headerLength, reason: "unknown verdict status \(status)")
        }
    }

    /// The frame.
    public var frame: Frame {
        var fields = FieldList()
        fields.set(1, uint32: request)
        fields.set(2, byte: UInt8(truncatingIfNeeded: verdict.exitStatus.rawValue))
        switch verdict {
        case .launched:
            fields.set(3, text: "launched")
        case .rejected(let code, let offset, let message):
            fields.set(3, text: Self.clip(code, limit: 256))
            fields.set(4, uint32: UInt32(clamping: offset))
            fields.set(5, text: Self.clip(message))
        case .openFailed(let message), .hookTimedOut(let message), .launchFailed(let message), .noAnswer(let message),
            .unresponsive(let message), .busy(let message), .protocolError(let message), .notOpened(let message):
            fields.set(5, text: Self.clip(message))
        default:
            break
        }
        return Frame(type: .verdict, payload: fields.encoded)
    }

    /// At most `limit` bytes of `text`, cut at a character boundary.
    package static func clip(_ text: String, limit: Int = 8192) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        for character in text {
            if result.utf8.count + character.utf8.count > limit { break }
            result.append(character)
        }
        return result
    }
}
