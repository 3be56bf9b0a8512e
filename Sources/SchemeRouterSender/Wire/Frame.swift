/// One message of the wake protocol: a type and its payload.
public struct Frame: Sendable, Hashable {
    /// What the payload is.
    public var type: FrameType
    /// The payload (a list of ``FieldList`` fields), at most
    /// ``WakeProtocol/maximumPayloadLength`` bytes.
    public var payload: [UInt8]
    /// The header's version byte: by default the first version that defines ``type`` (2 for a
    /// receipt and a busy reply, 1 otherwise); a request that asks for a receipt is sent as version 2.
    public var version: UInt8

    /// Creates a frame.
    /// - Precondition: The payload fits in a frame.
    public init(type: FrameType, payload: [UInt8], version: UInt8? = nil) {
        precondition(
            payload.count <= WakeProtocol.maximumPayloadLength,
            "a frame's payload is at most \(WakeProtocol.maximumPayloadLength) bytes")
        self.type = type
        self.payload = payload
        self.version = version ?? (type == .receipt || type == .busy ? 2 : 1)
    }

    /// Whether the sender of this request asked for a receipt (a version-2 request).
    public var asksForReceipt: Bool { version >= 2 }

    /// The frame's bytes on the wire: header, then payload.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(WakeProtocol.headerLength + payload.count)
        bytes.append(WakeProtocol.magic0)
        bytes.append(WakeProtocol.magic1)
        bytes.append(version)
        bytes.append(type.rawValue)
        let length = UInt32(payload.count)
        bytes.append(UInt8(truncatingIfNeeded: length >> 24))
        bytes.append(UInt8(truncatingIfNeeded: length >> 16))
        bytes.append(UInt8(truncatingIfNeeded: length >> 8))
        bytes.append(UInt8(truncatingIfNeeded: length))
        bytes.append(contentsOf: payload)
        return bytes
    }
}
