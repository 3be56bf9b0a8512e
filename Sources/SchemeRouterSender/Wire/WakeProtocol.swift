/// The constants of the wake protocol spoken on an app's Unix socket (Docs/WakeProtocol.md).
///
/// Every message is one frame: an 8-byte header followed by a payload of at most
/// ``maximumPayloadLength`` bytes.
///
/// | bytes | field | value |
/// |---|---|---|
/// | 0–1 | magic | `0x53 0x52` (`SR`) |
/// | 2 | version | 1, or 2 for a request that asks for a ``FrameType/receipt`` and for the receipt |
/// | 3 | type | a ``FrameType`` |
/// | 4–7 | payload length | unsigned 32-bit big-endian, at most ``maximumPayloadLength`` |
public enum WakeProtocol {
    /// The first header byte, `S`.
    public static let magic0: UInt8 = 0x53
    /// The second header byte, `R`.
    public static let magic1: UInt8 = 0x52
    /// The newest protocol version this runtime speaks. Version 2 adds the receipt: a request
    /// sent in a version-2 frame is acknowledged by a ``FrameType/receipt`` as soon as the
    /// primary's loop reads it. Frames version 1 defines are still sent as version 1, so a
    /// version-1 peer reads every answer it can be sent; a version-1 primary answers a version-2
    /// request `error(unsupportedVersion)`.
    public static let version: UInt8 = 2
    /// The versions this runtime accepts.
    public static let supportedVersions: ClosedRange<UInt8> = 1...2
    /// The header's size in bytes.
    public static let headerLength = 8
    /// The largest payload a frame may announce: 64 KiB. A header announcing more is refused
    /// before any of the payload is read.
    public static let maximumPayloadLength = 64 * 1024
}
