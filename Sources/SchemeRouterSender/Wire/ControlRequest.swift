/// A `control` frame.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | request | 4 bytes, echoed in the reply |
/// | 2 | command | 1 byte, a ``ControlCommand`` |
/// | 3 | activationToken | optional UTF-8, ≤ 4096 bytes: the sender's, for the window `activate` presents |
public struct ControlRequest: Sendable, Hashable {
    /// The client's request number.
    public var request: UInt32
    /// What to do.
    public var command: ControlCommand
    /// The desktop's activation token of the sender (`activate`), or `nil`.
    public var activationToken: String?

    /// Creates a request.
    public init(request: UInt32, command: ControlCommand, activationToken: String? = nil) {
        self.request = request
        self.command = command
        self.activationToken = activationToken
    }

    /// Parses a `control` frame's payload.
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: 1...3)
        request = try fields.uint32(1, "request")
        let raw = try fields.byte(2, "command")
        guard let command = ControlCommand(rawValue: raw) else {
            throw .malformed(offset: fields.offset(of: 2) ?? WakeProtocol.headerLength, reason: "unknown control command \(raw)")
        }
        self.command = command
        activationToken = try fields.text(3, "activationToken", maximum: OpenRequest.maximumActivationTokenLength)
    }

    /// The frame (version 1, no receipt).
    public var frame: Frame { frame(version: 1) }

    /// The frame in `version` (2 asks for a receipt).
    public func frame(version: UInt8) -> Frame {
        var fields = FieldList()
        fields.set(1, uint32: request)
        fields.set(2, byte: command.rawValue)
        if let activationToken { fields.set(3, text: activationToken) }
        return Frame(type: .control, payload: fields.encoded, version: version)
    }
}
