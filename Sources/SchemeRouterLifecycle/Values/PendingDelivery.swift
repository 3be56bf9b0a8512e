public import SchemeRouter

/// A URL that arrived before or during a launch, waiting to be opened once the app runs.
///
/// Pass them, in arrival order, to ``LifecycleController/launch(options:delivery:queued:intoBackground:)``.
public struct PendingDelivery: Sendable, Hashable {
    /// The URL.
    public var url: SchemeURL
    /// Who sent it, and what they attached.
    public var options: OpenOptions
    /// The delivery its verdict belongs to; `nil` lets the controller number it.
    public var delivery: DeliveryID?

    /// Creates a pending delivery.
    /// - Parameters:
    ///   - url: The URL.
    ///   - options: Who sent it, and what they attached.
    ///   - delivery: The delivery its verdict belongs to; by default the controller numbers it.
    public init(url: SchemeURL, options: OpenOptions = OpenOptions(), delivery: DeliveryID? = nil) {
        self.url = url
        self.options = options
        self.delivery = delivery
    }
}
