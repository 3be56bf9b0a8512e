internal import SchemeRouter
internal import SchemeRouterLifecycle

/// An `ActivateAction` call: the action's name and its parameters as sent.
final class BusActionCall {
    /// The call, answered once.
    let message: BusMessage
    /// The action's name, e.g. `new-item`.
    let name: String
    /// The `av` parameter: empty, or one value.
    let parameters: [BusValue]

    init(message: BusMessage, name: String, parameters: [BusValue]) {
        self.message = message
        self.name = name
        self.parameters = parameters
    }

    /// Why an action's parameters do not fit its declaration.
    struct ActionParameterProblem: Error {
        let reason: String
    }

    /// The typed action, when `parameters` (the `av`) holds exactly what `declared` asks for.
    func typed(as declared: ManifestAction) -> Result<AppAction, ActionParameterProblem> {
        guard let type = declared.parameter else {
            guard parameters.isEmpty else {
                return .failure(ActionParameterProblem(reason: "takes no parameter, got \(parameters.count)"))
            }
            return .success(AppAction(name: declared.name))
        }
        guard parameters.count == 1, let value = parameters.first else {
            return .failure(ActionParameterProblem(reason: "takes one \(type.rawValue) parameter, got \(parameters.count)"))
        }
        let parameter: ActionParameter? =
            switch (type, value) {
            case (.string, .string(let text)): .string(text)
            case (.integer, .int(let number)): .integer(number)
            case (.boolean, .bool(let flag)): .boolean(flag)
            default: nil
            }
        guard let parameter else {
            return .failure(ActionParameterProblem(reason: "takes one \(type.rawValue) parameter, got \(value)"))
        }
        return .success(AppAction(name: declared.name, parameter: parameter))
    }
}
