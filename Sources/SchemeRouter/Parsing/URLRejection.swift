/// Why a URL was rejected, and the byte offset of the fault.
///
/// Every case carries the zero-based offset, in bytes of the UTF-8 input, of the first byte that
/// breaks the rule (see ``offset``). Offsets always lie inside the input; for an empty input the
/// offset is 0. ``code`` is a stable identifier for scripts and JSON output; ``description`` is a
/// sentence for people, and `render(input:)` adds a caret under the offending byte.
public enum URLRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input has no bytes at all.
    case empty
    /// The input is longer than the parser's maximum length (``URLParser/defaultMaximumLength`` unless configured).
    case tooLong(length: Int, maximum: Int)
    /// No `scheme:` prefix: an incoming URL must be absolute (RFC 3986 §4.3).
    case missingScheme(offset: Int)
    /// The scheme does not start with a letter (an empty scheme, `:x`, lands here too).
    case invalidSchemeStart(offset: Int, byte: UInt8)
    /// A byte other than a letter, digit, `+`, `-` or `.` inside the scheme.
    case invalidSchemeCharacter(offset: Int, byte: UInt8)
    /// A raw NUL byte.
    case nulByte(offset: Int)
    /// A raw control character (C0 other than NUL, or DEL).
    case controlCharacter(offset: Int, byte: UInt8)
    /// A raw space: percent-encode it as `%20`.
    case space(offset: Int)
    /// A raw byte ≥ 0x80: percent-encode its UTF-8 bytes.
    case nonASCII(offset: Int, byte: UInt8)
    /// One of `"<>\^`{|}`, which RFC 3986 never allows raw.
    case disallowedCharacter(offset: Int, byte: UInt8)
    /// A `%` that is not followed by two hexadecimal digits.
    case invalidPercentEncoding(offset: Int)
    /// A byte that is not allowed raw in this component (for example `[` in a path, or a second `@`).
    case unexpectedCharacter(offset: Int, byte: UInt8, component: URLComponentKind)
    /// A second `#`: a URL has at most one fragment.
    case multipleFragments(offset: Int)
    /// A bracketed IP literal that is neither a valid IPv6 address nor an IPvFuture (RFC 3986 §3.2.2).
    case invalidIPLiteral(offset: Int)
    /// A port with a byte that is not a decimal digit.
    case invalidPort(offset: Int, byte: UInt8)
    /// A port above 65535; the offset is that of the port's first digit.
    case portOutOfRange(offset: Int)
    /// Percent-decoded bytes that are not valid UTF-8 (overlong forms, surrogates, bytes ≥ 0xF5, truncated
    /// sequences); the offset is that of the `%` that starts the bad sequence.
    case invalidUTF8(offset: Int)
    /// A percent-decoded control character (U+0000–U+001F, U+007F–U+009F) in text; the offset is that of its `%`.
    case decodedControlCharacter(offset: Int, scalar: UInt32)

    /// The zero-based byte offset of the fault in the input.
    public var offset: Int {
        switch self {
        case .empty: 0
        case .tooLong(_, let maximum): maximum
        case .missingScheme(let o), .invalidSchemeStart(let o, _), .invalidSchemeCharacter(let o, _),
            .nulByte(let o), .controlCharacter(let o, _), .space(let o), .nonASCII(let o, _),
            .disallowedCharacter(let o, _), .invalidPercentEncoding(let o),
            .unexpectedCharacter(let o, _, _), .multipleFragments(let o), .invalidIPLiteral(let o),
            .invalidPort(let o, _), .portOutOfRange(let o), .invalidUTF8(let o),
            .decodedControlCharacter(let o, _):
            o
        }
    }

    /// A stable, machine-readable identifier of the rule that was broken (used by `--json`).
    public var code: String {
        switch self {
        case .empty: "empty"
        case .tooLong: "too-long"
        case .missingScheme: "missing-scheme"
        case .invalidSchemeStart: "invalid-scheme-start"
        case .invalidSchemeCharacter: "invalid-scheme-character"
        case .nulByte: "nul-byte"
        case .controlCharacter: "control-character"
        case .space: "space"
        case .nonASCII: "non-ascii"
        case .disallowedCharacter: "disallowed-character"
        case .invalidPercentEncoding: "invalid-percent-encoding"
        case .unexpectedCharacter: "unexpected-character"
        case .multipleFragments: "multiple-fragments"
        case .invalidIPLiteral: "invalid-ip-literal"
        case .invalidPort: "invalid-port"
        case .portOutOfRange: "port-out-of-range"
        case .invalidUTF8: "invalid-utf8"
        case .decodedControlCharacter: "decoded-control-character"
        }
    }

    /// A one-line explanation for people, naming the rule and the byte offset.
    public var description: String {
        "\(message) at byte \(offset)"
    }

    /// The explanation without the offset.
    public var message: String {
        switch self {
        case .empty:
            return "empty URL"
        case .tooLong(let length, let maximum):
            return "URL is \(length) bytes long; the maximum is \(maximum)"
        case .missingScheme:
            return "missing scheme: an incoming URL must start with 'scheme:'"
        case .invalidSchemeStart(_, let byte):
            return byte == UInt8(ascii: ":")
                ? "empty scheme: a scheme starts with a letter"
                : "scheme must start with a letter, not \(Self.describe(byte))"
        case .invalidSchemeCharacter(_, let byte):
            return "\(Self.describe(byte)) is not allowed in a scheme (letters, digits, '+', '-', '.')"
        case .nulByte:
            return "raw NUL byte"
        case .controlCharacter(_, let byte):
            return "raw control character 0x\(Self.hex(UInt32(byte), width: 2))"
        case .space:
            return "raw space: percent-encode it as %20"
        case .nonASCII(_, let byte):
            return "raw non-ASCII byte 0x\(Self.hex(UInt32(byte), width: 2)): percent-encode it"
        case .disallowedCharacter(_, let byte):
            return "\(Self.describe(byte)) is never allowed raw in a URL: percent-encode it"
        case .invalidPercentEncoding:
            return "'%' must be followed by two hexadecimal digits"
        case .unexpectedCharacter(_, let byte, let component):
            return "\(Self.describe(byte)) is not allowed in the \(component)"
        case .multipleFragments:
            return "second '#': a URL has at most one fragment (percent-encode it as %23)"
        case .invalidIPLiteral:
            return "malformed IP literal: expected [IPv6] or [vX.future] (RFC 3986 §3.2.2)"
        case .invalidPort(_, let byte):
            return "\(Self.describe(byte)) in port: a port is decimal digits only"
        case .portOutOfRange:
            return "port is larger than 65535"
        case .invalidUTF8:
            return "percent-encoded bytes are not valid UTF-8"
        case .decodedControlCharacter(_, let scalar):
            return "percent-encoded control character U+\(Self.hex(scalar, width: 4)) is not allowed in text"
        }
    }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: return "space"
        default: return "byte 0x\(hex(UInt32(byte), width: 2))"
        }
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
