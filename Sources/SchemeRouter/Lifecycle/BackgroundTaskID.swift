/// Identifies one background task begun with
/// ``LifecycleController/beginBackgroundTask(expiration:)``.
public struct BackgroundTaskID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The controller's sequence number for the task; tasks begun later have larger numbers.
    public let rawValue: UInt64

    init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Orders tasks by when they began.
    public static func < (lhs: BackgroundTaskID, rhs: BackgroundTaskID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `task` and the number.
    public var description: String { "task \(rawValue)" }
}
