import PropertyBased

@testable import SchemeRouter

/// Generators for the parser's property tests: raw bytes (uniform and biased toward URL syntax),
/// valid URLs built from RFC 3986's grammar with the ranges each component must get, and
/// mutations of valid URLs (the inputs that reach deepest into the parser).
enum URLGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let alpha = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    static let digit = Array("0123456789".utf8)
    static let hexDigit = Array("0123456789abcdefABCDEF".utf8)
    static let unreserved = alpha + digit + Array("-._~".utf8)
    static let subDelims = Array("!$&'()*+,;=".utf8)
    static let pchar = unreserved + subDelims + Array(":@".utf8)
    static let queryChar = pchar + Array("/?".utf8)
    static let schemeChar = alpha + digit + Array("+-.".utf8)
    /// Everything that may appear raw somewhere in a URL, plus `%`.
    static let urlAlphabet = unreserved + subDelims + Array(":/?#[]@%".utf8)
    /// Bytes at the edges of the grammar.
    static let interesting = Array("%:/?#[]@!$&'()*+,;= ".utf8) + [0x00, 0x7F, 0x80, 0xFF]

    // MARK: - Raw bytes

    /// Uniform bytes, 0…300 of them (shrinks toward shorter inputs and smaller bytes).
    static let anyBytes = Gen<UInt8>.value(in: 0...255).array(of: 0...300)

    /// Mostly URL-alphabet bytes, sometimes any byte; often starting with a plausible `scheme:` or `scheme://`.
    static let urlishBytes = Generator { (rng: inout RNG) -> [UInt8] in
        var bytes: [UInt8] = []
        if chance(0.7, &rng) {
            bytes += run(schemeChar, 1...6, escapes: false, &rng) + Array(":".utf8)
            if chance(0.6, &rng) { bytes += Array("//".utf8) }
        }
        for _ in 0..<Int.random(in: 0...300 - bytes.count, using: &rng) {
            bytes.append(chance(0.9, &rng) ? pick(urlAlphabet, &rng) : UInt8.random(in: 0...255, using: &rng))
        }
        return bytes
    }

    /// Bytes drawn only from ``interesting`` and a few letters, after a scheme most of the time.
    static let interestingBytes = Generator { (rng: inout RNG) -> [UInt8] in
        var bytes: [UInt8] = chance(0.8, &rng) ? Array("s:".utf8) : []
        let pool = interesting + Array("a1F".utf8)
        for _ in 0..<Int.random(in: 0...300 - bytes.count, using: &rng) {
            bytes.append(pick(pool, &rng))
        }
        return bytes
    }

    /// A valid URL with one to three random edits (insert, delete, replace, duplicate a slice).
    static let mutatedURLs = Generator { (rng: inout RNG) -> [UInt8] in
        var bytes = validURL(&rng).text
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let position = Int.random(in: 0...bytes.count, using: &rng)
            let byte = chance(0.7, &rng) ? pick(interesting, &rng) : UInt8.random(in: 0...255, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                bytes.insert(byte, at: position)
            case 1 where position < bytes.count:
                bytes.remove(at: position)
            case 2 where position < bytes.count:
                bytes[position] = byte
            default:
                let end = Int.random(in: position...min(bytes.count, position + 8), using: &rng)
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            }
        }
        return Array(bytes.prefix(300))
    }

    // MARK: - Valid URLs

    /// A URL generated from RFC 3986's `URI` rule, and where each component must be found.
    struct ValidURL: Sendable, CustomStringConvertible {
        var text: [UInt8] = []
        var scheme: Range<Int> = 0..<0
        var userinfo: Range<Int>?
        var host: Range<Int>?
        var hostKind: URLLayout.HostKind?
        var port: Range<Int>?
        var portNumber: UInt16?
        var path: Range<Int> = 0..<0
        var query: Range<Int>?
        var fragment: Range<Int>?

        var description: String { String(decoding: text, as: UTF8.self) }

        /// Appends `bytes` and returns the range they occupy.
        mutating func append(_ bytes: [UInt8]) -> Range<Int> {
            let start = text.count
            text += bytes
            return start..<text.count
        }

        mutating func append(_ string: String) {
            text += Array(string.utf8)
        }
    }

    static let validURLs = Generator { (rng: inout RNG) in validURL(&rng) }

    /// A valid URL and an offset at which inserting any byte makes that byte the first fault
    /// (not inside a `%XX` escape, whose `%` would fail first).
    static let validURLAndInsertionPoint = Generator { (rng: inout RNG) -> (ValidURL, Int, UInt8) in
        let url = validURL(&rng)
        let bytes = url.text
        let candidates = (0...bytes.count).filter { offset in
            !(offset >= 1 && bytes[offset - 1] == UInt8(ascii: "%"))
                && !(offset >= 2 && bytes[offset - 2] == UInt8(ascii: "%"))
        }
        let forbidden = PropertyTests.universallyForbidden
        return (url, candidates.randomElement(using: &rng)!, pick(forbidden, &rng))
    }

    static func validURL(_ rng: inout RNG) -> ValidURL {
        var url = ValidURL()
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        url.scheme = url.append([pick(alpha, &rng)] + run(schemeChar, 0...7, escapes: false, &rng))
        url.append(":")
        let hasAuthority = chance(0.7, &rng)
        if hasAuthority {
            url.append("//")
            if chance(0.3, &rng) {
                url.userinfo = url.append(run(unreserved + subDelims + Array(":".utf8), 0...8, &rng))
                url.append("@")
            }
            let (host, kind) = self.host(&rng)
            url.host = url.append(host)
            url.hostKind = kind
            if chance(0.4, &rng) {
                url.append(":")
                if chance(0.9, &rng) {
                    let value = Int.random(in: 0...65535, using: &rng)
                    let zeros = chance(0.1, &rng) ? String(repeating: "0", count: Int.random(in: 1...3, using: &rng)) : ""
                    url.port = url.append(Array((zeros + String(value)).utf8))
                    url.portNumber = UInt16(value)
                } else {
                    url.port = url.append([])
                }
            }
        }
        url.path = url.append(path(hasAuthority: hasAuthority, &rng))
        if chance(0.5, &rng) {
            url.append("?")
            url.query = url.append(run(queryChar, 0...12, &rng))
        }
        if chance(0.4, &rng) {
            url.append("#")
            url.fragment = url.append(run(queryChar, 0...12, &rng))
        }
        return url
    }

    static func host(_ rng: inout RNG) -> ([UInt8], URLLayout.HostKind) {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4:
            let name = run(unreserved + subDelims, 0...12, &rng)
            let kind: URLLayout.HostKind =
                URLParser.isIPv4Address(String(decoding: name, as: UTF8.self)) ? .ipv4 : .registeredName
            return (name, kind)
        case 4..<6:
            return (Array(ipv4(&rng).utf8), .ipv4)
        case 6..<9:
            return (Array("[\(ipv6(&rng))]".utf8), .ipv6)
        default:
            // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
            let version = run(hexDigit, 1...3, escapes: false, &rng)
            let address = run(unreserved + subDelims + Array(":".utf8), 1...8, escapes: false, &rng)
            return (Array("[".utf8) + [pick(Array("vV".utf8), &rng)] + version + Array(".".utf8) + address + Array("]".utf8), .ipvFuture)
        }
    }

    static func ipv4(_ rng: inout RNG) -> String {
        (0..<4).map { _ in String(Int.random(in: 0...255, using: &rng)) }.joined(separator: ".")
    }

    /// Eight 16-bit pieces (the last two possibly written as IPv4), with an optional run of one
    /// or more pieces replaced by `::`: every form RFC 3986's `IPv6address` allows.
    static func ipv6(_ rng: inout RNG) -> String {
        let embedsIPv4 = chance(0.25, &rng)
        var pieces: [String] = (0..<(embedsIPv4 ? 6 : 8)).map { _ in
            String(decoding: run(hexDigit, 1...4, escapes: false, &rng), as: UTF8.self)
        }
        let tail = embedsIPv4 ? ipv4(&rng) : nil
        // `::` may stand for any run of h16 pieces (never part of the IPv4 tail).
        if chance(0.6, &rng) {
            let start = Int.random(in: 0...pieces.count - 1, using: &rng)
            let length = Int.random(in: 1...pieces.count - start, using: &rng)
            let left = pieces[..<start].joined(separator: ":")
            var right = Array(pieces[(start + length)...])
            if let tail { right.append(tail) }
            return left + "::" + right.joined(separator: ":")
        }
        if let tail { pieces.append(tail) }
        return pieces.joined(separator: ":")
    }

    static func path(hasAuthority: Bool, _ rng: inout RNG) -> [UInt8] {
        let segments = { (count: ClosedRange<Int>, rng: inout RNG) -> [UInt8] in
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: count, using: &rng) { bytes += Array("/".utf8) + run(pchar, 0...6, &rng) }
            return bytes
        }
        if hasAuthority {
            // path-abempty = *( "/" segment )
            return segments(0...4, &rng)
        }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            // path-empty
            return []
        case 1:
            // path-absolute = "/" [ segment-nz *( "/" segment ) ]
            if chance(0.2, &rng) { return Array("/".utf8) }
            return Array("/".utf8) + run(pchar, 1...6, &rng) + segments(0...3, &rng)
        default:
            // path-rootless = segment-nz *( "/" segment )
            return run(pchar, 1...6, &rng) + segments(0...3, &rng)
        }
    }

    // MARK: - Helpers

    static func pick(_ set: [UInt8], _ rng: inout RNG) -> UInt8 {
        set[Int.random(in: 0..<set.count, using: &rng)]
    }

    static func chance(_ probability: Double, _ rng: inout RNG) -> Bool {
        Double.random(in: 0..<1, using: &rng) < probability
    }

    /// `length` items, each a byte of `allowed` or (when `escapes`, one time in ten) a `%XX` escape.
    static func run(_ allowed: [UInt8], _ length: ClosedRange<Int>, escapes: Bool = true, _ rng: inout RNG) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: length, using: &rng) {
            if escapes && chance(0.1, &rng) {
                bytes += [UInt8(ascii: "%"), pick(hexDigit, &rng), pick(hexDigit, &rng)]
            } else {
                bytes.append(pick(allowed, &rng))
            }
        }
        return bytes
    }
}
