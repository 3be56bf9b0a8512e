/// The time source a ``LifecycleController`` reads to enforce its deadlines.
///
/// The core never reads a clock of its own: the runtime injects a monotonic clock, tests inject
/// a manual one (`ManualClock` in SchemeRouterTestKit), so deadlines are tested without sleeping.
public protocol LifecycleClock: Sendable {
    /// Monotonic time since an arbitrary, fixed origin. Never decreases.
    var now: Duration { get }
}
