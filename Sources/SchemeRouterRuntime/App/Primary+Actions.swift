internal import SchemeRouter
internal import SchemeRouterLifecycle

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
        switch call.typed(as: declared) {
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
}
