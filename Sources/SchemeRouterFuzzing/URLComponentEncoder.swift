/// Percent-encodes decoded text into one component of a URL, so a generated URL carries exactly the
/// value it was generated from (RFC 3986 §2.1, §3.3–3.5).
///
/// With a generator, it also varies the spelling the way senders do: sometimes an unreserved
/// character is encoded anyway, sometimes hex digits are lower case, and in form-decoded queries a
/// space is sometimes written `+`. Every spelling decodes to the same text.
enum URLComponentEncoder {
    /// Where the text goes; each place escapes a different set of delimiters.
    enum Place {
        /// One path segment: `/`, `?` and `#` must be escaped.
        case pathSegment
        /// A query key: `&`, `=` and `#` must be escaped (`+` too in form decoding).
        case queryKey(form: Bool)
        /// A query value: `&` and `#` must be escaped (`+` too in form decoding).
        case queryValue(form: Bool)
        /// The whole query, bound undivided: only `#` must be escaped (`+` too in form decoding).
        case rawQuery(form: Bool)
        /// The fragment: a second `#` must be escaped.
        case fragment
    }

    /// `ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// `sub-delims` (RFC 3986 §2.2) and the `:` and `@` a `pchar` adds.
    @inline(__always)
    static func isSubDelimiterOrColonOrAt(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
            UInt8(ascii: "@"):
            true
        default: false
        }
    }

    /// Whether `byte` may stand raw in `place`.
    static func isRaw(_ byte: UInt8, in place: Place) -> Bool {
        if isUnreserved(byte) { return true }
        let isSubDelimiter = isSubDelimiterOrColonOrAt(byte)
        switch place {
        case .pathSegment:
            return isSubDelimiter
        case .queryKey(let form):
            return (isSubDelimiter || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?"))
                && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "=") && !(form && byte == UInt8(ascii: "+"))
        case .queryValue(let form):
            return (isSubDelimiter || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?"))
                && byte != UInt8(ascii: "&") && !(form && byte == UInt8(ascii: "+"))
        case .rawQuery(let form):
            return (isSubDelimiter || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?"))
                && !(form && byte == UInt8(ascii: "+"))
        case .fragment:
            return isSubDelimiter || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
        }
    }

    /// The bytes ``isRaw(_:in:)`` allows in `place`, as a bit mask over 0–127 (bytes ≥ 128 are
    /// never raw): the same rule, precomputed, for the generator's inner loop. A test checks the
    /// two agree on every byte.
    @inline(__always)
    static func rawMask(_ place: Place) -> (low: UInt64, high: UInt64) {
        let high: UInt64 = 0x47FF_FFFE_87FF_FFFF
        switch place {
        case .pathSegment: return (0x2FFF_7FD2_0000_0000, high)
        case .queryKey(let form): return (form ? 0x8FFF_F792_0000_0000 : 0x8FFF_FF92_0000_0000, high)
        case .queryValue(let form): return (form ? 0xAFFF_F792_0000_0000 : 0xAFFF_FF92_0000_0000, high)
        case .rawQuery(let form): return (form ? 0xAFFF_F7D2_0000_0000 : 0xAFFF_FFD2_0000_0000, high)
        case .fragment: return (0xAFFF_FFD2_0000_0000, high)
        }
    }

    @inline(__always)
    static func isRaw(_ byte: UInt8, mask: (low: UInt64, high: UInt64)) -> Bool {
        byte < 64 ? (mask.low >> UInt64(byte)) & 1 == 1 : byte < 128 ? (mask.high >> UInt64(byte - 64)) & 1 == 1 : false
    }

    /// Encodes `text` canonically: upper-case hex, only what must be escaped.
    static func encode(_ text: String, for place: Place) -> [UInt8] {
        var out: [UInt8] = []
        append(Array(text.utf8), for: place, to: &out)
        return out
    }

    /// Appends the UTF-8 `text` canonically encoded.
    static func append(_ text: [UInt8], for place: Place, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + text.count)
        let mask = rawMask(place)
        for byte in text {
            if isRaw(byte, mask: mask) { out.append(byte) } else { appendEscape(byte, upper: true, to: &out) }
        }
    }

    /// Encodes `text` with a spelling chosen by `rng` (still decoding to `text`).
    static func encode(_ text: String, for place: Place, rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        append(Array(text.utf8), for: place, to: &out, rng: &rng)
        return out
    }

    /// Appends the UTF-8 `text` encoded with a spelling chosen by `rng` (still decoding to `text`).
    static func append(_ text: [UInt8], for place: Place, to out: inout [UInt8], rng: inout SplitMix64) {
        guard rng.chance(25) else { return append(text, for: place, to: &out) }
        let upper = rng.chance(50)
        let overEncode = rng.below(4)
        var plusForSpace = false
        switch place {
        case .queryKey(let form), .queryValue(let form), .rawQuery(let form): plusForSpace = form && rng.chance(70)
        default: break
        }
        let mask = rawMask(place)
        for byte in text {
            if plusForSpace && byte == 0x20 {
                out.append(UInt8(ascii: "+"))
            } else if isRaw(byte, mask: mask) && !(overEncode == 0 && rng.chance(20)) {
                out.append(byte)
            } else {
                appendEscape(byte, upper: upper, to: &out)
            }
        }
    }

    private static let upperDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
    private static let lowerDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendEscape(_ byte: UInt8, upper: Bool, to out: inout [UInt8]) {
        let digits = upper ? upperDigits : lowerDigits
        out.append(UInt8(ascii: "%"))
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0xF)])
    }
}
