internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// One thing the primary does to the running app. Every way in (the socket door, the bus door,
/// the app's windows, the system) becomes one of these: queued, in arrival order, while the app
/// launches, and carried out one at a time once it runs (``Primary/submit(_:)``).
@MainActor
enum AppCommand {
    /// Deliver a URL (routed already); its verdict goes to `owner`. `retryKey` is the request's
    /// id and URL when it carries an id (``SocketDoor/retryKey(_:)``).
    case open(QueuedURL, owner: VerdictOwner, retryKey: String?)
    /// Bring the app forward without a URL: the app run again (socket `activate`), D-Bus `Activate`.
    case activate(activationToken: String?, caller: CommandCaller)
    /// A lifecycle command of `schemectl lifecycle`: `state`, `background`, `foreground`,
    /// `active` or `inactive`.
    case lifecycle(ControlCommand, caller: CommandCaller)
    /// End the app (`--quit`, `lifecycle … terminate`); a force-quit discards its preserved state.
    case terminate(discardingState: Bool, caller: CommandCaller)
    /// D-Bus `ActivateAction`.
    case action(BusActionCall)
    /// The windows of an app without scenes changed (a ``HostRunLoop`` reports them).
    case windows([WindowSnapshot], lastWindowClosed: Bool, policy: LastWindowPolicy)
    /// One window of an app with scenes changed.
    case sceneWindow(session: String, SceneWindowState)

    /// Who waits for the command's reply, when anyone does.
    var caller: CommandCaller? {
        switch self {
        case .activate(_, let caller), .lifecycle(_, let caller), .terminate(_, let caller): caller
        case .action(let call): .bus(call.message)
        case .open, .windows, .sceneWindow: nil
        }
    }
}

/// Who sent a command that is not a URL, and so how it is answered.
@MainActor
enum CommandCaller {
    /// A control request on the socket: answered with a `controlReply` frame.
    case socket(Connection, request: UInt32)
    /// A D-Bus call: answered with an empty reply or an error.
    case bus(BusMessage)

    /// The descriptor the watchdog names when a hook serving the command overruns (socket only).
    var descriptor: Int32? {
        if case .socket(let connection, _) = self { return connection.descriptor }
        return nil
    }
}

/// A routed URL waiting for its delivery: queued during the launch, or being delivered.
struct QueuedURL {
    /// The URL and the app's request read from it.
    var routed: RoutedURL
    /// Who sent it, and what they attached.
    var options: OpenOptions
    /// The delivery its verdict belongs to.
    var delivery: DeliveryID
}

/// Who is owed a URL's verdict: a socket request, one URI of a D-Bus `Open` call, or one URL
/// after the first of the invocation that became the primary (`app a.note b.note`).
@MainActor
enum VerdictOwner {
    case socket(Connection, request: UInt32)
    case bus(BusOpenCall, index: Int)
    /// URL number `index` of the launching invocation (0 is the launch URL).
    case invocation(index: Int)

    /// The descriptor the watchdog names when a hook serving the URL overruns (socket only).
    var descriptor: Int32? {
        if case .socket(let connection, _) = self { return connection.descriptor }
        return nil
    }
}
