/// An `error` frame: the primary is closing the connection, and why. No request still open on
/// the connection gets another answer.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | code | 1 byte, a ``WireErrorCode`` |
/// | 2 | message | UTF-8: a sentence for people (with the byte offset for frame faults) |
public struct ErrorMessage: Sendable, Hashable {
    /// Why the connection is being closed.
    public var code: WireErrorCode
    /// A sentence for people.
    public var message: String

    /// Creates a message.
    public init(code: WireErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// The message for a frame fault.
    public init(_ error: WireError) {
        self.init(code: error.code, message: error.description)
    }

    /// Parses an `error` frame's payload. An unknown code is kept as malformed so a newer
    /// primary's codes still close the connection cleanly.
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: 1...2)
        let raw = try fields.byte(1, "code")
        code = WireErrorCode(rawValue: raw) ?? .malformed
        message = try fields.text(2, "message", maximum: 8192) ?? ""
    }

    /// The frame.
    public var frame: Frame {
        var fields = FieldList()
        fields.set(1, byte: code.rawValue)
        fields.set(2, text: VerdictMessage.clip(message))
        return Frame(type: .error, payload: fields.encoded)
    }

    /// The frame's bytes, for the errors the watchdog sends from its thread.
    package static func encoded(_ code: WireErrorCode, _ message: String) -> [UInt8] {
        ErrorMessage(code: code, message: message).frame.encoded
    }
}
