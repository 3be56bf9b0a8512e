/// Identifies one background task begun with
/// ``LifecycleController/beginBackgroundTask(name:expiration:)``, or ``invalid``.
public struct BackgroundTaskID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The controller's sequence number for the task; tasks begun later have larger numbers.
    /// Zero is ``invalid``.
    public let rawValue: UInt64

    init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// No task: what ``LifecycleController/beginBackgroundTask(name:expiration:)`` returns when
    /// the app cannot run in the background any longer (UIKit's `UIBackgroundTaskInvalid`).
    /// Ending it does nothing.
    public static let invalid = BackgroundTaskID(0)

    /// Orders tasks by when they began.
    public static func < (lhs: BackgroundTaskID, rhs: BackgroundTaskID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `task` and the number, or `invalid task`.
    public var description: String { self == .invalid ? "invalid task" : "task \(rawValue)" }
}
