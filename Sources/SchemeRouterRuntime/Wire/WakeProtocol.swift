/// The constants of the wake protocol spoken on an app's Unix socket (Docs/WakeProtocol.md).
///
/// Every message is one frame: an 8-byte header followed by a payload of at most
/// ``maximumPayloadLength`` bytes.
///
/// | bytes | field | value |
/// |---|---|---|
/// | 0–1 | magic | `0x53 0x52` (`SR`) |
/// | 2 | version | ``version`` (1) |
/// | 3 | type | a ``FrameType`` |
/// | 4–7 | payload length | unsigned 32-bit big-endian, at most ``maximumPayloadLength`` |
public enum WakeProtocol {
    /// The first header byte, `S`.
    public static let magic0: UInt8 = 0x53
    /// The second header byte, `R`.
    public static let magic1: UInt8 = 0x52
    /// The protocol version this runtime speaks and accepts.
    public static let version: UInt8 = 1
    /// The header's size in bytes.
    public static let headerLength = 8
    /// The largest payload a frame may announce: 64 KiB. A header announcing more is refused
    /// before any of the payload is read.
    public static let maximumPayloadLength = 64 * 1024
}
