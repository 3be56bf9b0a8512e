/// What ``LifecycleController/hookObserver`` learns after each hook returns (or throws).
///
/// The runtime writes one trace line per record.
public struct HookRecord: Sendable, Hashable {
    /// The hook that ran.
    public var hook: Hook
    /// The app's state once the hook returned.
    public var state: AppState
    /// The URL's exact text, for ``Hook/open`` only.
    public var url: String?
    /// The delivery the URL belongs to, for ``Hook/open`` only.
    public var delivery: DeliveryID?
    /// The system event delivered, for the system-event hooks only.
    public var systemEvent: SystemEvent?

    /// Creates a record.
    /// - Parameters:
    ///   - hook: The hook that ran.
    ///   - state: The state after it.
    ///   - url: The URL text, for `open`.
    ///   - delivery: The URL's delivery, for `open`.
    public init(hook: Hook, state: AppState, url: String? = nil, delivery: DeliveryID? = nil) {
        self.hook = hook
        self.state = state
        self.url = url
        self.delivery = delivery
    }
}
