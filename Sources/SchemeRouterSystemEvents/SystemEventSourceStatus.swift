/// Whether one source of system events works on this machine, for `schemectl status` and the
/// primary's log.
public struct SystemEventSourceStatus: Sendable, Hashable {
    /// The event it reports, e.g. `significantTimeChange`.
    public var event: String
    /// Where it comes from, e.g. `timerfd (TFD_TIMER_CANCEL_ON_SET)`.
    public var source: String
    /// Whether it could be set up.
    public var available: Bool
    /// Why not, when it is not available.
    public var reason: String?
}

extension SystemEventSourceStatus {
    /// Sets up every system event source the runtime uses, as a primary does, reports which
    /// work on this machine for this user, and closes them again.
    public static func surveyThisMachine() -> [SystemEventSourceStatus] {
        SystemEventWatches().statuses
    }
}
