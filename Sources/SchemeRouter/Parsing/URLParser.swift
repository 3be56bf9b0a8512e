/// The strict RFC 3986 parser for incoming URLs.
///
/// It accepts exactly the `URI` production of RFC 3986 §3 (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`)
/// over raw bytes, reads every byte once, copies nothing and allocates nothing, and either returns a
/// ``URLLayout`` or throws the ``URLRejection`` for the first byte that breaks a rule.
///
/// Policy, in short (the DocC article *Parse Policy* and the README give every rule with an example):
/// - the input must have a scheme; relative references are rejected;
/// - raw space, control characters, NUL, non-ASCII and `"<>\^`{|}` are rejected wherever they stand;
/// - `%` must open a two-hex-digit escape; a second `#` is rejected;
/// - hosts are reg-names, IPv4 addresses or bracketed IPv6/IPvFuture literals; ports are digits ≤ 65535;
/// - nothing is normalised: the input is kept byte for byte.
public enum URLParser {
    /// The default maximum length of an incoming URL: 16 KiB.
    ///
    /// Twice the 8 KiB request-line limit of common HTTP servers (nginx, Apache), so every deep link a
    /// web page can hand over fits, while the wake channel's frames and each URL's work stay small and
    /// bounded. Raise it per call with `maximumLength` (the wake protocol caps frames at 64 KiB; no
    /// input can be longer than ``URLLayout/maximumInputLength``, 2 GiB − 1).
    public static let defaultMaximumLength = 16 * 1024

    /// Validates a URL given as UTF-8 bytes and returns where its components lie.
    ///
    /// - Parameters:
    ///   - bytes: the URL's bytes, exactly as received.
    ///   - maximumLength: the longest input accepted, in bytes. Input longer than
    ///     ``URLLayout/maximumInputLength`` (2 GiB − 1, what a layout's 32-bit offsets hold) is
    ///     rejected whatever this says.
    /// - Throws: ``URLRejection`` naming the first fault and its byte offset.
    public static func validate(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumLength: Int = defaultMaximumLength
    ) throws(URLRejection) -> URLLayout {
        var layout = URLLayout()
        var parser = Grammar(bytes: bytes)
        try parser.parse(maximumLength: maximumLength, into: &layout)
        return layout
    }

    /// Validates a URL given as a string; see ``validate(_:maximumLength:)-(UnsafeBufferPointer<UInt8>,_)``.
    ///
    /// For a native Swift string this reads the string's own storage: no copy, no allocation.
    public static func validate(
        _ string: String, maximumLength: Int = defaultMaximumLength
    ) throws(URLRejection) -> URLLayout {
        try string.utf8.span.withUnsafeBufferPointer { bytes throws(URLRejection) in
            try validate(bytes, maximumLength: maximumLength)
        }
    }

    /// Whether `text` is an RFC 3986 `IPv4address` (dotted decimal, no leading zeros).
    public static func isIPv4Address(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { IPAddressGrammar.isIPv4($0, 0..<$0.count) }
    }

    /// Whether `text` is an RFC 3986 `IPv6address` (without brackets).
    public static func isIPv6Address(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { IPAddressGrammar.ipv6Fault($0, 0..<$0.count) == nil }
    }
}

/// One pass over the input, left to right.
private struct Grammar {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The class table, read once per parse (each global read is a lazy-initialisation check).
    let table = CharacterClass.table

    /// Parses the input into `layout` (empty on entry).
    mutating func parse(maximumLength: Int, into layout: inout URLLayout) throws(URLRejection) {
        let count = bytes.count
        guard count > 0 else { throw .empty }
        let maximum = min(maximumLength, URLLayout.maximumInputLength)
        guard count <= maximum else { throw .tooLong(length: count, maximum: maximum) }

        let schemeEnd = try scheme()
        layout.schemeEnd = UInt32(truncatingIfNeeded: schemeEnd)
        var index = schemeEnd + 1

        if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index = try authority(from: index + 2, into: &layout)
        }

        let pathStart = index
        index = try scan(from: index, allowed: CharacterClass.pathMask, component: .path, stopAtQuestion: true)
        layout.pathStart = UInt32(truncatingIfNeeded: pathStart)
        layout.pathEnd = UInt32(truncatingIfNeeded: index)

        if index < count, bytes[index] == UInt8(ascii: "?") {
            let start = index + 1
            index = try scan(from: start, allowed: CharacterClass.queryMask, component: .query, stopAtQuestion: false)
            layout.flags |= URLLayout.Flags.query
        }
        layout.queryEnd = UInt32(truncatingIfNeeded: index)
        if index < count {
            // Only '#' stops the query scan before the end.
            let start = index + 1
            index = try scan(from: start, allowed: CharacterClass.queryMask, component: .fragment, stopAtQuestion: false)
            if index < count { throw .multipleFragments(offset: index) }
            layout.flags |= URLLayout.Flags.fragment
        }
        layout.fragmentEnd = UInt32(truncatingIfNeeded: index)
    }

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, then `:`. Returns the offset of the `:`.
    func scheme() throws(URLRejection) -> Int {
        let first = bytes[0]
        if table[Int(first)] & CharacterClass.alpha == 0 {
            if let universal = Self.universalFault(first, at: 0) { throw universal }
            if !colonEndsFirstSegment(from: 0) { throw .missingScheme(offset: 0) }
            throw .invalidSchemeStart(offset: 0, byte: first)
        }
        if bytes.count >= 16, let base = bytes.baseAddress {
            // The common case, a scheme of up to 15 bytes and its `:`, in one vector.
            let stop = ByteVector.firstUnmarked(ByteVector.schemeCharacters(ByteVector.load(base)))
            if stop < 16 && base[stop] == UInt8(ascii: ":") { return stop }
        }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if table[Int(byte)] & CharacterClass.scheme != 0 {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ":") { return index }
            if let universal = Self.universalFault(byte, at: index) { throw universal }
            if !colonEndsFirstSegment(from: index) { throw .missingScheme(offset: 0) }
            throw .invalidSchemeCharacter(offset: index, byte: byte)
        }
        throw .missingScheme(offset: 0)
    }

    /// Whether a `:` comes before the first `/`, `?`, `#` or the end, from `start` on. Without one the input
    /// reads as a relative reference (`g;x`, `./g`, `%2F`, RFC 3986 §4.2), whose fault is the missing scheme,
    /// not the byte that cannot stand in one. Runs only on the way to a rejection.
    func colonEndsFirstSegment(from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ":"): return true
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return false
            default: index += 1
            }
        }
        return false
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`, ending at the first `/`, `?`, `#` or the end.
    ///
    /// The common authority, a host of letters, digits and `&'()*+,-.;=` alone, is read a word at a
    /// time; any other (userinfo, port, escape, IP literal, rarer byte, fault) is read by
    /// ``authorityPrecisely(from:into:)`` from the start.
    @inline(__always)
    func authority(from start: Int, into layout: inout URLLayout) throws(URLRejection) -> Int {
        let end = skipMarked(from: start, by: ByteWord.surelyRegName)
        if end < bytes.count {
            let byte = bytes[end]
            guard byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") else {
                return try authorityPrecisely(from: start, into: &layout)
            }
        }
        // Only a host starting with a digit can be an IPv4 address.
        let ipv4 = end > start && bytes[start] &- UInt8(ascii: "0") < 10 && IPAddressGrammar.isIPv4(bytes, start..<end)
        layout.flags |= ipv4 ? URLLayout.Flags.ipv4 : URLLayout.Flags.registeredName
        layout.hostStart = UInt32(truncatingIfNeeded: start)
        layout.hostEnd = UInt32(truncatingIfNeeded: end)
        return end
    }

    /// ``authority(from:into:)`` byte by byte: userinfo, IP literals, ports, escapes, and the first fault.
    func authorityPrecisely(from start: Int, into layout: inout URLLayout) throws(URLRejection) -> Int {
        var end = start
        var at: Int? = nil
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") && at == nil { at = end }
            end += 1
        }
        var hostStart = start
        if let at {
            try checkRun(start..<at, allowed: CharacterClass.userinfoMask, component: .userinfo)
            layout.flags |= URLLayout.Flags.userinfo
            hostStart = at + 1
        }

        var hostEnd: Int
        if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
            var close = hostStart + 1
            while close < end, bytes[close] != UInt8(ascii: "]") { close += 1 }
            guard close < end else {
                // Report a raw bad byte inside first: it explains more than "unclosed".
                try checkLiteralBytes(hostStart + 1..<end)
                throw .invalidIPLiteral(offset: hostStart)
            }
            let inner = hostStart + 1..<close
            try checkLiteralBytes(inner)
            if inner.lowerBound < close, bytes[inner.lowerBound] | 0x20 == UInt8(ascii: "v") {
                if let fault = IPAddressGrammar.ipFutureFault(bytes, inner) { throw .invalidIPLiteral(offset: fault) }
                layout.flags |= URLLayout.Flags.ipvFuture
            } else {
                if let fault = IPAddressGrammar.ipv6Fault(bytes, inner) { throw .invalidIPLiteral(offset: fault) }
                layout.flags |= URLLayout.Flags.ipv6
            }
            hostEnd = close + 1
            if hostEnd < end, bytes[hostEnd] != UInt8(ascii: ":") {
                let byte = bytes[hostEnd]
                throw Self.universalFault(byte, at: hostEnd)
                    ?? .unexpectedCharacter(offset: hostEnd, byte: byte, component: .host)
            }
        } else {
            hostEnd = hostStart
            while hostEnd < end {
                let byte = bytes[hostEnd]
                if byte == UInt8(ascii: ":") { break }
                if table[Int(byte)] & CharacterClass.regNameMask != 0 {
                    hostEnd += 1
                } else if byte == UInt8(ascii: "%") {
                    try checkEscape(at: hostEnd)
                    hostEnd += 3
                } else {
                    throw Self.universalFault(byte, at: hostEnd)
                        ?? .unexpectedCharacter(offset: hostEnd, byte: byte, component: .host)
                }
            }
            layout.flags |=
                IPAddressGrammar.isIPv4(bytes, hostStart..<hostEnd) ? URLLayout.Flags.ipv4 : URLLayout.Flags.registeredName
        }
        layout.hostStart = UInt32(truncatingIfNeeded: hostStart)
        layout.hostEnd = UInt32(truncatingIfNeeded: hostEnd)

        if hostEnd < end {
            // bytes[hostEnd] == ":"
            let portStart = hostEnd + 1
            var value = 0
            var index = portStart
            while index < end {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    throw Self.universalFault(byte, at: index) ?? .invalidPort(offset: index, byte: byte)
                }
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1 << 20)
                index += 1
            }
            guard value <= 65535 else { throw .portOutOfRange(offset: portStart) }
            layout.flags |= URLLayout.Flags.port
            layout.portValue = UInt16(truncatingIfNeeded: value)
        }
        return end
    }

    /// Rejects raw bytes inside brackets that no IP literal can hold, with their own precise case.
    func checkLiteralBytes(_ range: Range<Int>) throws(URLRejection) {
        for index in range {
            if let fault = Self.universalFault(bytes[index], at: index) { throw fault }
        }
    }

    /// Checks that every byte of `range` may stand in `component`.
    func checkRun(_ range: Range<Int>, allowed: UInt16, component: URLComponentKind) throws(URLRejection) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if table[Int(byte)] & allowed != 0 {
                index += 1
            } else if byte == UInt8(ascii: "%") {
                try checkEscape(at: index)
                index += 3
            } else {
                throw Self.fault(byte, at: index, in: component)
            }
        }
    }

    /// Scans a path, query or fragment from `start` to its end; returns the offset of the delimiter that ended it
    /// (`?` or `#` for a path, `#` for a query, the end for a fragment), or the input's end.
    ///
    /// Sixteen, then eight bytes at a time: ``ByteVector/surelyPlain(_:)`` and
    /// ``ByteWord/surelyPlain(_:)`` mark the letters, digits and common punctuation with a few
    /// vector or arithmetic operations, and a vector or word of those and of valid escapes passes at
    /// once (``skipPlain(from:)``); else the scan jumps straight to the first other byte and looks
    /// at it alone (a delimiter, a fault, or a rarer plain byte such as `~`).
    @inline(__always)
    func scan(from start: Int, allowed: UInt16, component: URLComponentKind, stopAtQuestion: Bool) throws(URLRejection) -> Int {
        var index = start
        let count = bytes.count
        guard let base = bytes.baseAddress else { return index }
        while true {
            index = skipPlain(from: index)
            if index == count { return count }
            let byte = base[index]
            if table[Int(byte)] & allowed != 0 {
                index &+= 1
            } else if byte == UInt8(ascii: "%") {
                try checkEscape(at: index)
                index &+= 3
            } else if byte == UInt8(ascii: "#") {
                if component == .fragment { throw .multipleFragments(offset: index) }
                return index
            } else if byte == UInt8(ascii: "?") && stopAtQuestion {
                return index
            } else {
                throw Self.fault(byte, at: index, in: component)
            }
        }
    }

    /// The offset of the first byte from `start` on that is neither surely plain
    /// (``ByteWord/surelyPlain(_:)``) nor the `%` of an escape (`%` and two hexadecimal digits),
    /// or the input's end: escapes, frequent in deep links, pass without leaving the loops.
    /// Sixteen bytes a step while eighteen remain, then eight while ten remain; the digits of
    /// escapes are read as the vectors or words one and two bytes further on; the last bytes are
    /// left to ``skipMarked(from:by:)``.
    @inline(__always)
    func skipPlain(from start: Int) -> Int {
        var index = start
        let count = bytes.count
        guard let base = bytes.baseAddress else { return index }
        // Sixteen bytes at a time while the two after them can be read, then eight.
        while index &+ 18 <= count {
            let vector = ByteVector.load(base + index)
            let plain = ByteVector.surelyPlain(vector)
                .| (ByteVector.percentSigns(vector) .& ByteVector.hexDigits(ByteVector.load(base + (index &+ 1)))
                    .& ByteVector.hexDigits(ByteVector.load(base + (index &+ 2))))
            // Tested as a whole first: `firstUnmarked(plain) < 16` costs more (Docs/Performance.md).
            if !ByteVector.allMarked(plain) { return index &+ ByteVector.firstUnmarked(plain) }
            index &+= 16
        }
        while index &+ 10 <= count {
            let word = ByteWord.load(base + index)
            // Escapes are looked for in every word, without a branch: whether a word holds one
            // follows no pattern the processor could predict.
            let other = ~ByteWord.surelyPlain(word) & ByteWord.high
            let escapes = ByteWord.percentSigns(word)
                & ByteWord.hexDigits(ByteWord.load(base + (index &+ 1))) & ByteWord.hexDigits(ByteWord.load(base + (index &+ 2)))
            let stop = other & ~escapes
            if stop != 0 { return index &+ stop.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        return skipMarked(from: index, by: ByteWord.surelyPlain)
    }

    /// The offset of the first byte from `start` on that `marks` does not mark, or the input's end.
    ///
    /// Reads a word at a time; the last bytes are read as the input's last word (the bytes before
    /// `start` shift out, and the ones after the end count as marked), and an input shorter than a
    /// word is copied into one.
    @inline(__always)
    func skipMarked(from start: Int, by marks: (UInt64) -> UInt64) -> Int {
        var index = start
        let count = bytes.count
        guard let base = bytes.baseAddress else { return index }
        while index &+ 8 <= count {
            let other = ~marks(ByteWord.load(base + index)) & ByteWord.high
            if other != 0 { return index &+ other.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        guard index < count else { return count }
        let other: UInt64
        if count >= 8 {
            let skip = index &- (count &- 8)
            other = (~marks(ByteWord.load(base + (count &- 8))) & ByteWord.high) &>> (skip &<< 3)
        } else {
            var word: UInt64 = 0
            for offset in 0..<(count &- index) { word |= UInt64(base[index &+ offset]) &<< (offset &<< 3) }
            other = ~marks(word) & ByteWord.high & (ByteWord.high &>> ((8 &- (count &- index)) &<< 3))
        }
        return other == 0 ? count : index &+ other.trailingZeroBitCount &>> 3
    }

    @inline(__always)
    func checkEscape(at index: Int) throws(URLRejection) {
        guard index + 2 < bytes.count,
            table[Int(bytes[index + 1])] & CharacterClass.hex != 0,
            table[Int(bytes[index + 2])] & CharacterClass.hex != 0
        else { throw .invalidPercentEncoding(offset: index) }
    }

    /// The rejection for a byte that may not stand in `component`.
    static func fault(_ byte: UInt8, at index: Int, in component: URLComponentKind) -> URLRejection {
        universalFault(byte, at: index) ?? .unexpectedCharacter(offset: index, byte: byte, component: component)
    }

    /// The rejection for bytes that are wrong anywhere in a URL, or `nil` for a byte that is only wrong in context.
    static func universalFault(_ byte: UInt8, at index: Int) -> URLRejection? {
        switch byte {
        case 0: return .nulByte(offset: index)
        case 0x01...0x1F, 0x7F: return .controlCharacter(offset: index, byte: byte)
        case 0x20: return .space(offset: index)
        case 0x80...0xFF: return .nonASCII(offset: index, byte: byte)
        default:
            return CharacterClass.isAlwaysDisallowed(byte) ? .disallowedCharacter(offset: index, byte: byte) : nil
        }
    }
}
