/// Small helpers for reading text as UTF-8 bytes without making `String`s.
enum ByteText {
    /// Whether `bytes` are exactly `text`'s UTF-8.
    @inline(__always)
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { equal($0, bytes) } ?? bytes.elementsEqual(utf8)
    }

    /// Whether two byte buffers are equal: eight bytes at a time, then the tail.
    @inline(__always)
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = lhs.count
        guard count == rhs.count else { return false }
        guard count > 0, let left = UnsafeRawPointer(lhs.baseAddress), let right = UnsafeRawPointer(rhs.baseAddress) else {
            return true
        }
        var index = 0
        while index + 8 <= count {
            if left.loadUnaligned(fromByteOffset: index, as: UInt64.self) != right.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index += 8
        }
        while index < count {
            if lhs[index] != rhs[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` equal `text`'s UTF-8 ignoring ASCII case (for schemes and hosts).
    static func equalsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: String) -> Bool {
        let utf8 = lowercase.utf8
        guard utf8.count == bytes.count else { return false }
        var index = 0
        for byte in utf8 {
            let candidate = bytes[index]
            let folded = candidate >= UInt8(ascii: "A") && candidate <= UInt8(ascii: "Z") ? candidate | 0x20 : candidate
            if folded != byte { return false }
            index += 1
        }
        return true
    }

    /// The number of Unicode scalars in valid UTF-8.
    @inline(__always)
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The byte index where scalar number `scalar` (0-based) starts in valid UTF-8; the end when past it.
    static func offset(ofScalar scalar: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var seen = -1
        for (index, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            seen += 1
            if seen == scalar { return index }
        }
        return bytes.count
    }

    /// 64-bit FNV-1a of `bytes`: the key of the literal tables (no `String` needed to look up).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The same hash for a string's UTF-8.
    static func hash(_ text: String) -> UInt64 {
        var copy = text
        return copy.withUTF8 { hash($0) }
    }
}
