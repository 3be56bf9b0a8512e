/// Why bytes received on the wake socket are not a valid frame, with the byte offset of the
/// fault counted from the start of the frame.
///
/// The primary answers each of these with an ``ErrorMessage`` of the matching
/// ``WireErrorCode`` and closes the connection; it goes on serving every other connection.
public enum WireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first two bytes are not `SR`.
    case badMagic(offset: Int, byte: UInt8)
    /// The version byte (offset 2) is not one this runtime speaks.
    case unsupportedVersion(UInt8)
    /// The type byte (offset 3) names no frame type, or one the receiver does not accept.
    case unexpectedType(UInt8)
    /// The header announces a payload larger than ``WakeProtocol/maximumPayloadLength``.
    case frameTooLarge(length: UInt32)
    /// The stream ended inside a frame: `received` of its `expected` bytes arrived.
    case truncated(received: Int, expected: Int)
    /// The payload is not a valid field list for its type; `offset` is that of the faulty byte
    /// within the frame (the header's 8 bytes included).
    case malformed(offset: Int, reason: String)

    /// The code sent in the ``ErrorMessage`` for this fault.
    public var code: WireErrorCode {
        switch self {
        case .badMagic: .badMagic
        case .unsupportedVersion: .unsupportedVersion
        case .unexpectedType: .unexpectedType
        case .frameTooLarge: .frameTooLarge
        case .truncated: .truncated
        case .malformed: .malformed
        }
    }

    /// The byte offset of the fault within the frame.
    public var offset: Int {
        switch self {
        case .badMagic(let offset, _): offset
        case .unsupportedVersion: 2
        case .unexpectedType: 3
        case .frameTooLarge: 4
        case .truncated(let received, _): received
        case .malformed(let offset, _): offset
        }
    }

    /// A sentence naming the fault and its offset.
    public var description: String {
        switch self {
        case .badMagic(let offset, let byte):
            "not a SchemeRouter wake frame: byte \(offset) is 0x\(Self.hex(byte)), the header starts with 'SR'"
        case .unsupportedVersion(let version):
            "unsupported wake protocol version \(version) at byte 2; this runtime speaks versions \(WakeProtocol.supportedVersions.lowerBound)–\(WakeProtocol.supportedVersions.upperBound)"
        case .unexpectedType(let type):
            "unexpected frame type 0x\(Self.hex(type)) at byte 3"
        case .frameTooLarge(let length):
            "frame announces a \(length)-byte payload at byte 4; the limit is \(WakeProtocol.maximumPayloadLength)"
        case .truncated(let received, let expected):
            "truncated frame: the stream ended after \(received) of \(expected) bytes"
        case .malformed(let offset, let reason):
            "malformed frame at byte \(offset): \(reason)"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
