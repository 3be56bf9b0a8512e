/// What a launch did: whether it completed, and the verdict for each of its URLs.
public struct LaunchOutcome: Sendable, Hashable {
    /// Every delivery of the launch in order: the launch URL's first (when there was one), then
    /// the queued ones in arrival order.
    public var results: [DeliveryResult]
    /// `nil` when the app is running; otherwise why the launch ended, and the app is
    /// `notRunning` again.
    public var failure: LaunchFailure?

    /// Creates an outcome.
    /// - Parameters:
    ///   - results: The verdicts, in delivery order.
    ///   - failure: Why the launch ended, or `nil`.
    public init(results: [DeliveryResult], failure: LaunchFailure? = nil) {
        self.results = results
        self.failure = failure
    }
}
