internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

extension Primary {
    /// `ActivateAction` on the running app: a declared action with a parameter of its declared
    /// type, delivered to the app's `performAction` under the hook deadline. An undeclared action
    /// or a wrong parameter gets `UnknownAction`, a declined one `Declined`.
    func performAction(_ call: BusActionCall) {
        let names = busNames
        guard let declared = app.manifest.actions.first(where: { $0.name == call.name }) else {
            let declared = app.manifest.actions.map(\.name)
            call.message.reply(
                error: names.unknownAction,
                message: "\(app.name) declares no action '\(call.name)' (it declares: "
                    + (declared.isEmpty ? "none" : declared.joined(separator: ", ")) + ")")
            return
        }
        let action: AppAction
        switch Self.typedAction(declared, parameters: call.parameters) {
        case .success(let typed): action = typed
        case .failure(let problem):
            call.message.reply(error: names.unknownAction, message: "action '\(call.name)': \(problem.reason)")
            return
        }
        guard let controller else { preconditionFailure("running without a lifecycle controller") }
        let performed = watchdog.serving(nil) { () -> Bool in
            do throws(LifecycleError) {
                return try controller.perform(action)
            } catch {
                preconditionFailure("performAction: \(error)")
            }
        }
        trace?.write(action: action, performed: performed)
        if performed {
            call.message.replyEmpty()
        } else {
            call.message.reply(error: names.actionDeclined, message: "\(app.name) declined the action '\(call.name)'")
        }
    }

    /// Why an action's parameters do not fit its declaration.
    struct ActionParameterProblem: Error {
        let reason: String
    }

    /// The typed action, when `parameters` (the `av`) holds exactly what `declared` asks for.
    static func typedAction(_ declared: ManifestAction, parameters: [BusValue]) -> Result<AppAction, ActionParameterProblem> {
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
