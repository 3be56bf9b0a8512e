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

    private static let unreserved: [Bool] = table("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static let subDelimiters: [Bool] = table("!$&'()*+,;=:@")

    private static func table(_ characters: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in characters.utf8 { table[Int(byte)] = true }
        return table
    }

    /// Whether `byte` may stand raw in `place`.
    static func isRaw(_ byte: UInt8, in place: Place) -> Bool {
        if unreserved[Int(byte)] { return true }
        let isSubDelimiter = subDelimiters[Int(byte)]
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

    /// Encodes `text` canonically: upper-case hex, only what must be escaped.
    static func encode(_ text: String, for place: Place) -> [UInt8] {
        var out: [UInt8] = []
        append(Array(text.utf8), for: place, to: &out)
        return out
    }

    /// Appends the UTF-8 `text` canonically encoded.
    static func append(_ text: [UInt8], for place: Place, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + text.count)
        for byte in text {
            if isRaw(byte, in: place) { out.append(byte) } else { appendEscape(byte, upper: true, to: &out) }
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
        for byte in text {
            if plusForSpace && byte == 0x20 {
                out.append(UInt8(ascii: "+"))
            } else if isRaw(byte, in: place) && !(overEncode == 0 && rng.chance(20)) {
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
