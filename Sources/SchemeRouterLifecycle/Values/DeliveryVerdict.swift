public import SchemeRouter

/// What became of a URL sent to an app: the one verdict the lifecycle controller reports for a
/// delivery, the running primary sends back to its sender, `app URL` and `schemectl open` exit
/// with, and `URLOpener` returns.
///
/// A verdict is ``handled`` only when the app's hook returned `true`; every other outcome,
/// including a primary that died before answering, is a distinct failure. The
/// ``LifecycleController`` gives the first six (``handled``, ``declined``, ``rejected(code:offset:message:)``,
/// ``openFailed(_:)``, ``launchTimedOut``, ``terminated``); the runtime adds what only a process
/// can see (deadlines, a primary that is gone, stopped or busy), the desktop what only it can
/// (no handler, handed over without a verdict, not opened by the desktop's portal).
public enum DeliveryVerdict: Sendable, Hashable, CustomStringConvertible {
    /// `open` (or `openURLContexts`, or the `willConnect` of the scene it connected) returned
    /// `true` / did not throw.
    case handled
    /// The app launched without a URL (plain `app` or `app --background`) and is running.
    case launched
    /// `open` returned `false`, or (for a launch URL) a launch hook returned `false` so `open`
    /// never ran.
    case declined
    /// The URL was refused before any hook ran: a `URLRejection`, `undeclared-scheme` for a
    /// scheme the app does not declare (offset 0), or a `RouteError` (no route matches, a value is
    /// invalid): the rule's code, the byte offset of the fault and the message.
    case rejected(code: String, offset: Int, message: String)
    /// `open` threw; the payload is the error's description.
    case openFailed(String)
    /// The app could not be started, or its primary exited (crashed, was killed) before it answered.
    case launchFailed(String)
    /// The launch hooks overran the launch deadline before the URL could be opened
    /// (see ``LaunchFailure/timedOut(hook:elapsed:deadline:)``).
    case launchTimedOut
    /// The app terminated before the URL was handed to it. The controller hands every URL it is
    /// given over at once, so only the runtime gives this verdict, to URLs it accepted but had
    /// not yet passed on when the app terminated.
    case terminated
    /// A hook serving the URL overran the hook deadline and the app was ended, as iOS's watchdog
    /// does: the URL may have been partly handled, so it is not sent again automatically.
    case hookTimedOut(String)
    /// No answer in time: the primary did not come up, answer, or accept the connection. The URL
    /// was not delivered and will not be.
    case noAnswer(String)
    /// The primary's loop did not acknowledge the request within the receipt timeout (it is
    /// stopped or stuck outside its hooks). The URL was not delivered and never will be.
    case unresponsive(String)
    /// The primary answered `busy` (at its connection limit or out of descriptors) on every try
    /// within the busy retry time. It read nothing of the request: the URL was not delivered and
    /// never will be, so sending it again later is safe.
    case busy(String)
    /// The app's socket is served by another user (a squatter) or its runtime directory is
    /// unsafe: nothing was sent.
    case refused(String)
    /// No application is registered for the URL's scheme.
    case noHandler(scheme: String)
    /// The URL reached the handler (its process was started) but no verdict was asked for or can
    /// exist (the handler is not a SchemeRouter app, or the URL went through the OpenURI portal
    /// from inside a sandbox: the portal reports that it launched a handler, never what the
    /// handler did).
    case delivered
    /// Inside a sandbox, the desktop's OpenURI portal did not open the URL: the user dismissed
    /// its chooser, the portal found no handler or could not start one (it does not say which),
    /// or there is no portal to ask. Nothing was started.
    case notOpened(String)
    /// The peer closed the connection with a protocol error, or answered in a protocol this
    /// version does not understand.
    case protocolError(String)

    /// The verdict for a URL the parser rejected.
    public init(_ rejection: URLRejection) {
        self = .rejected(code: rejection.code, offset: rejection.offset, message: rejection.message)
    }

    /// The verdict for a URL that matches no route or carries an invalid value.
    public init(_ error: RouteError) {
        self = .rejected(code: error.code, offset: error.offset ?? 0, message: error.message)
    }

    /// Whether the URL was handled (or the URL-less launch succeeded).
    public var isSuccess: Bool { self == .handled || self == .launched }

    /// A stable name for scripts (`--json`): `handled`, `launched`, `declined`, `rejected`,
    /// `openFailed`, `launchFailed`, `launchTimedOut`, `terminated`, `hookTimedOut`, `noAnswer`,
    /// `unresponsive`, `busy`, `refused`, `noHandler`, `delivered`, `notOpened`, `protocolError`.
    public var name: String {
        switch self {
        case .handled: "handled"
        case .launched: "launched"
        case .declined: "declined"
        case .rejected: "rejected"
        case .openFailed: "openFailed"
        case .launchFailed: "launchFailed"
        case .launchTimedOut: "launchTimedOut"
        case .terminated: "terminated"
        case .hookTimedOut: "hookTimedOut"
        case .noAnswer: "noAnswer"
        case .unresponsive: "unresponsive"
        case .busy: "busy"
        case .refused: "refused"
        case .noHandler: "noHandler"
        case .delivered: "delivered"
        case .notOpened: "notOpened"
        case .protocolError: "protocolError"
        }
    }

    /// The verdict for people, with the URL and a caret under the fault for a rejection (as
    /// `schemectl route` prints it), else `URL: verdict`.
    public func render(url: String) -> String {
        if case .rejected(_, let offset, let message) = self {
            return CaretRendering.render("\(message) at byte \(offset)", input: Array(url.utf8), offset: offset)
        }
        return "\(url): \(self)"
    }

    /// A sentence for people, e.g. `rejected (space): raw space: percent-encode it as %20 at byte 11`.
    public var description: String {
        switch self {
        case .handled: "handled"
        case .launched: "launched"
        case .declined: "declined"
        case .rejected(let code, let offset, let message): "rejected (\(code)): \(message) at byte \(offset)"
        case .openFailed(let reason): "open failed: \(reason)"
        case .launchFailed(let reason): "launch failed: \(reason)"
        case .launchTimedOut: "launch timed out"
        case .terminated: "terminated before the URL was delivered"
        case .hookTimedOut(let reason): "hook timed out: \(reason)"
        case .noAnswer(let reason): "no answer: \(reason)"
        case .unresponsive(let reason): "unresponsive: \(reason)"
        case .busy(let reason): "busy: \(reason)"
        case .refused(let reason): "refused: \(reason)"
        case .noHandler(let scheme): "no application handles \(scheme): URLs (schemectl register MANIFEST --exec PATH)"
        case .delivered: "delivered (no verdict)"
        case .notOpened(let reason): "not opened: \(reason)"
        case .protocolError(let reason): "protocol error: \(reason)"
        }
    }
}
