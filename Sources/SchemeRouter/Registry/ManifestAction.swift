/// An action an app declares in its manifest's optional `actions` array: desktop files list it
/// (`Actions=`), launchers call it (`org.freedesktop.Application.ActivateAction`), and the app
/// receives it as an `AppAction` (`SchemeRouterLifecycle`).
///
/// ```json
/// "actions": [{"name": "new-item", "title": "New Item", "parameter": "string"}]
/// ```
public struct ManifestAction: Sendable, Hashable {
    /// The action's name: 1 to 64 of `a-z`, `0-9` and `-`, starting with a letter.
    public let name: String
    /// What menus show.
    public let title: String
    /// The parameter's type, when the action takes one.
    public let parameter: ParameterType?

    /// The type of an action's parameter.
    public enum ParameterType: String, Sendable, Hashable, CaseIterable {
        /// A string.
        case string
        /// A 64-bit signed integer.
        case integer
        /// `true` or `false`.
        case boolean
    }

    /// Creates an action declaration (the decoder checks the name; see ``isValidName(_:)``).
    public init(name: String, title: String, parameter: ParameterType? = nil) {
        self.name = name
        self.title = title
        self.parameter = parameter
    }

    /// Whether `name` is a valid action name (it must be usable in a desktop file group name).
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), (0x61...0x7A).contains(bytes[0]) else { return false }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
