/// The app delegate of an app that uses scenes: supplying scene delegates is the opt-in (UIKit's
/// `UIApplicationSceneManifest`).
///
/// A ``SceneController`` calls its launch hooks (``ApplicationDelegate/willFinishLaunching(options:)``,
/// ``ApplicationDelegate/didFinishLaunching(options:)``), ``ApplicationDelegate/willTerminate()``
/// and the system-event hooks (``ApplicationDelegate/significantTimeChange()`` and the others);
/// every other life-cycle event goes to the scene delegates instead of the app delegate, as in
/// UIKit. An app that does not adopt this protocol keeps the app-delegate events of
/// ``LifecycleController``, unchanged.
@MainActor
public protocol SceneApplicationDelegate: ApplicationDelegate {
    /// Creates the delegate of a scene that is about to connect (UIKit names its class in the
    /// scene configuration).
    func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate

    /// Chooses the configuration of a scene that connects for the first time (not a restored
    /// one: it keeps its preserved configuration name).
    func configurationForConnecting(_ session: SceneSession, options: SceneConnectionOptions) -> SceneConfiguration

    /// The user closed these scenes for good: their sessions are forgotten.
    func didDiscardSceneSessions(_ sessions: [SceneSession])

    /// Where a URL goes (see ``SceneTarget`` for the rule), from the app's request:
    /// `notes://open/42` → `.content("note/42")`, `notes://new` → `.newScene`.
    func sceneTarget(for request: Request) -> SceneTarget
}

/// Defaults: the default configuration, nothing to do on discard, URLs go to the current scene.
extension SceneApplicationDelegate {
    /// ``SceneConfiguration/defaultName``.
    public func configurationForConnecting(_ session: SceneSession, options: SceneConnectionOptions) -> SceneConfiguration {
        SceneConfiguration()
    }
    /// Does nothing.
    public func didDiscardSceneSessions(_ sessions: [SceneSession]) {}
    /// ``SceneTarget/anyScene``.
    public func sceneTarget(for request: Request) -> SceneTarget { .anyScene }

    /// Not called: with scenes, URLs go to ``SceneDelegate/openURLContexts(_:)`` or arrive in
    /// ``SceneConnectionOptions/urlContexts``. Returns `false`.
    public func open(_ request: Request, options: OpenOptions) throws -> Bool { false }
}
