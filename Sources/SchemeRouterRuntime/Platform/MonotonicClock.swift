internal import SchemeRouterPlatform
internal import SchemeRouterSender
public import SchemeRouterLifecycle

/// The lifecycle's real clock: `CLOCK_MONOTONIC`, unaffected by changes to the wall clock.
public struct MonotonicClock: LifecycleClock {
    /// Creates the clock.
    public init() {}

    /// Time since an arbitrary fixed point (the machine's boot).
    public var now: Duration { Sys.monotonicNow() }
}
