/// Hexadecimal digits for the fuzzer: the `input-hex:` lines of finding files, `--replay-hex`,
/// `\xNN` escapes, and the `%XX` escapes the mutators and the minimiser read.
public enum Hex {
    /// The value of one hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`.
    public static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }

    /// The bytes that pairs of hex digits (either case) spell, or `nil` for an odd count or a
    /// byte that is not a hex digit.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var high: UInt8?
        for digit in text {
            guard let value = digitValue(digit) else { return nil }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }

    /// Two lower-case hex digits per byte.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = ""
        for byte in bytes {
            text.unicodeScalars.append(digits[Int(byte >> 4)])
            text.unicodeScalars.append(digits[Int(byte & 0xF)])
        }
        return text
    }
}
