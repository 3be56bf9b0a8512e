/// Why a value given in a URL is not acceptable for its parameter.
public enum ParameterFault: Sendable, Hashable, CustomStringConvertible {
    /// The percent-encoded text does not decode (invalid UTF-8 or a control character).
    case undecodable(URLRejection)
    /// An empty path segment (from `//` or a trailing `/`): a path parameter is never empty.
    case emptySegment
    /// A `.` or `..` path segment (also when written `%2E`): a path parameter never matches one.
    case dotSegment
    /// Fewer Unicode scalars than the parameter's `minLength`.
    case tooShort(minimum: Int, length: Int)
    /// More Unicode scalars than the parameter's `maxLength`.
    case tooLong(maximum: Int, length: Int)
    /// Not a decimal integer (a byte other than a digit, or no digits).
    case notAnInteger
    /// A leading zero or `-0`: every integer has one spelling.
    case nonCanonicalInteger
    /// An integer outside the parameter's range (or outside the 64-bit range).
    case integerOutOfRange(min: Int, max: Int)
    /// Not `8-4-4-4-12` hexadecimal digits.
    case notAUUID
    /// Not `true`, `false`, `1` or `0`.
    case notABoolean
    /// Not one of the enumeration's values.
    case notAllowed([String])
    /// Not a real date in the format.
    case invalidDate(format: String, reason: String)
    /// Not an absolute URL the strict parser accepts; the rejection's offset is in the value.
    case notAURL(URLRejection)
    /// A URL of a scheme the parameter does not allow (`scheme` lower-cased).
    case schemeNotAllowed(scheme: String, allowed: [String])

    /// A stable identifier for scripts.
    public var code: String {
        switch self {
        case .undecodable(let rejection): rejection.code
        case .emptySegment: "empty-segment"
        case .dotSegment: "dot-segment"
        case .tooShort: "too-short"
        case .tooLong: "too-long"
        case .notAnInteger: "not-an-integer"
        case .nonCanonicalInteger: "non-canonical-integer"
        case .integerOutOfRange: "out-of-range"
        case .notAUUID: "not-a-uuid"
        case .notABoolean: "not-a-boolean"
        case .notAllowed: "not-allowed"
        case .invalidDate: "invalid-date"
        case .notAURL: "not-a-url"
        case .schemeNotAllowed: "scheme-not-allowed"
        }
    }

    /// The rule the value breaks, for people.
    public var description: String {
        switch self {
        case .undecodable(let rejection): rejection.message
        case .emptySegment: "empty path segment (paths are not normalised: '//' and a trailing '/' make empty segments)"
        case .dotSegment: "'.' and '..' never match a path parameter"
        case .tooShort(let minimum, let length): "\(length) characters; at least \(minimum) required"
        case .tooLong(let maximum, let length): "\(length) characters; at most \(maximum) allowed"
        case .notAnInteger: "not an integer (digits with an optional leading '-')"
        case .nonCanonicalInteger: "leading zeros and '-0' are not allowed"
        case .integerOutOfRange(let min, let max): "out of range \(min)...\(max)"
        case .notAUUID: "not a UUID (8-4-4-4-12 hexadecimal digits)"
        case .notABoolean: "not a boolean (true, false, 1 or 0)"
        case .notAllowed(let values): "not one of " + values.map { "'\($0)'" }.joined(separator: ", ")
        case .invalidDate(let format, let reason): "not a date in the format \(format): \(reason)"
        case .notAURL(let rejection): "not a URL: \(rejection.message)"
        case .schemeNotAllowed(let scheme, let allowed):
            "a \(scheme): URL; the parameter takes " + allowed.map { "\($0):" }.joined(separator: " or ") + " URLs only"
        }
    }
}
