/// What became of a URL given to ``URLOpener/open(_:options:)``.
///
/// The cases a SchemeRouter app can answer mirror the runtime's verdicts and exit statuses
/// (`todolist URL` and `schemectl open URL` exit alike); the desktop adds `noHandler` and
/// `delivered`.
public enum OpenVerdict: Sendable, Hashable, CustomStringConvertible {
    /// The app's `open` returned `true`.
    case handled
    /// The app's `open` returned `false`, or a launch hook refused the launch URL.
    case declined
    /// The URL is malformed (checked here before anything is sent), or the app rejected it:
    /// the rule's code, the byte offset and the message.
    case rejected(code: String, offset: Int, message: String)
    /// The app's `open` threw.
    case openFailed(String)
    /// The handler could not be started, or exited before it answered.
    case launchFailed(String)
    /// The app's launch hooks overran their deadline.
    case launchTimedOut
    /// The app terminated before the URL reached it.
    case terminated
    /// No answer in time; the URL was not delivered and will not be.
    case noAnswer(String)
    /// The app's primary did not acknowledge the URL within the receipt timeout (it is stopped
    /// or stuck); the URL was not delivered and will not be.
    case unresponsive(String)
    /// The app's primary answered `busy` (at its connection limit or out of descriptors) on every
    /// try within the busy retry time (`SCHEMEROUTER_BUSY_RETRY_MS`); the URL was not delivered and
    /// will not be, so sending it again later is safe.
    case busy(String)
    /// The app's socket is served by another user (a squatter) or its runtime directory is
    /// unsafe: nothing was sent.
    case refused(String)
    /// No application is registered for the URL's scheme.
    case noHandler(scheme: String)
    /// The URL reached the handler (its process was started, or the app's socket took it) but
    /// no verdict was asked for (`waitForVerdict: false`) or can exist (the handler is not a
    /// SchemeRouter app).
    case delivered
    /// The app answered something this version does not understand.
    case protocolError(String)
    /// A hook of the running app overran the hook deadline and the app was ended (as iOS's
    /// watchdog does); the reason says which hook.
    case hookTimedOut(String)

    /// Whether the app handled the URL.
    public var isHandled: Bool { self == .handled }

    /// A stable name for scripts (`--json`): `handled`, `declined`, `rejected`, `openFailed`,
    /// `launchFailed`, `launchTimedOut`, `terminated`, `noAnswer`, `noHandler`, `delivered`, `protocolError`,
    /// `hookTimedOut`, `unresponsive`, `busy`, `refused`.
    public var name: String {
        switch self {
        case .handled: "handled"
        case .declined: "declined"
        case .rejected: "rejected"
        case .openFailed: "openFailed"
        case .launchFailed: "launchFailed"
        case .launchTimedOut: "launchTimedOut"
        case .terminated: "terminated"
        case .noAnswer: "noAnswer"
        case .noHandler: "noHandler"
        case .delivered: "delivered"
        case .protocolError: "protocolError"
        case .hookTimedOut: "hookTimedOut"
        case .unresponsive: "unresponsive"
        case .busy: "busy"
        case .refused: "refused"
        }
    }

    /// The exit status a command-line sender reports this verdict with — the table the apps
    /// themselves use (0 handled, 1 declined, 2 rejected, 3 open failed, 4 launch failed,
    /// 5 launch timed out, 6 terminated, 7 no answer, 12 hook timed out, 13 unresponsive,
    /// 75 busy, 76 protocol error, 77 refused socket) plus 10 no handler and 11 delivered without a verdict.
    public var exitStatus: Int32 {
        switch self {
        case .handled: 0
        case .declined: 1
        case .rejected: 2
        case .openFailed: 3
        case .launchFailed: 4
        case .launchTimedOut: 5
        case .terminated: 6
        case .noAnswer: 7
        case .noHandler: 10
        case .delivered: 11
        case .hookTimedOut: 12
        case .unresponsive: 13
        case .busy: 75
        case .refused: 77
        case .protocolError: 76
        }
    }

    /// A sentence for people; a verdict the app gave reads as the app's own client prints it.
    public var description: String {
        switch self {
        case .handled: "handled"
        case .declined: "declined"
        case .rejected(let code, let offset, let message): "rejected (\(code)): \(message) at byte \(offset)"
        case .openFailed(let reason): "open failed: \(reason)"
        case .launchFailed(let reason): "launch failed: \(reason)"
        case .launchTimedOut: "launch timed out"
        case .terminated: "terminated before the URL was delivered"
        case .noAnswer(let reason): "no answer: \(reason)"
        case .noHandler(let scheme): "no application handles \(scheme): URLs (schemectl register MANIFEST --exec PATH)"
        case .delivered: "delivered (no verdict)"
        case .protocolError(let reason): "protocol error: \(reason)"
        case .hookTimedOut(let reason): "hook timed out: \(reason)"
        case .unresponsive(let reason): "unresponsive: \(reason)"
        case .busy(let reason): "busy: \(reason)"
        case .refused(let reason): "refused: \(reason)"
        }
    }
}
