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
    /// The fields in one word (16 bits for the year, 8 for the others), most significant first: words compare chronologically.
    let packed: UInt64

    /// The date whose fields are packed in `packed` (a date's own ``packed``: not checked).
    init(packed: UInt64) { self.packed = packed }

    /// The year, 1…9999.
    public var year: Int { self[.year] }
    /// The month, 1…12.
    public var month: Int { self[.month] }
    /// The day of the month, 1…28/29/30/31.
    public var day: Int { self[.day] }
    /// The hour, 0…23.
    public var hour: Int { self[.hour] }
    /// The minute, 0…59.
    public var minute: Int { self[.minute] }
    /// The second, 0…59.
    public var second: Int { self[.second] }

    /// One field's value.
    subscript(field: DateFormat.Field) -> Int { Int(packed >> field.shift & (field == .year ? 0xFFFF : 0xFF)) }

    /// The valid years.
    public static let years: ClosedRange<Int> = 1...9999

    /// Creates a date and time, or `nil` when any field is out of range for the calendar.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (0...0xFFFF).contains(year), [month, day, hour, minute, second].allSatisfy({ (0...0xFF).contains($0) }) else {
            return nil
        }
        self.init(
            packed: UInt64(year) << 40 | UInt64(month) << 32 | UInt64(day) << 24 | UInt64(hour) << 16 | UInt64(minute) << 8
                | UInt64(second))
        guard fault == nil else { return nil }
    }

    /// The first field out of its calendar range and why: the one rule of the initializer and the parser.
    var fault: (DateFormat.Field, String)? {
        guard Self.years.contains(year) else { return (.year, "year 0000 does not exist (years run 0001…9999)") }
        guard (1...12).contains(month) else { return (.month, "month \(month) is not 01…12") }
        let days = Self.daysInMonth(month, year: year)
        guard (1...days).contains(day) else {
            let reason = day == 0 ? "day 00 does not exist" : "day \(day) does not exist in month \(month) of \(year) (it has \(days) days)"
            return (.day, reason)
        }
        guard hour <= 23 else { return (.hour, "hour \(hour) is not 00…23") }
        guard minute <= 59 else { return (.minute, "minute \(minute) is not 00…59") }
        guard second <= 59 else { return (.second, "second \(second) is not 00…59") }
        return nil
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
    public var description: String { Self.iso8601.format(self) }

    private static let iso8601 = try! DateFormat("yyyy-MM-ddTHH:mm:ss")  // a valid constant: cannot throw
}
