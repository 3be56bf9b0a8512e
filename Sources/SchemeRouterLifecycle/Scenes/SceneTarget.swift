/// Which scene a URL goes to; the app chooses it per URL in
/// ``SceneApplicationDelegate/sceneTarget(for:)`` (typically from the URL's route).
///
/// The rule, applied by ``LifecycleController`` to the connected scenes (any state but
/// `unattached`):
/// - ``newScene``: a new scene is connected, always.
/// - ``content(_:)``: the scenes whose ``SceneDelegate/targetContentIdentifiers`` contain the
///   identifier are candidates; the one activated most recently wins (ties: the one connected
///   first). None → a new scene is connected.
/// - ``anyScene``: the connected scene activated most recently (ties: connected first); none → a
///   new scene.
///
/// The chosen existing scene is presented: the scene that had focus resigns it, a scene in the
/// background enters the foreground, the URL is opened in it, and it becomes active.
public enum SceneTarget: Sendable, Hashable, CustomStringConvertible {
    /// Always a new scene (`notes://new`).
    case newScene
    /// The scene already showing this content, else a new one (`notes://open/42` → `"note/42"`),
    /// like UIKit's `targetContentIdentifier`.
    case content(String)
    /// The app's current scene, else a new one.
    case anyScene

    /// `new`, `content <id>` or `any`.
    public var description: String {
        switch self {
        case .newScene: "new"
        case .content(let identifier): "content \(identifier)"
        case .anyScene: "any"
        }
    }
}
