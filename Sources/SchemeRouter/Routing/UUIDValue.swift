/// A UUID as 128 bits, parsed from and printed as `8-4-4-4-12` hexadecimal digits.
///
/// Parsing accepts upper- and lower-case digits; printing uses lower case (RFC 9562 §4).
/// No version or variant is required: any 128-bit value is accepted.
public struct UUIDValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The first 64 bits, big-endian.
    public let high: UInt64
    /// The last 64 bits, big-endian.
    public let low: UInt64

    /// Creates a UUID from its two 64-bit halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses `8-4-4-4-12` hexadecimal digits (36 characters, case-insensitive), or returns `nil`.
    public init?(_ text: some StringProtocol) {
        var copy = String(text)
        guard let uuid = copy.withUTF8({ UUIDValue(bytes: $0) }) else { return nil }
        self = uuid
    }

    /// Parses `8-4-4-4-12` hexadecimal digits from UTF-8 bytes, or returns `nil`, eight digits at a time.
    @inline(__always)
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 36, let base = bytes.baseAddress,
            base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"),
            base[23] == UInt8(ascii: "-")
        else { return nil }
        let raw = UnsafeRawPointer(base)
        func load8(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func load4(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // Digits 0–7, 9–12 with 14–17, 19–22 with 24–27, and 28–35.
        guard let a = Self.hex8(load8(0)), let b = Self.hex8(load4(9) | load4(14) << 32),
            let c = Self.hex8(load4(19) | load4(24) << 32), let d = Self.hex8(load8(28))
        else { return nil }
        self.init(high: a << 32 | b, low: c << 32 | d)
    }

    /// Eight ASCII hexadecimal digits (the first in the lowest byte) as a 32-bit number, or `nil`.
    @inline(__always)
    static func hex8(_ word: UInt64) -> UInt64? {
        guard ByteWord.hexDigits(word) == ByteWord.high else { return nil }
        // Nibble values, then pairs of nibbles into bytes, bytes into one word, first digit highest.
        let nibbles = (word & ByteText.broadcast(0x0F)) &+ ((word >> 6) & ByteText.broadcast(0x01)) &* 9
        let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF
        let quads = (pairs | (pairs >> 8)) & 0x0000_FFFF_0000_FFFF
        let packed = UInt32(truncatingIfNeeded: quads | (quads >> 16))
        return UInt64(packed.byteSwapped)
    }

    /// The byte index where `bytes`, not a UUID, first break `8-4-4-4-12`.
    static func faultIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        for (index, byte) in bytes.prefix(36).enumerated() {
            let isDash = index == 8 || index == 13 || index == 18 || index == 23
            guard isDash ? byte == UInt8(ascii: "-") : CharacterClass.hexValue(byte) != nil else { return index }
        }
        return Swift.min(bytes.count, 36)
    }

    /// Byte order.
    public static func < (lhs: UUIDValue, rhs: UUIDValue) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    /// Lower-case `8-4-4-4-12`.
    public var description: String {
        func hex(_ value: UInt64, digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: digits - text.count) + text
        }
        let h = hex(high, digits: 16)
        let l = hex(low, digits: 16)
        return "\(h.prefix(8))-\(h.dropFirst(8).prefix(4))-\(h.suffix(4))-\(l.prefix(4))-\(l.dropFirst(4))"
    }
}
