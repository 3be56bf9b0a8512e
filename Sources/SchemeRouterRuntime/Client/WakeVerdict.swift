public import SchemeRouter
public import SchemeRouterLifecycle

/// What became of a URL sent to an app: the answer ``WakeClient`` returns and the verdict an
/// `app URL` invocation exits with (``exitStatus``).
///
/// A verdict is ``handled`` only when the app's `open` returned `true`; every other outcome,
/// including a primary that died before answering, is a distinct failure.
public enum WakeVerdict: Sendable, Hashable, CustomStringConvertible {
    /// `open` returned `true`.
    case handled
    /// The app launched without a URL (plain `app` or `app --background`) and is running.
    case launched
    /// `open` returned `false`, or a launch hook returned `false` for the launch URL.
    case declined
    /// The URL was refused before any hook ran: a `URLRejection` (its `URLRejection/code`,
    /// byte `URLRejection/offset` and `URLRejection/message`), `undeclared-scheme` for a
    /// scheme the app does not declare (offset 0), or a `RouteError` (no route matches, a value
    /// is invalid: its `RouteError/code`, offset and message).
    case rejected(code: String, offset: Int, message: String)
    /// `open` threw; the error's description.
    case openFailed(String)
    /// The primary exited (crashed, was killed, failed to start) before it answered.
    case launchFailed(String)
    /// The launch hooks overran the launch deadline.
    case launchTimedOut
    /// The app terminated before the URL reached it.
    case terminated
    /// A hook serving the URL (`open`, or a transition around it) overran the hook deadline and
    /// the app was ended, as iOS's watchdog does: the URL may have been partly handled, so it
    /// is not sent again automatically.
    case hookTimedOut(String)
    /// No answer in time: the primary did not come up, answer, or accept the connection. The
    /// URL was not delivered and will not be: a queued URL whose sender gave up is dropped (a
    /// hook already running for it is bounded by the hook deadline, which ends the app: 12).
    case noAnswer(String)
    /// The primary's loop did not acknowledge the request within the receipt timeout
    /// (`SCHEMEROUTER_RECEIPT_TIMEOUT_MS`): it is stopped or stuck outside its hooks. The URL
    /// was not delivered and never will be (the sender's give-up makes the primary drop it).
    case unresponsive(String)
    /// The primary answered `busy` (``BusyMessage``: at its connection limit or out of
    /// descriptors) on every try within the busy retry time (`SCHEMEROUTER_BUSY_RETRY_MS`). It
    /// read nothing of the request: the URL was not delivered and never will be.
    case busy(String)
    /// The primary closed the connection with a protocol error (``ErrorMessage``).
    case protocolError(String)

    /// The verdict for a URL the parser rejected.
    public init(_ rejection: URLRejection) {
        self = .rejected(code: rejection.code, offset: rejection.offset, message: rejection.message)
    }

    /// The verdict for a URL that matches no route or carries an invalid value.
    public init(_ error: RouteError) {
        self = .rejected(code: error.code, offset: error.offset ?? 0, message: error.message)
    }

    /// The verdict of a delivery the lifecycle controller reported.
    public init(_ verdict: DeliveryVerdict) {
        switch verdict {
        case .handled: self = .handled
        case .declined: self = .declined
        case .openFailed(let reason): self = .openFailed(reason)
        case .rejected(let error): self = WakeVerdict(error)
        case .launchTimedOut: self = .launchTimedOut
        case .terminated: self = .terminated
        }
    }

    /// The documented exit status for this verdict (see ``ExitStatus``).
    public var exitStatus: ExitStatus {
        switch self {
        case .handled, .launched: .success
        case .declined: .declined
        case .rejected: .rejected
        case .openFailed: .openFailed
        case .launchFailed: .launchFailed
        case .launchTimedOut: .launchTimedOut
        case .terminated: .terminated
        case .hookTimedOut: .hookTimedOut
        case .noAnswer: .noAnswer
        case .unresponsive: .unresponsive
        case .busy: .busy
        case .protocolError: .protocolError
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

    /// Whether the URL was handled (or the URL-less launch succeeded).
    public var isSuccess: Bool { exitStatus == .success }

    /// A sentence for people, e.g. `rejected: raw space: percent-encode it as %20 at byte 11`.
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
        case .protocolError(let reason): "protocol error: \(reason)"
        }
    }
}
