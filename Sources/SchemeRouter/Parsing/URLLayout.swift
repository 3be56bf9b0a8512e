/// Where each component of a parsed URL lies in its input, as byte ranges.
///
/// A layout is what ``URLParser/validate(_:maximumLength:)`` returns: a few integers, no copies
/// of the input and no heap allocation. ``SchemeURL`` pairs a layout with its text.
/// Ranges exclude delimiters (`:`, `//`, `@`, `:` before the port, `?`, `#`).
public struct URLLayout: Sendable, Hashable {
    /// The kind of host an authority names (RFC 3986 §3.2.2).
    public enum HostKind: String, Sendable, Hashable {
        /// A registered name (`reg-name`), possibly empty.
        case registeredName
        /// A dotted-decimal `IPv4address`.
        case ipv4
        /// A bracketed IPv6 literal.
        case ipv6
        /// A bracketed `IPvFuture` literal (`[v1.x]`).
        case ipvFuture
    }

    /// The scheme, as written (before `:`).
    public var scheme: Range<Int>
    /// The userinfo before `@`, when the authority has one.
    public var userinfo: Range<Int>?
    /// The host, when the URL has an authority (`//`); brackets of an IP literal are included.
    public var host: Range<Int>?
    /// What kind of host ``host`` is; `nil` without an authority.
    public var hostKind: HostKind?
    /// The port digits after `:`; present but empty for `host:`.
    public var port: Range<Int>?
    /// The port's value, when it has digits.
    public var portNumber: UInt16?
    /// The path (possibly empty).
    public var path: Range<Int>
    /// The query after `?`.
    public var query: Range<Int>?
    /// The fragment after `#`.
    public var fragment: Range<Int>?

    /// The whole authority (`userinfo@host:port`) after `//`, when present.
    public var authority: Range<Int>? {
        guard let host else { return nil }
        let lower = userinfo.map { $0.lowerBound } ?? host.lowerBound
        let upper = port.map { $0.upperBound } ?? host.upperBound
        return lower..<upper
    }
}
