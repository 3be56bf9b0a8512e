/// A proleptic Gregorian calendar date and a wall-clock time, with no time zone.
///
/// This is what a URL like the seed's `todolist://…#200806231300` says: 23 June 2008, 13:00, in
/// whatever zone the receiving app assumes. Every value is valid: there is no 30 February, no
/// month 13, no hour 24 and no leap second, and leap years follow the Gregorian rule (divisible
/// by 4, except centuries not divisible by 400). Years run from 1 to 9999.
///
/// ```swift
/// CivilDateTime(year: 2008, month: 2, day: 29)   // a value: 2008 is a leap year
/// CivilDateTime(year: 1900, month: 2, day: 29)   // nil: 1900 is not
/// ```
public struct CivilDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The fields in one word, most significant first (16 bits for the year, 8 for each other
    /// field), so a date is 8 bytes wherever it is stored or copied, and comparing the words is
    /// chronological order.
    let packed: UInt64

    /// The date whose fields are packed in `packed` (a date's own ``packed``: not checked).
    init(packed: UInt64) { self.packed = packed }

    /// The year, 1…9999.
    public var year: Int { Int(packed >> 40 & 0xFFFF) }
    /// The month, 1…12.
    public var month: Int { Int(packed >> 32 & 0xFF) }
    /// The day of the month, 1…28/29/30/31.
    public var day: Int { Int(packed >> 24 & 0xFF) }
    /// The hour, 0…23.
    public var hour: Int { Int(packed >> 16 & 0xFF) }
    /// The minute, 0…59.
    public var minute: Int { Int(packed >> 8 & 0xFF) }
    /// The second, 0…59.
    public var second: Int { Int(packed & 0xFF) }

    /// The valid years.
    public static let years: ClosedRange<Int> = 1...9999

    /// Creates a date and time, or `nil` when any field is out of range for the calendar.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard Self.years.contains(year), (1...12).contains(month),
            day >= 1, day <= Self.daysInMonth(month, year: year),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        packed =
            UInt64(year) << 40 | UInt64(month) << 32 | UInt64(day) << 24 | UInt64(hour) << 16 | UInt64(minute) << 8
            | UInt64(second)
    }

    /// Whether `year` has 366 days in the Gregorian calendar.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1…12) of `year`; 0 for a month out of range.
    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }

    /// Chronological order.
    public static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool {
        lhs.packed < rhs.packed
    }

    /// ISO 8601 without a zone: `2008-06-23T13:00:00`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}
