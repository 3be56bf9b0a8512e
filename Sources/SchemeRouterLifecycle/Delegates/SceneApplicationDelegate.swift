/// The app delegate of an app that uses scenes: supplying scene delegates is the opt-in (UIKit's
/// `UIApplicationSceneManifest`).
///
/// Every app is driven by one ``LifecycleController``. An app without scenes has one implicit
/// scene whose transitions are the app delegate's own hooks. An app that adopts this protocol
/// has one scene per window instead, and, as in UIKit, its app delegate then receives only the
/// launch hooks, ``ApplicationDelegate/willTerminate()``, actions and the system-event hooks;
/// every other transition, and every URL, goes to the scene it concerns.
@MainActor
public protocol SceneApplicationDelegate: ApplicationDelegate {
    /// Creates the delegate of a scene that is about to connect (UIKit names its class in the
    /// scene configuration).
    func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate<Request>

    /// Chooses the configuration of a scene that connects for the first time (not a restored
    /// one: it keeps its preserved configuration name).
    func configurationForConnecting(_ session: SceneSession, options: SceneConnectionOptions<Request>) -> SceneConfiguration

    /// The user closed these scenes for good: their sessions are forgotten.
    func didDiscardSceneSessions(_ sessions: [SceneSession])

    /// Where a URL goes (see ``SceneTarget`` for the rule), from the app's request:
    /// `notes://open/42` → `.content("note/42")`, `notes://new` → `.newScene`.
    func sceneTarget(for request: Request) -> SceneTarget
}

/// Defaults: the default configuration, nothing to do on discard, URLs go to the current scene.
extension SceneApplicationDelegate {
    /// ``SceneConfiguration/defaultName``.
    public func configurationForConnecting(_ session: SceneSession, options: SceneConnectionOptions<Request>) -> SceneConfiguration {
        SceneConfiguration()
    }
    /// Does nothing.
    public func didDiscardSceneSessions(_ sessions: [SceneSession]) {}
    /// ``SceneTarget/anyScene``.
    public func sceneTarget(for request: Request) -> SceneTarget { .anyScene }

    /// Not called: with scenes, URLs go to ``SceneDelegate/openURLContexts(_:)`` or arrive in
    /// ``SceneConnectionOptions/urlContexts``.
    public func open(_ request: Request, options: OpenOptions) throws -> Bool {
        preconditionFailure("open(_:options:) is not called for an app that uses scenes")
    }
}
