/// A `controlReply` frame: the answer to one `control` request.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | request | 4 bytes: the request's number |
/// | 2 | status | 1 byte: 0 done, 9 refused (not allowed in the app's state) |
/// | 3 | state | UTF-8: the app's state after the command (`active`, `background`, …) |
/// | 4 | message | optional UTF-8: why a command was refused |
public struct ControlReplyMessage: Sendable, Hashable {
    /// The request this answers.
    public var request: UInt32
    /// Whether the command was carried out.
    public var refused: Bool
    /// The app's state afterwards, e.g. `background`.
    public var state: String
    /// Why it was refused, when it was.
    public var message: String?

    /// Creates a reply.
    public init(request: UInt32, refused: Bool, state: String, message: String? = nil) {
        self.request = request
        self.refused = refused
        self.state = state
        self.message = message
    }

    /// Parses a `controlReply` frame's payload.
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: 1...4)
        request = try fields.uint32(1, "request")
        let status = try fields.byte(2, "status")
        guard status == 0 || status == 9 else {
            throw .malformed(offset: fields.offset(of: 2) ?? WakeProtocol.headerLength, reason: "unknown control status \(status)")
        }
        refused = status == 9
        state = try fields.text(3, "state", maximum: 64) ?? ""
        message = try fields.text(4, "message", maximum: 8192)
    }

    /// The frame.
    public var frame: Frame {
        var fields = FieldList()
        fields.set(1, uint32: request)
        fields.set(2, byte: refused ? 9 : 0)
        fields.set(3, text: state)
        if let message { fields.set(4, text: VerdictMessage.clip(message)) }
        return Frame(type: .controlReply, payload: fields.encoded)
    }
}
