import SchemeRouter

/// Dates for a ``DateFormat``: valid dates (including the leap days that exist: 2000-02-29,
/// 2004-02-29, 2400-02-29), the ones that do not (1900-02-29, 2100-02-29, 2001-02-29, 30 February,
/// 31 April, month 00 and 13, day 00 and 32, hour 24, minute and second 60, year 0000), and texts of
/// the wrong length or with non-digits.
enum DateEdges {
    /// One text in `format`.
    static func text(format: DateFormat, valid: Bool, rng: inout SplitMix64) -> String {
        var fields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
        if valid {
            switch rng.below(6) {
            case 0: fields = rng.pick([(2000, 2, 29, 0, 0, 0), (2004, 2, 29, 23, 59, 59), (2400, 2, 29, 12, 0, 0)])
            case 1: fields = rng.pick([(1, 1, 1, 0, 0, 0), (9999, 12, 31, 23, 59, 59), (2008, 6, 23, 13, 0, 0)])
            default:
                let year = rng.inRange(1...9999)
                let month = rng.inRange(1...12)
                let day = rng.inRange(1...CivilDateTime.daysInMonth(month, year: year))
                fields = (year, month, day, rng.inRange(0...23), rng.inRange(0...59), rng.inRange(0...59))
            }
        } else {
            switch rng.below(12) {
            case 0: fields = rng.pick([(1900, 2, 29, 0, 0, 0), (2100, 2, 29, 0, 0, 0), (2001, 2, 29, 0, 0, 0)])
            case 1: fields = rng.pick([(2008, 2, 30, 0, 0, 0), (2008, 4, 31, 0, 0, 0), (2008, 6, 31, 0, 0, 0)])
            case 2: fields = (2008, rng.pick([0, 13, 99]), 1, 0, 0, 0)
            case 3: fields = (2008, 1, rng.pick([0, 32, 99]), 0, 0, 0)
            case 4: fields = (2008, 1, 1, rng.pick([24, 25, 99]), 0, 0)
            case 5: fields = (2008, 1, 1, 0, rng.pick([60, 99]), rng.pick([60, 99]))
            case 6: fields = (0, 1, 1, 0, 0, 0)
            case 7: return mangle(render(format.pattern, (2008, 6, 23, 13, 0, 0)), rng: &rng)
            default:
                fields = (rng.inRange(0...9999), rng.inRange(0...13), rng.inRange(0...32), rng.inRange(0...24), rng.inRange(0...60), rng.inRange(0...60))
            }
        }
        return render(format.pattern, fields)
    }

    /// The pattern with its fields replaced by zero-padded numbers (fields out of range included,
    /// which ``DateFormat/format(_:)`` cannot write).
    static func render(_ pattern: String, _ fields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(pattern.utf8.count)
        var previous: UInt8 = 0
        var run = 0
        func flush() {
            guard run > 0 else { return }
            let value: Int?
            switch (previous, run) {
            case (UInt8(ascii: "y"), 4): value = fields.year
            case (UInt8(ascii: "M"), 2): value = fields.month
            case (UInt8(ascii: "d"), 2): value = fields.day
            case (UInt8(ascii: "H"), 2): value = fields.hour
            case (UInt8(ascii: "m"), 2): value = fields.minute
            case (UInt8(ascii: "s"), 2): value = fields.second
            default: value = nil
            }
            if let value {
                var divisor = run == 4 ? 1000 : 10
                var rest = value % (divisor * 10)
                while divisor > 0 {
                    text.append(UInt8(48 + rest / divisor))
                    rest %= divisor
                    divisor /= 10
                }
            } else {
                text += repeatElement(previous, count: run)
            }
            run = 0
        }
        for byte in pattern.utf8 {
            let isField = "yMdHms".utf8.contains(byte)
            if isField && byte == previous && run < 4 {
                run += 1
                continue
            }
            flush()
            if isField {
                previous = byte
                run = 1
            } else {
                previous = 0
                text.append(byte)
            }
        }
        flush()
        return String(decoding: text, as: UTF8.self)
    }

    /// A valid date text broken in shape: one character short or long, a letter for a digit, a
    /// sign, spaces, or an ISO 8601 spelling instead of the format.
    private static func mangle(_ text: String, rng: inout SplitMix64) -> String {
        switch rng.below(7) {
        case 0: return String(text.dropLast())
        case 1: return text + "0"
        case 2: return "x" + text.dropFirst()
        case 3: return "-" + text.dropFirst()
        case 4: return " " + text
        case 5: return "2008-06-23T13:00:00Z"
        default: return ""
        }
    }
}
