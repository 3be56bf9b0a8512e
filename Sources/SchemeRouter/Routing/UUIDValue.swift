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

    /// Parses `8-4-4-4-12` hexadecimal digits from UTF-8 bytes, or returns `nil`.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard Self.faultIndex(bytes) == nil else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var count = 0
        for byte in bytes where byte != UInt8(ascii: "-") {
            let nibble = UInt64(CharacterClass.hexValue(byte) ?? 0)
            if count < 16 { high = high << 4 | nibble } else { low = low << 4 | nibble }
            count += 1
        }
        self.init(high: high, low: low)
    }

    /// The byte index of the first character that breaks `8-4-4-4-12`, or `nil` when the bytes are a UUID.
    static func faultIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        for byte in bytes {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return index }
            } else {
                guard index < 36, CharacterClass.hexValue(byte) != nil else { return index }
            }
            index += 1
        }
        return index == 36 ? nil : index
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
