/// Why a launch ended before the app was running.
///
/// Returned in ``LaunchOutcome/failure``; it conforms to `Error` so the runtime can throw it
/// on and map it to its documented exit status.
public enum LaunchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The launch hooks overran ``LifecycleConfiguration/launchDeadline``: `hook` is the launch
    /// hook after which the overrun was seen, `elapsed` the time since the launch began.
    /// No further hook ran, the app is `notRunning` again, and every delivery of the launch got
    /// ``DeliveryVerdict/launchTimedOut``.
    case timedOut(hook: Hook, elapsed: Duration, deadline: Duration)

    /// A sentence for logs and error output.
    public var description: String {
        switch self {
        case .timedOut(let hook, let elapsed, let deadline):
            "launch timed out: \(elapsed) had passed when \(hook.rawValue) returned, "
                + "over the launch deadline of \(deadline)"
        }
    }
}
