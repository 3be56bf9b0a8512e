public import SchemeRouter
internal import Glibc

/// The parser's oracles: every rejection's offset lies inside the input (and its caret renders),
/// every accepted URL puts back together from its components byte for byte, and decoding any
/// component either succeeds or fails at a `%` inside the input.
public struct ParserOracle: Sendable {
    /// The parser's maximum length.
    public var maximumLength: Int
    /// Check decoding on every this-many-th accepted URL (routing decodes what it binds on every
    /// one, and reports its faults with offsets the route oracle checks).
    public var decodingInterval: Int
    private var accepted = 0

    /// Creates the oracle for a parser with this maximum length.
    public init(maximumLength: Int = URLParser.defaultMaximumLength, decodingInterval: Int = 4) {
        self.maximumLength = maximumLength
        self.decodingInterval = max(1, decodingInterval)
    }

    /// What the parser made of an input.
    public enum Verdict: Sendable {
        /// Accepted.
        case accepted(SchemeURL)
        /// Rejected.
        case rejected(URLRejection)
    }

    /// Parses `input` and checks the parser's oracles.
    public mutating func check(_ input: [UInt8]) -> (verdict: Verdict, failure: FuzzFailure?) {
        let url: SchemeURL
        do {
            url = try SchemeURL(bytes: input, maximumLength: maximumLength)
        } catch {
            return (.rejected(error), checkRejection(error, input: input))
        }
        return (.accepted(url), checkAccepted(url, input: input))
    }

    func checkRejection(_ rejection: URLRejection, input: [UInt8]) -> FuzzFailure? {
        let offset = rejection.offset
        let inside = input.isEmpty ? offset == 0 : (0..<input.count).contains(offset)
        if !inside {
            return FuzzFailure(
                .rejectionOffset, rejection.code,
                message: "rejection '\(rejection.code)' at byte \(offset) lies outside the \(input.count)-byte input")
        }
        return nil
    }

    mutating func checkAccepted(_ url: SchemeURL, input: [UInt8]) -> FuzzFailure? {
        if !Self.same(url.text, input) {
            return FuzzFailure(.reserialisation, "text", message: "the accepted URL's text differs from the input bytes")
        }
        if !Self.tiles(url.layout, input) {
            let rebuilt = Self.reserialise(url)
            return FuzzFailure(
                .reserialisation, Self.firstDifferingComponent(url),
                message: "components put back together give '\(rebuilt)', not the input")
        }
        accepted &+= 1
        return accepted % decodingInterval == 0 ? checkDecoding(url, input: input) : nil
    }

    /// Decodes every component with text decoding (and form decoding where a `+` makes it differ):
    /// a fault must name a `%` inside the input.
    func checkDecoding(_ url: SchemeURL, input: [UInt8]) -> FuzzFailure? {
        var parts = url.pathSegments
        if let query = url.query {
            parts.append(query)
            for item in url.queryItems {
                parts.append(item.name)
                if let value = item.value { parts.append(value) }
            }
        }
        if let fragment = url.fragment { parts.append(fragment) }
        if let userinfo = url.userinfo { parts.append(userinfo) }
        for part in parts where part.raw.utf8.contains(UInt8(ascii: "%")) {
            for decoding in [PercentDecoding.text, .form] {
                if decoding.plusAsSpace && !part.raw.utf8.contains(UInt8(ascii: "+")) { continue }
                do {
                    _ = try part.decoded(decoding)
                } catch {
                    let offset = error.offset
                    guard offset >= part.offset, offset < part.offset + part.raw.utf8.count, offset < input.count,
                        input[offset] == UInt8(ascii: "%")
                    else {
                        return FuzzFailure(
                            .rejectionOffset, "decoding:\(error.code)",
                            message: "decoding '\(part.raw)' (at byte \(part.offset)) failed with '\(error.code)' at byte \(offset), which is not a '%' of that part")
                    }
                }
            }
        }
        return nil
    }

    /// Whether the layout's components, with RFC 3986's delimiters between them, are the input byte
    /// for byte: ``reserialise(_:)`` without building a string (the components are views into the
    /// input, so what can differ is where they lie and which delimiters stand between them).
    static func tiles(_ layout: URLLayout, _ input: [UInt8]) -> Bool {
        func delimiter(_ byte: Character, at position: Int) -> Bool {
            position >= 0 && position < input.count && input[position] == byte.asciiValue!
        }
        guard layout.scheme.lowerBound == 0, delimiter(":", at: layout.scheme.upperBound) else { return false }
        var position = layout.scheme.upperBound + 1
        if let host = layout.host {
            guard delimiter("/", at: position), delimiter("/", at: position + 1) else { return false }
            position += 2
            if let userinfo = layout.userinfo {
                guard userinfo.lowerBound == position, delimiter("@", at: userinfo.upperBound) else { return false }
                position = userinfo.upperBound + 1
            }
            guard host.lowerBound == position else { return false }
            position = host.upperBound
            if let port = layout.port {
                guard delimiter(":", at: position), port.lowerBound == position + 1 else { return false }
                position = port.upperBound
            }
        } else if layout.userinfo != nil || layout.port != nil {
            return false
        }
        guard layout.path.lowerBound == position else { return false }
        position = layout.path.upperBound
        if let query = layout.query {
            guard delimiter("?", at: position), query.lowerBound == position + 1 else { return false }
            position = query.upperBound
        }
        if let fragment = layout.fragment {
            guard delimiter("#", at: position), fragment.lowerBound == position + 1 else { return false }
            position = fragment.upperBound
        }
        return position == input.count
    }

    /// Whether a string's UTF-8 is exactly `bytes` (compared as contiguous buffers).
    static func same(_ text: String, _ bytes: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            bytes.withUnsafeBufferPointer { buffer in
                utf8.count == buffer.count && (utf8.isEmpty || memcmp(utf8.baseAddress!, buffer.baseAddress!, utf8.count) == 0)
            }
        }
    }

    /// The URL rebuilt from its parsed components and the delimiters RFC 3986 puts between them.
    public static func reserialise(_ url: SchemeURL) -> String {
        var out = String(url.rawScheme.raw) + ":"
        if let host = url.host {
            out += "//"
            if let userinfo = url.userinfo { out += userinfo.raw + "@" }
            out += host.raw
            if let port = url.rawPort { out += ":" + port.raw }
        }
        out += url.path.raw
        if let query = url.query { out += "?" + query.raw }
        if let fragment = url.fragment { out += "#" + fragment.raw }
        return out
    }

    /// The first component whose offset disagrees with where it should start, to tell failures apart.
    static func firstDifferingComponent(_ url: SchemeURL) -> String {
        var expected = url.rawScheme.offset + url.rawScheme.raw.utf8.count + 1
        if let host = url.host {
            expected += 2
            if let userinfo = url.userinfo {
                if userinfo.offset != expected { return "userinfo" }
                expected += userinfo.raw.utf8.count + 1
            }
            if host.offset != expected { return "host" }
            expected += host.raw.utf8.count
            if let port = url.rawPort {
                if port.offset != expected + 1 { return "port" }
                expected += port.raw.utf8.count + 1
            }
        }
        if url.path.offset != expected { return "path" }
        expected += url.path.raw.utf8.count
        if let query = url.query {
            if query.offset != expected + 1 { return "query" }
            expected += query.raw.utf8.count + 1
        }
        if let fragment = url.fragment, fragment.offset != expected + 1 { return "fragment" }
        return "layout"
    }
}
