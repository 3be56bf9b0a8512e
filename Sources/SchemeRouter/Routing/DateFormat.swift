/// A fixed-width date format of ``DateFormat/Field``s and ``DateFormat/separators``, such as the seed's `yyyyMMddHHmm`.
///
/// Each field at most once, in any order; `yyyy`, `MM` and `dd` required, `mm` needs `HH` and `ss`
/// needs `mm`; absent fields parse as 0. Parsing is strict: exactly the format's length, all-digit
/// fields and a real date (no 30 February, no month 13, no hour 24).
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

        /// Where the field lies in ``CivilDateTime``'s packed word.
        var shift: UInt64 {
            switch self {
            case .year: 40
            case .month: 32
            case .day: 24
            case .hour: 16
            case .minute: 8
            case .second: 0
            }
        }
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
            if let field = Field.allCases.first(where: { bytes[index...].starts(with: $0.rawValue.utf8) }) {
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

    /// Parses UTF-8 bytes strictly.
    /// - Throws: why the text does not match the format, and the byte index in the text where it fails.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParameterSpec.ValueFault) -> CivilDateTime {
        func mismatch(_ index: Int, _ reason: String) -> ParameterSpec.ValueFault {
            ParameterSpec.ValueFault(fault: .invalidDate(format: pattern, reason: reason), index: index)
        }
        func tooShort(_ index: Int) -> ParameterSpec.ValueFault {
            mismatch(index, "too short: the format \(pattern) has \(length) characters")
        }
        var packed: UInt64 = 0
        var index = 0
        for piece in pieces {
            switch piece {
            case .separator(let byte):
                guard index < bytes.count else { throw tooShort(index) }
                guard bytes[index] == byte else {
                    throw mismatch(index, "expected '\(Character(Unicode.Scalar(byte)))' (format \(pattern))")
                }
                index += 1
            case .field(let field):
                var value: UInt64 = 0
                for _ in 0..<field.width {
                    guard index < bytes.count else { throw tooShort(index) }
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { throw mismatch(index, "expected a digit of \(field.rawValue) (format \(pattern))") }
                    value = value * 10 + UInt64(digit)
                    index += 1
                }
                packed |= value << field.shift
            }
        }
        guard index == bytes.count else { throw mismatch(index, "too long: the format \(pattern) has \(length) characters") }
        let date = CivilDateTime(packed: packed)
        guard let (field, reason) = date.fault else { return date }
        // A text lines up with the pattern byte for byte, and a field's letter is only in its token.
        throw mismatch(Array(pattern.utf8).firstIndex(of: field.rawValue.utf8.first!)!, reason)
    }

    /// Formats `date` in this format; fields the format lacks are left out.
    public func format(_ date: CivilDateTime) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .separator(let byte):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            case .field(let field):
                let digits = String(date[field])
                text += String(repeating: "0", count: max(0, field.width - digits.count)) + digits
            }
        }
        return text
    }

    /// Whether `date` survives a round trip through this format: the fields it lacks are 0.
    public func canRepresent(_ date: CivilDateTime) -> Bool {
        Field.allCases.allSatisfy { date[$0] == 0 || pieces.contains(.field($0)) }
    }

    /// The pattern.
    public var description: String { pattern }
}
