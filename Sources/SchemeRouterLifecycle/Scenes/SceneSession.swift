/// The persistent record of one scene: what survives while the scene is disconnected and, with
/// state preservation, across launches (UIKit's `UISceneSession`).
public struct SceneSession: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// Unique among the app's sessions, kept when the scene is restored in a later launch.
    public let persistentIdentifier: String
    /// The name of the configuration ``SceneApplicationDelegate/configurationForConnecting(_:options:)``
    /// chose when the scene first connected.
    public var configurationName: String
    /// The app's own data about the scene, preserved with it (for example which note it shows).
    public var userInfo: [String: String]

    /// Creates a session.
    /// - Parameters:
    ///   - persistentIdentifier: The session's identifier.
    ///   - configurationName: Its configuration's name.
    ///   - userInfo: The app's own data about the scene.
    public init(
        persistentIdentifier: String,
        configurationName: String = SceneConfiguration.defaultName,
        userInfo: [String: String] = [:]
    ) {
        self.persistentIdentifier = persistentIdentifier
        self.configurationName = configurationName
        self.userInfo = userInfo
    }

    /// The ``persistentIdentifier``.
    public var id: String { persistentIdentifier }

    /// The ``persistentIdentifier``.
    public var description: String { persistentIdentifier }
}
