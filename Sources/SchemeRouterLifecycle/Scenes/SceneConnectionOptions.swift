public import SchemeRouter

/// Why a scene is being connected: the counterpart of `UIScene.ConnectionOptions`.
public struct SceneConnectionOptions<Request: AppRequest>: Sendable {
    /// The URLs that caused the connection (at most one: each URL has its own waiting sender).
    /// Empty for a plain launch, for a restored scene, and for a launch URL that a launch hook
    /// refused.
    public var urlContexts: [SceneURLContext<Request>]
    /// `true` when the scene is recreated from the preserved state of an earlier launch; its
    /// state follows in ``SceneDelegate/decodeRestorableState(_:)``.
    public var isRestoring: Bool
    /// The desktop's activation token of the request that connected the scene (a URL's, a
    /// launch's, or an activation's such as D-Bus `Activate`): pass it when presenting the
    /// scene's window, so the window may take the focus. `nil` for a restored scene.
    public var activationToken: String?

    /// Creates connection options.
    /// - Parameters:
    ///   - urlContexts: The URLs that caused the connection.
    ///   - isRestoring: Whether the scene is being restored.
    ///   - activationToken: The activation token of the request that connected the scene; by
    ///     default the first URL's.
    public init(urlContexts: [SceneURLContext<Request>] = [], isRestoring: Bool = false, activationToken: String? = nil) {
        self.urlContexts = urlContexts
        self.isRestoring = isRestoring
        self.activationToken = activationToken ?? urlContexts.first?.options.activationToken
    }
}
