internal import CSchemeRouterLinux
internal import Glibc

/// The one clock helper of the layers above the core: `CLOCK_MONOTONIC` and `poll` timeouts.
extension Sys {
    /// A duration as whole milliseconds for `poll`, rounded up, clamped to `Int32`.
    package static func milliseconds(_ duration: Duration) -> Int32 {
        if duration <= .zero { return 0 }
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Monotonic time (`CLOCK_MONOTONIC`), never decreasing, unaffected by clock changes.
    package static func monotonicNow() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Whole milliseconds from now until `deadline` (a ``monotonicNow()`` value), rounded up; 0 once
    /// it has passed.
    package static func milliseconds(until deadline: Duration) -> Int32 {
        milliseconds(deadline - monotonicNow())
    }

    /// `5 s`, `250 ms`: a deadline for people.
    package static func describe(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// Blocks the calling thread for `duration` (a sender's pause between tries; never on a
    /// thread that runs an event loop).
    package static func pause(_ duration: Duration) {
        let deadline = monotonicNow() + duration
        while monotonicNow() < deadline {
            _ = poll(nil, 0, milliseconds(until: deadline))
        }
    }
}
