/// How to create a scene: the counterpart of `UISceneConfiguration`, returned by
/// ``SceneApplicationDelegate/configurationForConnecting(_:options:)``.
public struct SceneConfiguration: Sendable, Hashable {
    /// The name UIKit gives the configuration when the app names none.
    public static let defaultName = "Default Configuration"

    /// The configuration's name; kept in ``SceneSession/configurationName`` and preserved.
    public var name: String

    /// Creates a configuration.
    /// - Parameter name: Its name; ``defaultName`` by default.
    public init(name: String = SceneConfiguration.defaultName) {
        self.name = name
    }
}
