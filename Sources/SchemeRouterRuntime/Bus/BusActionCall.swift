internal import SchemeRouterSender

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
}
