internal import Glibc

/// The monotonic clock (`CLOCK_MONOTONIC`) for bounded waits.
enum Clock {
    /// Now, as time since an arbitrary fixed point.
    static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Whole milliseconds from now until `deadline`, rounded up; 0 once it has passed.
    static func milliseconds(until deadline: Duration) -> Int {
        let left = deadline - now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
