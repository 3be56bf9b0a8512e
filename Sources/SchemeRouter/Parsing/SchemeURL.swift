/// A URL that passed the strict RFC 3986 parser, with views into its text for every component.
///
/// The text is kept byte for byte as received (an accepted URL is always ASCII). Components are
/// ``URLPart`` views that percent-decode on demand.
///
/// ```swift
/// let url = try SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300")
/// url.scheme                  // "todolist"
/// try url.query?.decoded()    // "Quarterly Report"
/// url.fragment?.raw           // "200806231300"
/// ```
public struct SchemeURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL exactly as received.
    public let text: String
    /// Where each component lies in ``text``.
    public let layout: URLLayout

    /// Parses and validates `string`.
    /// - Throws: ``URLRejection`` naming the first fault and its byte offset.
    public init(_ string: String, maximumLength: Int = URLParser.defaultMaximumLength) throws(URLRejection) {
        self.layout = try URLParser.validate(string, maximumLength: maximumLength)
        self.text = string
    }

    /// A URL whose `layout` the parser made from `text`.
    init(text: String, layout: URLLayout) {
        self.text = text
        self.layout = layout
    }

    /// A URL the parser already accepted (a `url` parameter's value).
    init(validated bytes: UnsafeBufferPointer<UInt8>) {
        do throws(URLRejection) {
            self.init(text: StringList.string(bytes), layout: try URLParser.validate(bytes))
        } catch {
            preconditionFailure("a validated URL is rejected: \(error)")
        }
    }

    /// Parses and validates raw bytes (for example one `argv` element, which may not be valid UTF-8).
    /// - Throws: ``URLRejection`` naming the first fault and its byte offset.
    public init(bytes: some Collection<UInt8>, maximumLength: Int = URLParser.defaultMaximumLength) throws(URLRejection) {
        let array = Array(bytes)
        self.layout = try array.withUnsafeBufferPointer { buffer throws(URLRejection) in
            try URLParser.validate(buffer, maximumLength: maximumLength)
        }
        // Accepted input is ASCII, so this conversion is exact.
        self.text = String(decoding: array, as: UTF8.self)
    }

    private func part(_ range: Range<Int>) -> URLPart {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return URLPart(raw: Substring(utf8[lower..<upper]), offset: range.lowerBound)
    }

    /// The scheme, lower-cased (schemes are case-insensitive, RFC 3986 §3.1).
    public var scheme: String { rawScheme.raw.lowercased() }
    /// The scheme as written.
    public var rawScheme: URLPart { part(layout.scheme) }
    /// The userinfo before `@`, or `nil`.
    public var userinfo: URLPart? { layout.userinfo.map(part) }
    /// The host as written (IP literals keep their brackets), or `nil` when the URL has no authority.
    /// Present but empty for `scheme://` and `scheme:///path`.
    public var host: URLPart? { layout.host.map(part) }
    /// What kind of host ``host`` is.
    public var hostKind: URLLayout.HostKind? { layout.hostKind }
    /// The port digits as written, or `nil`; present but empty for `scheme://host:`.
    public var rawPort: URLPart? { layout.port.map(part) }
    /// The port number, or `nil` when absent or empty.
    public var port: Int? { layout.portNumber.map(Int.init) }
    /// The path as written (possibly empty).
    public var path: URLPart { part(layout.path) }
    /// The query after `?`, or `nil`.
    public var query: URLPart? { layout.query.map(part) }
    /// The fragment after `#`, or `nil`.
    public var fragment: URLPart? { layout.fragment.map(part) }

    /// The path's segments for routing: one leading `/` is dropped, then the rest is split at `/`,
    /// keeping empty segments (`/a//b` → `a`, ``, `b`). An empty path and `/` have no segments.
    public var pathSegments: [URLPart] {
        var path = self.path
        if path.raw.utf8.first == UInt8(ascii: "/") {
            path = URLPart(raw: path.raw.dropFirst(), offset: path.offset + 1)
        }
        if path.isEmpty { return [] }
        return path.split(separator: UInt8(ascii: "/"))
    }

    /// The query split at `&` into items, each split at its first `=`; empty items are kept.
    public var queryItems: [QueryItem] {
        guard let query else { return [] }
        return query.split(separator: UInt8(ascii: "&")).map { item in
            guard let (name, value) = item.splitOnce(at: UInt8(ascii: "=")) else { return QueryItem(name: item, value: nil) }
            return QueryItem(name: name, value: value)
        }
    }

    /// The URL as written.
    public var description: String { text }

    /// Two URLs are equal when their text is byte-identical.
    public static func == (lhs: SchemeURL, rhs: SchemeURL) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
