/// Percent-decoding of URL text into valid Unicode.
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
    ///
    /// `raw` must come from a validated URL (every `%` opens a valid escape; all bytes ASCII).
    /// - Throws: ``URLRejection/invalidUTF8(offset:)`` or ``URLRejection/decodedControlCharacter(offset:scalar:)``.
    public func decode(_ raw: Substring, offset: Int) throws(URLRejection) -> String {
        // The fast decoder answers "text or not"; only a refusal (or an unusual part) takes the
        // precise one, for the fault and its offset. (Both agree: see the differential property tests.)
        let fast = raw.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            if !needsWork(bytes) { return String(decoding: bytes, as: UTF8.self) }
            guard !allowsControlCharacters, Self.isValidatedURLText(bytes) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output -> String? in
                guard let (count, _) = FastText.decode(bytes, plusAsSpace: plusAsSpace, into: output.baseAddress!) else { return nil }
                return String(decoding: UnsafeBufferPointer(start: output.baseAddress, count: count), as: UTF8.self)
            }
        }
        if let fast, let fast { return fast }
        let bytes = Array(raw.utf8)
        return try bytes.withUnsafeBufferPointer { bytes throws(URLRejection) -> String in
            if !needsWork(bytes) { return String(decoding: bytes, as: UTF8.self) }
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output throws(URLRejection) -> String in
                let count = try decodePrecisely(bytes, offset: offset, into: output.baseAddress!)
                return String(decoding: UnsafeBufferPointer(start: output.baseAddress, count: count), as: UTF8.self)
            }
        }
    }

    /// Whether `bytes` are what the fast decoder expects: printable ASCII where every `%` opens two
    /// hexadecimal digits (as in any accepted URL; a part made by hand may hold anything).
    @inline(__always)
    static func isValidatedURLText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < count, FastText.isHexDigit(bytes[index + 1]), FastText.isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
            } else {
                guard byte > 0x20 && byte < 0x7F else { return false }
                index += 1
            }
        }
        return true
    }

    /// Decodes `bytes[range]` of a validated URL without allocating: the bytes themselves when there
    /// is nothing to decode, else the decoded bytes, written to `scratch` at the same offsets (so
    /// every component of one URL can be decoded into one scratch buffer as long as the URL).
    /// - Throws: ``URLRejection`` with the absolute offset of the fault.
    func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, scratch: UnsafeMutableBufferPointer<UInt8>
    ) throws(URLRejection) -> UnsafeBufferPointer<UInt8> {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard needsWork(raw) else { return raw }
        let output = scratch.baseAddress! + range.lowerBound
        let count = try decodePrecisely(raw, offset: range.lowerBound, into: output)
        return UnsafeBufferPointer(start: output, count: count)
    }

    /// Whether decoding changes anything: a `%`, or a `+` under form decoding.
    @inline(__always)
    func needsWork(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in raw where byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
            return true
        }
        return false
    }

    /// Decodes validated bytes whose first stands at URL offset `offset` into `output` (room for
    /// `raw.count` bytes); returns how many bytes were written. The reference decoder: byte by
    /// byte through a UTF-8 validator, so a fault is found with its offset.
    func decodePrecisely(_ raw: UnsafeBufferPointer<UInt8>, offset: Int, into output: UnsafeMutablePointer<UInt8>) throws(URLRejection) -> Int {
        var validator = UTF8Validator()
        var index = 0
        var written = 0
        while index < raw.count {
            let byte = raw[index]
            let decoded: UInt8
            let width: Int
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = CharacterClass.hexValue(raw[index + 1]),
                    let low = CharacterClass.hexValue(raw[index + 2])
                else { throw .invalidPercentEncoding(offset: offset + index) }
                decoded = high << 4 | low
                width = 3
            } else {
                decoded = plusAsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte
                width = 1
            }
            if let scalar = try validator.feed(decoded, at: offset + index),
                !allowsControlCharacters, scalar < 0x20 || (scalar >= 0x7F && scalar <= 0x9F)
            {
                throw .decodedControlCharacter(offset: validator.sequenceStart, scalar: scalar)
            }
            output[written] = decoded
            written += 1
            index += width
        }
        try validator.finish()
        return written
    }
}

/// A strict UTF-8 validator fed one byte at a time (Unicode Table 3-7, well-formed byte sequences).
struct UTF8Validator {
    private var needed = 0
    private var scalar: UInt32 = 0
    private var lowerBound: UInt8 = 0x80
    private var upperBound: UInt8 = 0xBF
    /// The offset of the `%` (or byte) that started the current sequence.
    private(set) var sequenceStart = 0

    /// Feeds one decoded byte found at `offset`; returns the scalar when one completes.
    mutating func feed(_ byte: UInt8, at offset: Int) throws(URLRejection) -> UInt32? {
        if needed == 0 {
            sequenceStart = offset
            lowerBound = 0x80
            upperBound = 0xBF
            switch byte {
            case 0x00...0x7F: return UInt32(byte)
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

    /// Throws when the input ended inside a sequence.
    func finish() throws(URLRejection) {
        if needed != 0 { throw .invalidUTF8(offset: sequenceStart) }
    }
}
