/// Where each component of a parsed URL lies in its input, as byte ranges.
///
/// A layout is what `URLParser/validate(_:maximumLength:)` returns: a few integers, no copies
/// of the input and no heap allocation. ``SchemeURL`` pairs a layout with its text.
/// Ranges exclude delimiters (`:`, `//`, `@`, `:` before the port, `?`, `#`).
///
/// A layout is 32 bytes: the components' boundaries are stored as 32-bit offsets (every range
/// below is computed from them), so inputs are limited to ``maximumInputLength`` bytes.
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

    /// The longest input a layout can describe, in bytes (2 GiB − 1): offsets are stored in 32 bits.
    ///
    /// ``URLParser`` rejects longer input as ``URLRejection/tooLong(length:maximum:)`` whatever
    /// `maximumLength` it is given.
    public static let maximumInputLength = Int(Int32.max)

    // The stored boundaries. Every field is written only by the parser, and always the same way
    // for the same components (absent parts are zero or equal to their neighbour), so the
    // synthesized `==` and `hash(into:)` compare components.

    /// The offset of the `:` that ends the scheme (the scheme always starts at 0).
    var schemeEnd: UInt32 = 0
    /// The host's bounds; both 0 without an authority.
    var hostStart: UInt32 = 0
    var hostEnd: UInt32 = 0
    /// The path's bounds. The path starts where the authority ends.
    var pathStart: UInt32 = 0
    var pathEnd: UInt32 = 0
    /// The offset of the `#` after the query, or of the input's end; `pathEnd` without a query.
    var queryEnd: UInt32 = 0
    /// The end of the fragment (the input's end); `queryEnd` without a fragment.
    var fragmentEnd: UInt32 = 0
    /// The port's value; 0 without a port or with an empty one.
    var portValue: UInt16 = 0
    /// ``Flags``: the host kind in the low three bits, then which optional parts are present.
    var flags: UInt8 = 0

    /// The bits of ``flags``.
    enum Flags {
        static let hostKindMask: UInt8 = 0b111
        static let registeredName: UInt8 = 1
        static let ipv4: UInt8 = 2
        static let ipv6: UInt8 = 3
        static let ipvFuture: UInt8 = 4
        static let userinfo: UInt8 = 1 << 3
        static let port: UInt8 = 1 << 4
        static let query: UInt8 = 1 << 5
        static let fragment: UInt8 = 1 << 6
    }

    /// An empty layout, for the parser to fill in.
    init() {}

    /// The scheme, as written (before `:`).
    public var scheme: Range<Int> { 0..<Int(schemeEnd) }

    /// The userinfo before `@`, when the authority has one.
    public var userinfo: Range<Int>? {
        guard flags & Flags.userinfo != 0 else { return nil }
        return Int(schemeEnd) + 3..<Int(hostStart) - 1
    }

    /// The host, when the URL has an authority (`//`); brackets of an IP literal are included.
    public var host: Range<Int>? {
        guard flags & Flags.hostKindMask != 0 else { return nil }
        return Int(hostStart)..<Int(hostEnd)
    }

    /// What kind of host ``host`` is; `nil` without an authority.
    public var hostKind: HostKind? {
        switch flags & Flags.hostKindMask {
        case Flags.registeredName: .registeredName
        case Flags.ipv4: .ipv4
        case Flags.ipv6: .ipv6
        case Flags.ipvFuture: .ipvFuture
        default: nil
        }
    }

    /// The port digits after `:`; present but empty for `host:`.
    public var port: Range<Int>? {
        guard flags & Flags.port != 0 else { return nil }
        return Int(hostEnd) + 1..<Int(pathStart)
    }

    /// The port's value, when it has digits.
    public var portNumber: UInt16? {
        guard flags & Flags.port != 0, pathStart > hostEnd &+ 1 else { return nil }
        return portValue
    }

    /// The path (possibly empty).
    public var path: Range<Int> { Int(pathStart)..<Int(pathEnd) }

    /// The query after `?`.
    public var query: Range<Int>? {
        guard flags & Flags.query != 0 else { return nil }
        return Int(pathEnd) + 1..<Int(queryEnd)
    }

    /// The fragment after `#`.
    public var fragment: Range<Int>? {
        guard flags & Flags.fragment != 0 else { return nil }
        return Int(queryEnd) + 1..<Int(fragmentEnd)
    }

    /// The whole authority (`userinfo@host:port`) after `//`, when present.
    public var authority: Range<Int>? {
        guard flags & Flags.hostKindMask != 0 else { return nil }
        return Int(schemeEnd) + 3..<Int(pathStart)
    }
}
