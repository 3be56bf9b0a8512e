/// Percent-decoding of URL text into valid Unicode: the one decoder, used by ``URLPart/decoded(_:)``
/// and by the router for every path segment, query key and value, and fragment.
///
/// Decoding is strict: the decoded bytes must be well-formed UTF-8 (no overlong forms, no UTF-16
/// surrogates, no bytes ≥ 0xF5, no truncated sequences) and, unless allowed, contain no control
/// characters. `+` is a literal plus unless form decoding is asked for.
public struct PercentDecoding: Sendable, Hashable {
    /// Whether `+` decodes to a space (`application/x-www-form-urlencoded` style). Off by default.
    public var plusAsSpace: Bool
    /// Whether decoded control characters (U+0000–U+001F, U+007F–U+009F) are allowed. Off by default.
    public var allowsControlCharacters: Bool

    /// Text decoding: `+` stays `+`, control characters are rejected.
    public static let text = PercentDecoding(plusAsSpace: false, allowsControlCharacters: false)
    /// Form decoding: `+` is a space, control characters are rejected.
    public static let form = PercentDecoding(plusAsSpace: true, allowsControlCharacters: false)

    /// Creates a decoding policy.
    public init(plusAsSpace: Bool = false, allowsControlCharacters: Bool = false) {
        self.plusAsSpace = plusAsSpace
        self.allowsControlCharacters = allowsControlCharacters
    }

    /// Decodes `raw`, whose first byte stands at byte `offset` of the URL (for error offsets).
    /// - Throws: ``URLRejection/invalidPercentEncoding(offset:)`` for a `%` without two hex digits,
    ///   ``URLRejection/invalidUTF8(offset:)`` or ``URLRejection/decodedControlCharacter(offset:scalar:)``.
    public func decode(_ raw: Substring, offset: Int) throws(URLRejection) -> String {
        let decoded = raw.utf8.withContiguousStorageIfAvailable { bytes in Result { () throws(URLRejection) in try decode(bytes, offset: offset) } }
        if let decoded { return try decoded.get() }
        return try Array(raw.utf8).withUnsafeBufferPointer { bytes throws(URLRejection) in try decode(bytes, offset: offset) }
    }

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) throws(URLRejection) -> String {
        guard needsWork(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        // Text that never went through the parser may hold any byte: every decoded byte is checked.
        let checkAll = !Self.isParsedText(bytes)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output throws(URLRejection) in
            let (count, _) = try decode(bytes, offset: offset, into: output.baseAddress!, checkingEveryByte: checkAll)
            return String(decoding: UnsafeBufferPointer(start: output.baseAddress, count: count), as: UTF8.self)
        }
    }

    /// Whether every byte is printable ASCII, as in any text the parser accepted.
    private static func isParsedText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 <= 0x20 || $0 >= 0x7F }
    }

    /// Whether decoding changes anything: a `%`, or a `+` under form decoding.
    @inline(__always)
    func needsWork(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        raw.contains { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }
    }

    /// Decodes `raw` (whose first byte stands at URL offset `offset`) into `output`, which has room
    /// for `raw.count` bytes; returns the decoded length and its number of Unicode scalars.
    ///
    /// Runs between escapes are copied eight bytes at a time (decoding never lengthens text, so a
    /// word written at the output position never passes the input's end). A parsed URL's raw bytes
    /// are printable ASCII, so only escapes can make controls or multi-byte sequences: UTF-8 is
    /// checked only when an escape made a byte of 0x80 or more (or, with `checkingEveryByte`, for
    /// text that never went through the parser, always).
    /// - Throws: the ``URLRejection`` with the offset of the escape (or byte) that starts the fault.
    @inline(__always)
    func decode(
        _ raw: UnsafeBufferPointer<UInt8>, offset: Int, into output: UnsafeMutablePointer<UInt8>, checkingEveryByte: Bool = false
    ) throws(URLRejection) -> (count: Int, scalars: Int) {
        guard let input = raw.baseAddress else { return (0, 0) }
        let end = raw.count
        var index = 0
        var written = 0
        var check = checkingEveryByte
        while index < end {
            while index &+ 8 <= end {
                let run = copyRun(input, index, to: output, written)
                index &+= run
                written &+= run
                if run < 8 { break }
            }
            guard index < end else { break }
            var byte = input[index]
            if byte == UInt8(ascii: "%") {
                guard index &+ 2 < end, let high = CharacterClass.hexValue(input[index &+ 1]),
                    let low = CharacterClass.hexValue(input[index &+ 2])
                else {
                    // A fault in the text before the broken escape comes first.
                    if check { _ = try validate(UnsafeBufferPointer(start: output, count: written), raw, offset, finishing: false) }
                    throw .invalidPercentEncoding(offset: offset &+ index)
                }
                byte = high << 4 | low
                // Controls and non-ASCII bytes are checked with the rest of the text, in order.
                if byte < 0x20 || byte >= 0x7F { check = true }
                index &+= 3
            } else {
                if plusAsSpace && byte == UInt8(ascii: "+") { byte = 0x20 }
                index &+= 1
            }
            output[written] = byte
            written &+= 1
        }
        guard check else { return (written, written) }
        return (written, try validate(UnsafeBufferPointer(start: output, count: written), raw, offset, finishing: true))
    }

    /// Copies the eight bytes at `index` of `input` to `written` of `output` (a `+` as a space
    /// under form decoding) and returns how many come before the first `%` (8 when none does).
    @inline(__always)
    private func copyRun(_ input: UnsafePointer<UInt8>, _ index: Int, to output: UnsafeMutablePointer<UInt8>, _ written: Int) -> Int {
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

    /// The number of scalars of the bytes decoded from `raw` (at URL offset `offset`), or the
    /// first fault, at the raw offset of the escape or byte that begins it.
    private func validate(
        _ bytes: UnsafeBufferPointer<UInt8>, _ raw: UnsafeBufferPointer<UInt8>, _ offset: Int, finishing: Bool
    ) throws(URLRejection) -> Int {
        var validator = UTF8Validator()
        var scalars = 0
        func at(_ index: Int) -> Int { offset + Self.rawIndex(ofDecodedByte: index, in: raw) }
        for index in bytes.indices {
            let scalar: UInt32?
            do throws(URLRejection) { scalar = try validator.feed(bytes[index], at: index) } catch {
                throw .invalidUTF8(offset: at(error.offset))
            }
            guard let scalar else { continue }
            scalars &+= 1
            if !allowsControlCharacters, scalar < 0x20 || (scalar >= 0x7F && scalar <= 0x9F) {
                throw .decodedControlCharacter(offset: at(validator.sequenceStart), scalar: scalar)
            }
        }
        if finishing && validator.isInsideSequence { throw .invalidUTF8(offset: at(validator.sequenceStart)) }
        return scalars
    }

    /// The index in `raw` of the text that decodes to byte `index` (each `%XX` is three raw bytes).
    static func rawIndex(ofDecodedByte index: Int, in raw: UnsafeBufferPointer<UInt8>) -> Int {
        var position = 0
        var decoded = 0
        while position < raw.count && decoded < index {
            position += raw[position] == UInt8(ascii: "%") ? 3 : 1
            decoded += 1
        }
        return min(position, raw.count)
    }
}

/// A strict UTF-8 validator fed one byte at a time (Unicode Table 3-7, well-formed byte sequences).
struct UTF8Validator {
    private var needed = 0
    private var scalar: UInt32 = 0
    private var lowerBound: UInt8 = 0x80
    private var upperBound: UInt8 = 0xBF
    /// The offset of the byte that started the current sequence.
    private(set) var sequenceStart = 0

    /// Feeds one decoded byte found at `offset`; returns the scalar when one completes.
    @inline(__always)
    mutating func feed(_ byte: UInt8, at offset: Int) throws(URLRejection) -> UInt32? {
        if needed == 0 {
            sequenceStart = offset
            if byte < 0x80 { return UInt32(byte) }
            lowerBound = 0x80
            upperBound = 0xBF
            switch byte {
            case 0xC2...0xDF: needed = 1; scalar = UInt32(byte & 0x1F)
            case 0xE0: needed = 2; scalar = 0; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: needed = 2; scalar = UInt32(byte & 0x0F)
            case 0xED: needed = 2; scalar = 0x0D; upperBound = 0x9F
            case 0xF0: needed = 3; scalar = 0; lowerBound = 0x90
            case 0xF1...0xF3: needed = 3; scalar = UInt32(byte & 0x07)
            case 0xF4: needed = 3; scalar = 4; upperBound = 0x8F
            default: throw .invalidUTF8(offset: offset)
            }
            return nil
        }
        guard byte >= lowerBound, byte <= upperBound else { throw .invalidUTF8(offset: sequenceStart) }
        lowerBound = 0x80
        upperBound = 0xBF
        scalar = scalar << 6 | UInt32(byte & 0x3F)
        needed -= 1
        return needed == 0 ? scalar : nil
    }

    /// Whether the bytes so far end inside a sequence.
    var isInsideSequence: Bool { needed != 0 }

    /// Throws when the input ended inside a sequence.
    func finish() throws(URLRejection) {
        if needed != 0 { throw .invalidUTF8(offset: sequenceStart) }
    }
}
