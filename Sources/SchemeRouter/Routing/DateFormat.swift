/// A fixed-width date format built from `yyyy`, `MM`, `dd`, `HH`, `mm` and `ss`, such as the
/// seed's `yyyyMMddHHmm`.
///
/// Rules (checked by ``init(_:)``):
/// - fields are exactly `yyyy` (year, 4 digits), `MM` (month), `dd` (day), `HH` (hour, 24-hour
///   clock), `mm` (minute) and `ss` (second), 2 digits each, each at most once, in any order;
/// - `yyyy`, `MM` and `dd` are required; `mm` needs `HH`, and `ss` needs `mm`;
/// - between fields only the separators `-`, `:`, `.`, `_` and `T` may stand;
/// - fields that are absent are 0 in the parsed ``CivilDateTime``.
///
/// Parsing is strict: the text must have exactly the format's length, every field is all ASCII
/// digits, and the result must be a real date (no 30 February, no month 13, no hour 24).
public struct DateFormat: Sendable, Hashable, CustomStringConvertible {
    /// A field of a date format.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// `yyyy`: the year, four digits, 0001…9999.
        case year = "yyyy"
        /// `MM`: the month, 01…12.
        case month = "MM"
        /// `dd`: the day of the month, 01…31 as the month allows.
        case day = "dd"
        /// `HH`: the hour, 00…23.
        case hour = "HH"
        /// `mm`: the minute, 00…59.
        case minute = "mm"
        /// `ss`: the second, 00…59.
        case second = "ss"

        /// The number of digits.
        public var width: Int { self == .year ? 4 : 2 }
    }

    /// Why a format pattern was rejected.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// The pattern that was checked.
        public let pattern: String
        /// What rule the pattern breaks.
        public let reason: String
        /// `unknown date format 'yyyy-MM': …`.
        public var description: String { "unknown date format '\(pattern)': \(reason)" }
    }

    enum Piece: Sendable, Hashable {
        case field(Field)
        case separator(UInt8)
    }

    /// The pattern as written, for example `yyyyMMddHHmm`.
    public let pattern: String
    let pieces: [Piece]
    /// The length in bytes of every text this format accepts.
    public let length: Int

    /// The separators allowed between fields.
    public static let separators: Set<UInt8> = [
        UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "T"),
    ]

    /// Checks and compiles a pattern.
    /// - Throws: ``Invalid`` naming the rule the pattern breaks.
    public init(_ pattern: String) throws(Invalid) {
        func invalid(_ reason: String) -> Invalid { Invalid(pattern: pattern, reason: reason) }
        let bytes = Array(pattern.utf8)
        var pieces: [Piece] = []
        var seen: Set<Field> = []
        var index = 0
        while index < bytes.count {
            if let field = Field.allCases.first(where: { field in
                let token = Array(field.rawValue.utf8)
                return index + token.count <= bytes.count && Array(bytes[index..<index + token.count]) == token
            }) {
                guard seen.insert(field).inserted else { throw invalid("\(field.rawValue) appears twice") }
                pieces.append(.field(field))
                index += field.width
            } else if Self.separators.contains(bytes[index]) {
                pieces.append(.separator(bytes[index]))
                index += 1
            } else {
                let rest = String(decoding: bytes[index...], as: UTF8.self)
                throw invalid(
                    "unexpected '\(rest.prefix(4))' at byte \(index): use yyyy, MM, dd, HH, mm, ss and the separators - : . _ T")
            }
        }
        for required in [Field.year, .month, .day] where !seen.contains(required) {
            throw invalid("\(required.rawValue) is missing (yyyy, MM and dd are required)")
        }
        if seen.contains(.minute) && !seen.contains(.hour) { throw invalid("mm needs HH") }
        if seen.contains(.second) && !seen.contains(.minute) { throw invalid("ss needs mm") }
        self.pattern = pattern
        self.pieces = pieces
        self.length = bytes.count
    }

    /// Why a text does not match the format, and the byte index in the text where it fails.
    struct Mismatch: Error, Sendable, Hashable {
        let index: Int
        let reason: String
    }

    /// Parses `text` strictly.
    func parse(_ text: String) throws(Mismatch) -> CivilDateTime {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(Mismatch) in try parse(bytes) } }.get()
    }

    /// Parses UTF-8 bytes strictly.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Mismatch) -> CivilDateTime {
        // Values and start offsets per field, in `Field.allCases` order (year … second).
        var values = (0, 0, 0, 0, 0, 0)
        var starts = (0, 0, 0, 0, 0, 0)
        var index = 0
        for piece in pieces {
            switch piece {
            case .separator(let byte):
                guard index < bytes.count else {
                    throw Mismatch(index: index, reason: "too short: the format \(pattern) has \(length) characters")
                }
                guard bytes[index] == byte else {
                    throw Mismatch(index: index, reason: "expected '\(Character(Unicode.Scalar(byte)))' (format \(pattern))")
                }
                index += 1
            case .field(let field):
                var value = 0
                let start = index
                for _ in 0..<field.width {
                    guard index < bytes.count else {
                        throw Mismatch(index: index, reason: "too short: the format \(pattern) has \(length) characters")
                    }
                    let byte = bytes[index]
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
                        throw Mismatch(index: index, reason: "expected a digit of \(field.rawValue) (format \(pattern))")
                    }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    index += 1
                }
                switch field {
                case .year: (values.0, starts.0) = (value, start)
                case .month: (values.1, starts.1) = (value, start)
                case .day: (values.2, starts.2) = (value, start)
                case .hour: (values.3, starts.3) = (value, start)
                case .minute: (values.4, starts.4) = (value, start)
                case .second: (values.5, starts.5) = (value, start)
                }
            }
        }
        guard index == bytes.count else {
            throw Mismatch(index: index, reason: "too long: the format \(pattern) has \(length) characters")
        }
        let (year, month, day, hour, minute, second) = values
        guard CivilDateTime.years.contains(year) else {
            throw Mismatch(index: starts.0, reason: "year 0000 does not exist (years run 0001…9999)")
        }
        guard (1...12).contains(month) else {
            throw Mismatch(index: starts.1, reason: "month \(month) is not 01…12")
        }
        let days = CivilDateTime.daysInMonth(month, year: year)
        guard (1...days).contains(day) else {
            let reason =
                day == 0
                ? "day 00 does not exist"
                : "day \(day) does not exist in month \(month) of \(year) (it has \(days) days)"
            throw Mismatch(index: starts.2, reason: reason)
        }
        guard hour <= 23 else { throw Mismatch(index: starts.3, reason: "hour \(hour) is not 00…23") }
        guard minute <= 59 else { throw Mismatch(index: starts.4, reason: "minute \(minute) is not 00…59") }
        guard second <= 59 else { throw Mismatch(index: starts.5, reason: "second \(second) is not 00…59") }
        // All fields were checked above, so this cannot fail.
        return CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
    }

    /// Formats `date` in this format; fields the format lacks are left out.
    public func format(_ date: CivilDateTime) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .separator(let byte):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            case .field(let field):
                let value: Int
                switch field {
                case .year: value = date.year
                case .month: value = date.month
                case .day: value = date.day
                case .hour: value = date.hour
                case .minute: value = date.minute
                case .second: value = date.second
                }
                let digits = String(value)
                text += String(repeating: "0", count: max(0, field.width - digits.count)) + digits
            }
        }
        return text
    }

    /// Whether `date` survives a round trip through this format (its absent fields are 0).
    public func canRepresent(_ date: CivilDateTime) -> Bool {
        (try? parse(format(date))) == date
    }

    /// The pattern.
    public var description: String { pattern }
}
