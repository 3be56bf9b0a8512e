/// RFC 3986 §3.2.2 grammars for IP addresses, over raw bytes.
enum IPAddressGrammar {
    /// Whether `bytes[range]` is an `IPv4address`: four `dec-octet`s (no leading zeros, ≤ 255).
    static func isIPv4(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        for octet in 0..<4 {
            if octet > 0 {
                guard index < range.upperBound, bytes[index] == UInt8(ascii: ".") else { return false }
                index += 1
            }
            let start = index
            var value = 0
            while index < range.upperBound, index - start < 3,
                bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9")
            {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            let length = index - start
            guard length > 0, value <= 255 else { return false }
            if length > 1 && bytes[start] == UInt8(ascii: "0") { return false }
        }
        return index == range.upperBound
    }

    /// The offset of the first byte that breaks `IPv6address` in `bytes[range]`, or `nil` when it is valid.
    static func ipv6Fault(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let end = range.upperBound
        var index = range.lowerBound
        var pieces = 0
        var sawDoubleColon = false
        guard index < end else { return range.lowerBound }
        if bytes[index] == UInt8(ascii: ":") {
            guard index + 1 < end, bytes[index + 1] == UInt8(ascii: ":") else { return index }
            sawDoubleColon = true
            index += 2
            if index == end { return nil }
        }
        while true {
            let start = index
            while index < end, CharacterClass.table[Int(bytes[index])] & CharacterClass.hex != 0 {
                index += 1
            }
            if index < end, bytes[index] == UInt8(ascii: ".") {
                // The last 32 bits written as an IPv4 address.
                guard isIPv4(bytes, start..<end) else { return start }
                pieces += 2
                index = end
                break
            }
            let digits = index - start
            guard digits >= 1 else { return start }
            guard digits <= 4 else { return start + 4 }
            pieces += 1
            if index == end { break }
            guard bytes[index] == UInt8(ascii: ":") else { return index }
            index += 1
            if index < end, bytes[index] == UInt8(ascii: ":") {
                if sawDoubleColon { return index }
                sawDoubleColon = true
                index += 1
                if index == end { break }
            } else if index == end {
                return index - 1
            }
            if pieces > 8 { return start }
        }
        if sawDoubleColon ? pieces <= 7 : pieces == 8 { return nil }
        return range.lowerBound
    }

    /// The offset of the first byte that breaks `IPvFuture` (`"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`),
    /// or `nil` when valid.
    static func ipFutureFault(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        guard index < range.upperBound, bytes[index] | 0x20 == UInt8(ascii: "v") else { return index }
        index += 1
        let hexStart = index
        while index < range.upperBound, CharacterClass.table[Int(bytes[index])] & CharacterClass.hex != 0 {
            index += 1
        }
        guard index > hexStart else { return index }
        guard index < range.upperBound, bytes[index] == UInt8(ascii: ".") else { return index }
        index += 1
        guard index < range.upperBound else { return index - 1 }
        while index < range.upperBound {
            guard CharacterClass.table[Int(bytes[index])] & CharacterClass.ipFutureMask != 0 else { return index }
            index += 1
        }
        return nil
    }
}
