internal import SchemeRouter

extension Primary {
    /// `ActivateAction`: a declared action, delivered to the app as a typed action.
    func performAction(_ call: BusActionCall, door: BusDoor) {
        switch phase {
        case .collecting, .launching:
            door.queuedCalls.append(.action(call))
            busLaunchRequested()
        case .running:
            call.message.reply(error: door.names.unknownAction, message: "\(app.name) declares no action '\(call.name)'")
        case .terminating:
            call.message.reply(error: door.names.errorName(for: .terminated), message: "\(app.name) is terminating")
        }
    }
}
