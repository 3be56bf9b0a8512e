/// What ``LifecycleController/hookObserver`` learns after each hook returns (or throws).
///
/// The runtime writes one trace line per record.
public struct HookRecord: Sendable, Hashable {
    /// The hook that ran.
    public var hook: Hook
    /// The scene's session, for the hooks of an app's scenes (and
    /// ``Hook/configurationForConnecting``); `nil` for the app delegate's own hooks, those of an
    /// app without scenes included.
    public var session: String?
    /// The scene's state once the hook returned, for the hooks of an app's scenes.
    public var sceneState: SceneState?
    /// The app's state once the hook returned.
    public var state: AppState
    /// The URL's exact text, for a hook that received one: ``Hook/open``,
    /// ``Hook/openURLContexts``, or a ``Hook/willConnect`` caused by a URL.
    public var url: String?
    /// The delivery the URL belongs to.
    public var delivery: DeliveryID?
    /// The system event delivered, for the system-event hooks only.
    public var systemEvent: SystemEvent?

    /// Creates a record.
    /// - Parameters:
    ///   - hook: The hook that ran.
    ///   - session: The scene's session identifier, for a scene's hook.
    ///   - sceneState: The scene's state after the hook, for a scene's hook.
    ///   - state: The app's state after the hook.
    ///   - url: The URL text, for a hook that received one.
    ///   - delivery: The URL's delivery.
    ///   - systemEvent: The system event a system-event hook received.
    public init(
        hook: Hook, session: String? = nil, sceneState: SceneState? = nil, state: AppState,
        url: String? = nil, delivery: DeliveryID? = nil, systemEvent: SystemEvent? = nil
    ) {
        self.hook = hook
        self.session = session
        self.sceneState = sceneState
        self.state = state
        self.url = url
        self.delivery = delivery
        self.systemEvent = systemEvent
    }
}
