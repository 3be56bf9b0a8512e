/// What ``SceneController/hookObserver`` learns after each hook returns (or throws); the runtime
/// writes one trace line per record.
public struct SceneHookRecord: Sendable, Hashable {
    /// The hook that ran.
    public var hook: SceneHook
    /// The scene's session, for scene hooks (and ``SceneHook/configurationForConnecting``).
    public var session: String?
    /// The scene's state once the hook returned, for scene hooks.
    public var sceneState: SceneState?
    /// The app's state (derived from its scenes) once the hook returned.
    public var appState: AppState
    /// The URL's exact text, for ``SceneHook/openURLContexts`` and a ``SceneHook/willConnect``
    /// caused by a URL.
    public var url: String?
    /// The delivery the URL belongs to.
    public var delivery: DeliveryID?
    /// The system event, for its hook (``SceneHook/significantTimeChange`` and the others).
    public var systemEvent: SystemEvent?

    /// Creates a record.
    /// - Parameters:
    ///   - hook: The hook that ran.
    ///   - session: The scene's session identifier.
    ///   - sceneState: The scene's state after the hook.
    ///   - appState: The app's state after the hook.
    ///   - url: The URL text.
    ///   - delivery: The URL's delivery.
    ///   - systemEvent: The system event a system-event hook received.
    public init(
        hook: SceneHook, session: String? = nil, sceneState: SceneState? = nil, appState: AppState,
        url: String? = nil, delivery: DeliveryID? = nil, systemEvent: SystemEvent? = nil
    ) {
        self.systemEvent = systemEvent
        self.hook = hook
        self.session = session
        self.sceneState = sceneState
        self.appState = appState
        self.url = url
        self.delivery = delivery
    }
}
