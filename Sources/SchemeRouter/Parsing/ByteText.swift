/// Small helpers for reading text as UTF-8 bytes without making `String`s.
enum ByteText {
    /// Whether `bytes` are exactly `text`'s UTF-8.
    @inline(__always)
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { equal($0, bytes) } ?? bytes.elementsEqual(utf8)
    }

    /// Whether two byte buffers are equal: eight bytes at a time, the tail as one (overlapping)
    /// word; short ones as two overlapping words of 4, 2 or 1 bytes.
    @inline(__always)
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = lhs.count
        guard count == rhs.count else { return false }
        guard count > 0, let left = UnsafeRawPointer(lhs.baseAddress), let right = UnsafeRawPointer(rhs.baseAddress) else {
            return true
        }
        if count >= 8 {
            var index = 0
            while index + 8 <= count {
                if left.loadUnaligned(fromByteOffset: index, as: UInt64.self) != right.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                    return false
                }
                index += 8
            }
            return index == count
                || left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        if count >= 2 {
            return left.loadUnaligned(as: UInt16.self) == right.loadUnaligned(as: UInt16.self)
                && left.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
                    == right.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
        }
        return lhs[0] == rhs[0]
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

    // MARK: - Eight bytes at a time

    /// `byte` in every byte of a word.
    @inline(__always)
    static func broadcast(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each zero byte of `word` set; exact up to the first zero byte (above it a
    /// borrow may mark more), which is all that finding the first match needs.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The offset of the first byte in `start..<end` of `base` that equals one of `a`, `b`, `c`,
    /// `d` (broadcast words; repeat one to look for fewer), or `end`. `base[0..<end]` must be
    /// readable: fewer than eight bytes left are read as the last word of it, shifted.
    @inline(__always)
    static func firstOf(
        _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64, in base: UnsafePointer<UInt8>, from start: Int, to end: Int
    ) -> Int {
        var index = start
        let raw = UnsafeRawPointer(base)
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let found = zeroBytes(word ^ a) | zeroBytes(word ^ b) | zeroBytes(word ^ c) | zeroBytes(word ^ d)
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        if index < end && end >= 8 {
            // The last word, its bytes before `index` shifted out; the zero bytes shifted in lie at
            // or past `end`, so a match there (only a zero pattern can match them) means none.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)) >> UInt64((index &- (end &- 8)) &* 8)
            let found = zeroBytes(word ^ a) | zeroBytes(word ^ b) | zeroBytes(word ^ c) | zeroBytes(word ^ d)
            return found == 0 ? end : Swift.min(index &+ found.trailingZeroBitCount &>> 3, end)
        }
        let bytes = (UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: b), UInt8(truncatingIfNeeded: c), UInt8(truncatingIfNeeded: d))
        while index < end {
            let byte = base[index]
            if byte == bytes.0 || byte == bytes.1 || byte == bytes.2 || byte == bytes.3 { return index }
            index &+= 1
        }
        return end
    }

    /// The high bit of exactly the zero bytes of `word`.
    @inline(__always)
    static func exactZeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// How many bytes in `start..<end` of `base` equal `byte`, eight at a time. `base[0..<end]`
    /// must be readable (see ``firstOf(_:_:_:_:in:from:to:)``).
    @inline(__always)
    static func count(of byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let pattern = broadcast(byte)
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var index = start
        var count = 0
        let raw = UnsafeRawPointer(base)
        while index &+ 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
            // Exact: the high bit of each byte that is zero.
            let zero = ~(((word & low7) &+ low7) | word | low7)
            // The number of marked bytes: each mark moved to its byte's low bit, then all bytes
            // summed into the top byte (no POPCNT in the x86-64 baseline).
            count &+= Int(truncatingIfNeeded: ((zero >> 7) &* 0x0101_0101_0101_0101) >> 56)
            index &+= 8
        }
        if index < end && end >= 8 {
            // The last word, its bytes before `index` masked out of the count.
            let skip = index &- (end &- 8)
            let word = raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self) ^ pattern
            let zero = ~(((word & low7) &+ low7) | word | low7) & (UInt64.max << UInt64(skip &* 8))
            return count &+ Int(truncatingIfNeeded: ((zero >> 7) &* 0x0101_0101_0101_0101) >> 56)
        }
        while index < end {
            if base[index] == byte { count &+= 1 }
            index &+= 1
        }
        return count
    }
}
