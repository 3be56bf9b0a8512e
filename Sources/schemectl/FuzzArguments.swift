/// Parsing of `schemectl fuzz`'s values that argument-parser cannot read itself.
enum FuzzArguments {
    /// `60s`, `500ms`, `2m`, `1h`, `1.5s` or a plain number of seconds; `nil` when malformed or not positive.
    static func duration(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = Substring(text)
        var scale = 1.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = text.dropLast(suffix.count)
            scale = factor
            break
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        let milliseconds = (value * scale * 1000).rounded()
        guard milliseconds >= 1, milliseconds < 1e12 else { return nil }
        return .milliseconds(Int64(milliseconds))
    }

    /// Lower- or upper-case hex digits to bytes; `nil` when malformed.
    static func hex(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8? = nil
        for byte in text.utf8 {
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66: nibble = byte - 0x61 + 10
            case 0x41...0x46: nibble = byte - 0x41 + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return high == nil ? bytes : nil
    }

    static func hexString(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = ""
        for byte in bytes {
            text.unicodeScalars.append(digits[Int(byte >> 4)])
            text.unicodeScalars.append(digits[Int(byte & 0xF)])
        }
        return text
    }
}
