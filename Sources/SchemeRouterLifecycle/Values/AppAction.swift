/// An action a launcher asked the app to perform: one of the manifest's `actions`, with the
/// parameter its declaration asks for, already checked against the declared type.
public struct AppAction: Sendable, Hashable {
    /// The action's name as declared, e.g. `new-item`.
    public let name: String
    /// The parameter, when the action declares one.
    public let parameter: ActionParameter?

    /// Creates an action.
    /// - Parameters:
    ///   - name: The action's declared name.
    ///   - parameter: Its parameter, when it declares one.
    public init(name: String, parameter: ActionParameter? = nil) {
        self.name = name
        self.parameter = parameter
    }
}

/// The value of an action's parameter.
public enum ActionParameter: Sendable, Hashable {
    /// A `string` parameter (D-Bus `s`).
    case string(String)
    /// An `integer` parameter (D-Bus `i`, `u` or `x`).
    case integer(Int64)
    /// A `boolean` parameter (D-Bus `b`).
    case boolean(Bool)
}
