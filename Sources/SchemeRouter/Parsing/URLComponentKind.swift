/// The part of a URL a byte belongs to, as named by RFC 3986 §3.
public enum URLComponentKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `scheme` (§3.1), before the first `:`.
    case scheme
    /// `userinfo` (§3.2.1), before `@` in the authority.
    case userinfo
    /// `host` (§3.2.2): a registered name, an IPv4 address or a bracketed IP literal.
    case host
    /// `port` (§3.2.3), decimal digits after the host's `:`.
    case port
    /// `path` (§3.3).
    case path
    /// `query` (§3.4), after the first `?`.
    case query
    /// `fragment` (§3.5), after the first `#`.
    case fragment

    public var description: String { rawValue }
}
