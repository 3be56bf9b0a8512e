/// A `control` frame.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | request | 4 bytes, echoed in the reply |
/// | 2 | command | 1 byte, a ``ControlCommand`` |
public struct ControlRequest: Sendable, Hashable {
    /// The client's request number.
    public var request: UInt32
    /// What to do.
    public var command: ControlCommand

    /// Creates a request.
    public init(request: UInt32, command: ControlCommand) {
        self.request = request
        self.command = command
    }

    /// Parses a `control` frame's payload.
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: 1...2)
        request = try fields.uint32(1, "request")
        let raw = try fields.byte(2, "command")
        guard let command = ControlCommand(rawValue: raw) else {
            throw .malformed(offset: fields.offset(of: 2) ?? WakeProtocol.headerLength, reason: "unknown control command \(raw)")
        }
        self.command = command
    }

    /// The frame (version 1, no receipt).
    public var frame: Frame { frame(version: 1) }

    /// The frame in `version` (2 asks for a receipt).
    public func frame(version: UInt8) -> Frame {
        var fields = FieldList()
        fields.set(1, uint32: request)
        fields.set(2, byte: command.rawValue)
        return Frame(type: .control, payload: fields.encoded, version: version)
    }
}
