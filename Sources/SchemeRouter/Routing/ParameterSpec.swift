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
        var text: String
        switch kind {
        case .string(let minLength, let maxLength):
            text = "string"
            if minLength > 0 || maxLength != nil {
                text += " length \(minLength)...\(maxLength.map(String.init) ?? "")"
            }
        case .integer(let min, let max):
            text = "integer"
            if min != Int.min || max != Int.max {
                text += " \(min == Int.min ? "" : String(min))...\(max == Int.max ? "" : String(max))"
            }
        case .uuid: text = "uuid"
        case .boolean: text = "boolean"
        case .enumeration(let values): text = "enumeration " + values.joined(separator: "|")
        case .date(let format): text = "date \(format.pattern)"
        case .remainder: text = "remainder"
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

    /// Reads one decoded text as a value of this parameter's type (never a list; see ``Kind/remainder``).
    ///
    /// Keywords are tried first. The checks are the whole type rule, so printing reuses them to refuse
    /// values that could not be read back.
    func parseScalar(_ text: String) throws(ValueFault) -> ParameterValue {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(ValueFault) in try parseScalar(bytes) } }.get()
    }

    /// Reads decoded UTF-8 bytes (valid UTF-8, as strict decoding guarantees) as a value of this
    /// parameter's type, with the binder's own ``ValueReader``.
    func parseScalar(_ bytes: UnsafeBufferPointer<UInt8>) throws(ValueFault) -> ParameterValue {
        if case .remainder = kind { return .list([.string(String(decoding: bytes, as: UTF8.self))]) }
        var words = WordList()
        var formats: [DateFormat] = []
        let reader = ValueReader(self, words: &words, formats: &formats)
        let scalars = ByteText.scalarCount(bytes)
        return try words.withView { view in
            formats.withUnsafeBufferPointer { formats in
                Result { () throws(ValueFault) in
                    try reader.read(bytes, scalars: scalars, words: view, formats: formats).parameterValue(view)
                }
            }
        }.get()
    }

    /// Reads a canonical decimal integer: `0`, or an optional `-` and digits not starting with `0`.
    @inline(__always)
    static func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>, min: Int, max: Int) throws(ValueFault) -> Int {
        // Up to 18 digits not starting with `0` never overflow: one plain loop.
        let count = bytes.count
        let start = count > 0 && bytes[0] == UInt8(ascii: "-") ? 1 : 0
        if count > start, count &- start <= 18, bytes[start] != UInt8(ascii: "0") || count == 1 {
            var value = 0
            for position in start..<count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { throw ValueFault(fault: .notAnInteger, index: position) }
                value = value &* 10 &+ Int(digit)
            }
            if start == 1 { value = -value }
            guard value >= min, value <= max else { throw ValueFault(fault: .integerOutOfRange(min: min, max: max), index: 0) }
            return value
        }
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count else { throw ValueFault(fault: .notAnInteger, index: index) }
        if bytes[index] == UInt8(ascii: "0") && (bytes.count > index + 1 || negative) {
            // Check the rest is digits first, so "0x1" says "not an integer".
            for position in index..<bytes.count where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                throw ValueFault(fault: .notAnInteger, index: position)
            }
            throw ValueFault(fault: .nonCanonicalInteger, index: index)
        }
        var value = 0
        var overflow = false
        for position in index..<bytes.count {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
                throw ValueFault(fault: .notAnInteger, index: position)
            }
            let digit = Int(byte - UInt8(ascii: "0"))
            // Accumulate negatively so Int.min fits.
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.subtractingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            value = next
        }
        if !negative {
            let (positive, o3) = (0).subtractingReportingOverflow(value)
            overflow = overflow || o3
            value = positive
        }
        guard !overflow, value >= min, value <= max else {
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
        default: nil
        }
    }
}
