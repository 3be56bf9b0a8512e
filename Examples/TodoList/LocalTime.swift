import Glibc
import SchemeRouter

/// The current local time (the `TZ` rules of the process), to the minute.
enum LocalTime {
    static func now() -> CivilDateTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return CivilDateTime(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min))!
    }
}
