internal import CSchemeRouterLinux
package import SchemeRouterPlatform
internal import Glibc

/// Learns that the wall clock was set (`clock_settime`, `date -s`, an NTP step, a suspended
/// laptop's resync): a `timerfd` on `CLOCK_REALTIME`, armed far in the future with
/// `TFD_TIMER_CANCEL_ON_SET`, becomes readable and its `read` fails with `ECANCELED` whenever
/// the clock is set discontinuously. Gradual NTP slewing is not a set and is not reported.
package final class ClockChangeWatch {
    /// The timerfd, readable when the clock was set.
    package let descriptor: Int32

    package init() throws(SystemError) {
        descriptor = try Sys.check(timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC)), "timerfd_create")
        do throws(SystemError) {
            try arm()
        } catch {
            Sys.close(descriptor)
            throw error
        }
    }

    deinit { Sys.close(descriptor) }

    /// Arms the timer again: after a cancellation it reports nothing until re-armed.
    package func arm() throws(SystemError) {
        var specification = itimerspec()
        // Year 2255: far beyond any real expiry, within the kernel's limit (2262).
        specification.it_value.tv_sec = 9_000_000_000
        _ = try Sys.check(
            timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &specification, nil),
            "timerfd_settime")
    }

    /// Reads the timerfd: `true` when the clock was set since the last read (and the timer is
    /// armed again).
    package func drain() -> Bool {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, 8)
        guard count < 0, Sys.errno == ECANCELED else { return false }
        do throws(SystemError) {
            try arm()
        } catch {
            Log.error("cannot re-arm the clock-change timer: \(error)")
        }
        return true
    }
}
