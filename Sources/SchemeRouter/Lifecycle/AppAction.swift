/// An action a launcher asked the app to perform: one of the manifest's `actions`, with the
/// parameter its declaration asks for, already checked against the declared type.
public struct AppAction: Sendable, Hashable {
    /// The action's name as declared, e.g. `new-item`.
    public let name: String
    /// The parameter, when the action declares one.
    public let parameter: ActionParameter?

    public init(name: String, parameter: ActionParameter? = nil) {
        self.name = name
        self.parameter = parameter
    }
}

/// The value of an action's parameter.
public enum ActionParameter: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case boolean(Bool)
}
