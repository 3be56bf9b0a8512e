public import SchemeRouterLifecycle

/// A `SchemeRouter/LifecycleClock` that moves only when told to, for testing deadlines without
/// sleeping (like NIO's `EmbeddedEventLoop.advanceTime(by:)`).
///
/// ```swift
/// let clock = ManualClock()
/// let delegate = RecordingDelegate<TodoRequest>()
/// delegate.actions[.didFinishLaunching] = { clock.advance(by: .seconds(6)) }
/// ```
///
/// The clock belongs to the main actor, like the `SchemeRouter/LifecycleController` that
/// reads it; ``now`` traps when read from any other executor.
@MainActor
public final class ManualClock: LifecycleClock {
    /// The current time, guarded by the main actor.
    private var current: Duration

    /// Creates a clock that reads `now` until advanced.
    /// - Parameter now: The starting time; zero by default.
    public nonisolated init(now: Duration = .zero) {
        current = now
    }

    /// The current time.
    /// - Precondition: Read on the main actor.
    public nonisolated var now: Duration {
        MainActor.assumeIsolated { current }
    }

    /// Moves the clock forward.
    /// - Parameter duration: How far.
    /// - Precondition: `duration` is not negative: a monotonic clock never goes back.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "ManualClock.advance(by:): a monotonic clock never goes back")
        current += duration
    }
}
