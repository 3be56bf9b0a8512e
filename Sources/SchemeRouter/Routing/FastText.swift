/// Percent-decoding for the routing fast path: decode, then check the result is text
/// (well-formed UTF-8 without control characters) in one tight pass, answering only yes or no.
///
/// ``PercentDecoding`` is the reference: it says where and why text is not valid. The fast path
/// calls this, and on `nil` hands the URL to the precise path, which finds the same fault.
enum FastText {
    /// The value of a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`; other bytes give garbage), without a table.
    @inline(__always)
    static func hexValue(_ digit: UInt8) -> UInt8 {
        (digit & 0x0F) &+ (digit >> 6) &* 9
    }

    /// Whether a byte is a hexadecimal digit, without a table.
    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// Decodes validated URL bytes (every `%` opens a two-hex-digit escape, every other byte is
    /// printable ASCII) into `output` (room for `raw.count` bytes). Returns the decoded length and
    /// its number of Unicode scalars, or `nil` when the result is not valid UTF-8 or holds a
    /// control character (U+0000–U+001F, U+007F–U+009F).
    ///
    /// Runs between escapes are copied eight bytes at a time (decoding never lengthens text, so a
    /// word written at the output position never passes the input's end). Raw bytes are printable
    /// ASCII, so only escaped bytes can be controls or start multi-byte sequences; UTF-8 is checked
    /// only when an escape produced a byte of 0x80 or more.
    @inline(__always)
    static func decode(
        _ raw: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool, into output: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, scalars: Int)? {
        guard let input = raw.baseAddress else { return (0, 0) }
        let end = raw.count
        var index = 0
        var written = 0
        var nonASCII = false
        while index < end {
            // Copy up to the next '%', a word at a time.
            while index &+ 8 <= end {
                let run = copyRun(input, index, to: output, written, plusAsSpace: plusAsSpace)
                index &+= run
                written &+= run
                if run < 8 { break }
            }
            guard index < end else { break }
            var byte = input[index]
            if byte == UInt8(ascii: "%") {
                guard let escaped = escapedByte(input, index, nonASCII: &nonASCII) else { return nil }
                byte = escaped
                index &+= 3
            } else {
                if plusAsSpace && byte == UInt8(ascii: "+") { byte = 0x20 }
                index &+= 1
            }
            output[written] = byte
            written &+= 1
        }
        return finish(output, written, nonASCII: nonASCII)
    }

    /// ``decode(_:plusAsSpace:into:)`` for text in a padded buffer: `count` bytes at `input`, of
    /// which eight more past the end may be read, into `output`, of which eight more past the
    /// decoded text may be written. Every run between escapes is then copied a word at a time,
    /// the last one too, with no loop over single bytes.
    @inline(__always)
    static func decodePadded(
        _ input: UnsafePointer<UInt8>, count end: Int, plusAsSpace: Bool, into output: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, scalars: Int)? {
        var index = 0
        var written = 0
        var nonASCII = false
        while index < end {
            let run = copyRun(input, index, to: output, written, plusAsSpace: plusAsSpace)
            if index &+ run >= end {
                written &+= end &- index
                break
            }
            index &+= run
            written &+= run
            if run == 8 { continue }
            guard let byte = escapedByte(input, index, nonASCII: &nonASCII) else { return nil }
            output[written] = byte
            written &+= 1
            index &+= 3
        }
        return finish(output, written, nonASCII: nonASCII)
    }

    /// Copies the eight bytes at `index` of `input` to `written` of `output` (a `+` as a space
    /// under form decoding) and returns how many come before the first `%` (8 when none does).
    @inline(__always)
    private static func copyRun(
        _ input: UnsafePointer<UInt8>, _ index: Int, to output: UnsafeMutablePointer<UInt8>, _ written: Int, plusAsSpace: Bool
    ) -> Int {
        var word = UnsafeRawPointer(input).loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let escapes = ByteText.zeroBytes(word ^ ByteText.broadcast(UInt8(ascii: "%")))
        if plusAsSpace {
            // '+' to ' ': flip the bits that differ, in the bytes that are '+'.
            let plus = ByteText.exactZeroBytes(word ^ ByteText.broadcast(UInt8(ascii: "+")))
            word ^= (plus >> 7) &* UInt64(UInt8(ascii: "+") ^ 0x20)
        }
        UnsafeMutableRawPointer(output).storeBytes(of: word, toByteOffset: written, as: UInt64.self)
        return escapes == 0 ? 8 : escapes.trailingZeroBitCount &>> 3
    }

    /// The byte the validated escape at `index` of `input` stands for (two hex digits follow the
    /// `%`), or `nil` for a control character; notes a byte of 0x80 or more in `nonASCII`.
    @inline(__always)
    private static func escapedByte(_ input: UnsafePointer<UInt8>, _ index: Int, nonASCII: inout Bool) -> UInt8? {
        let byte = hexValue(input[index &+ 1]) << 4 | hexValue(input[index &+ 2])
        if byte < 0x20 || byte == 0x7F { return nil }
        if byte >= 0x80 { nonASCII = true }
        return byte
    }

    /// The decoded text's length and scalars, checking it as UTF-8 only when an escape made a byte
    /// of 0x80 or more.
    @inline(__always)
    private static func finish(_ output: UnsafeMutablePointer<UInt8>, _ written: Int, nonASCII: Bool) -> (count: Int, scalars: Int)? {
        guard nonASCII else { return (written, written) }
        guard let scalars = validText(UnsafeBufferPointer(start: output, count: written)) else { return nil }
        return (written, scalars)
    }

    /// The number of scalars of well-formed UTF-8 without control characters, or `nil`
    /// (Unicode Table 3-7; C0 controls, DEL and C1 controls refused as ``PercentDecoding/text`` does).
    static func validText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var scalars = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            scalars += 1
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F { return nil }
                index += 1
                continue
            }
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            let width: Int
            switch lead {
            case 0xC2:
                // U+0080–U+009F are C1 controls.
                width = 2
                lower = 0xA0
            case 0xC3...0xDF: width = 2
            case 0xE0: width = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: width = 3
            case 0xED: width = 3; upper = 0x9F
            case 0xF0: width = 4; lower = 0x90
            case 0xF1...0xF3: width = 4
            case 0xF4: width = 4; upper = 0x8F
            default: return nil
            }
            guard index + width <= count else { return nil }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return nil }
            for offset in 2..<width where bytes[index + offset] & 0xC0 != 0x80 { return nil }
            index += width
        }
        return scalars
    }

    /// A `String` of bytes known to be valid UTF-8 (the standard library checks them again: no
    /// public initializer skips that). ASCII text of up to 15 bytes, the commonest value, is
    /// copied into a small string by two overlapping loads and stores (no `memmove` call), which
    /// also tell whether it is ASCII, the one case `String(unsafeUninitializedCapacity:)` checks
    /// in a few instructions; other text is decoded (that initializer rechecks non-ASCII text on
    /// a slow path). (The two branches stay written out: one generic over the word type ran 11
    /// more instructions per URL and 2–4 % slower.)
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        if count <= 15, let base = bytes.baseAddress {
            let source = UnsafeRawPointer(base)
            if count >= 8 {
                let head = source.loadUnaligned(as: UInt64.self)
                let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                if (head | tail) & 0x8080_8080_8080_8080 == 0 {
                    return String(unsafeUninitializedCapacity: count) { buffer in
                        let target = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                        target.storeBytes(of: head, as: UInt64.self)
                        target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
                        return count
                    }
                }
            } else if count >= 4 {
                let head = source.loadUnaligned(as: UInt32.self)
                let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                if (head | tail) & 0x8080_8080 == 0 {
                    return String(unsafeUninitializedCapacity: count) { buffer in
                        let target = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                        target.storeBytes(of: head, as: UInt32.self)
                        target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
                        return count
                    }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
