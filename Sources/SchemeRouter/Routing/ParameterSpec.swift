/// The type and constraints of one route parameter, as declared under a route's `parameters`.
///
/// ```json
/// "id":   {"type": "integer", "min": 1, "max": 9999}
/// "due":  {"type": "date", "format": "yyyyMMddHHmm", "optional": true, "keywords": ["today"]}
/// "tags": {"type": "string", "maxLength": 40, "repeated": true, "optional": true}
/// ```
public struct ParameterSpec: Sendable, Hashable, CustomStringConvertible {
    /// A parameter's type, with its constraints.
    public enum Kind: Sendable, Hashable {
        /// Text whose length in Unicode scalars lies in `minLength...maxLength` (`nil`: no maximum).
        case string(minLength: Int, maxLength: Int?)
        /// A decimal integer in `min...max`: ASCII digits with an optional leading `-`, no `+`,
        /// no leading zeros and no `-0`, so every number has exactly one spelling.
        case integer(min: Int, max: Int)
        /// A UUID, `8-4-4-4-12` hexadecimal digits, case-insensitive.
        case uuid
        /// `true`, `false`, `1` or `0` (lower case; `1` and `0` read as true and false).
        case boolean
        /// One of the listed strings, compared exactly (case-sensitive, after percent-decoding).
        case enumeration([String])
        /// A date and time in a fixed ``DateFormat``.
        case date(DateFormat)
        /// The rest of the path: one or more decoded segments (a catch-all `{name...}` only).
        case remainder
        /// An absolute URL the strict parser accepts (RFC 3986 `URI`), of one of `schemes`
        /// (lower-cased; compared ignoring case).
        case url(schemes: [String])

        /// The type's name as written in a manifest.
        public var typeName: String {
            switch self {
            case .string: "string"
            case .integer: "integer"
            case .uuid: "uuid"
            case .boolean: "boolean"
            case .enumeration: "enumeration"
            case .date: "date"
            case .remainder: "remainder"
            case .url: "url"
            }
        }
    }

    /// The type and its constraints.
    public var kind: Kind
    /// Whether the parameter may be absent (query items, raw query and fragment only).
    public var isOptional: Bool
    /// Whether a query key may repeat; the value is then a list (query items only).
    public var isRepeated: Bool
    /// Words accepted in place of a value, such as `today` for a date; the value is then
    /// ``ParameterValue/keyword(_:)``. Allowed for integer, uuid and date parameters.
    public var keywords: [String]

    /// Creates a parameter specification.
    public init(_ kind: Kind, optional: Bool = false, repeated: Bool = false, keywords: [String] = []) {
        self.kind = kind
        self.isOptional = optional
        self.isRepeated = repeated
        self.keywords = keywords
    }

    /// `integer 1...9999, optional`.
    public var description: String {
        var text = kind.typeName
        switch kind {
        case .string(let minLength, let maxLength) where minLength > 0 || maxLength != nil:
            text += " length \(minLength)...\(maxLength.map(String.init) ?? "")"
        case .integer(let min, let max) where min != Int.min || max != Int.max:
            text += " \(min == Int.min ? "" : String(min))...\(max == Int.max ? "" : String(max))"
        case .enumeration(let values): text += " " + values.joined(separator: "|")
        case .date(let format): text += " \(format.pattern)"
        case .url(let schemes): text += " " + schemes.joined(separator: "|")
        default: break
        }
        if !keywords.isEmpty { text += ", keywords " + keywords.joined(separator: "|") }
        if isRepeated { text += ", repeated" }
        if isOptional { text += ", optional" }
        return text
    }
}

extension ParameterSpec {
    /// Why a decoded text is not a value of this type, and the byte index in the text where it fails.
    struct ValueFault: Error, Sendable, Hashable {
        let fault: ParameterFault
        let index: Int
    }

    /// Reads one decoded text as a value of this parameter's type (never a list; see ``Kind/remainder``)
    /// with the binder's own ``ValueReader``, so printing refuses values that could not be read back.
    func parseScalar(_ text: String) throws(ValueFault) -> ParameterValue {
        if case .remainder = kind { return .list([.string(text)]) }
        var words = WordList()
        var formats: [DateFormat] = []
        let reader = ValueReader(self, words: &words, formats: &formats)
        let frozen = words.frozen()
        defer { frozen.free() }
        var text = text
        return try text.withUTF8 { bytes in
            formats.withUnsafeBufferPointer { formats in
                Result { () throws(ValueFault) in
                    try reader.read(bytes, scalars: ByteText.scalarCount(bytes), words: frozen, formats: formats).parameterValue(frozen)
                }
            }
        }.get()
    }

    /// Reads a canonical decimal integer: `0`, or an optional `-` and digits not starting with `0`.
    @inline(__always)
    static func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>, min: Int, max: Int) throws(ValueFault) -> Int {
        let negative = bytes.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard bytes.count > start else { throw ValueFault(fault: .notAnInteger, index: start) }
        // 19 digits fit a UInt, so the loop needs no overflow check; the length is checked after it.
        var magnitude: UInt = 0
        for position in start..<bytes.count {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { throw ValueFault(fault: .notAnInteger, index: position) }
            magnitude = magnitude &* 10 &+ UInt(digit)
        }
        if bytes[start] == UInt8(ascii: "0"), bytes.count > start + 1 || negative {
            throw ValueFault(fault: .nonCanonicalInteger, index: start)
        }
        let limit = negative ? Int.min.magnitude : UInt(Int.max)
        let value = negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(truncatingIfNeeded: magnitude)
        guard bytes.count - start <= 19, magnitude <= limit, value >= min, value <= max else {
            throw ValueFault(fault: .integerOutOfRange(min: min, max: max), index: 0)
        }
        return value
    }

    /// The canonical text of a scalar value, as printing writes it.
    static func text(of value: ParameterValue, kind: Kind) -> String? {
        switch (value, kind) {
        case (.keyword(let word), _): word
        case (.string(let text), .string), (.string(let text), .enumeration): text
        case (.integer(let number), .integer): String(number)
        case (.uuid(let uuid), .uuid): uuid.description
        case (.boolean(let flag), .boolean): flag ? "true" : "false"
        case (.date(let date), .date(let format)): format.format(date)
        case (.url(let url), .url): url.text
        default: nil
        }
    }
}
