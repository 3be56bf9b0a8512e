public import SchemeRouter

/// What became of one delivered URL: the answer a waiting sender receives.
public enum DeliveryVerdict: Sendable, Hashable, CustomStringConvertible {
    /// `open` returned `true`.
    case handled
    /// `open` returned `false`, or (for a launch URL) a launch hook returned `false` so `open`
    /// never ran.
    case declined
    /// `open` threw; the payload is the error's description.
    case openFailed(String)
    /// The URL was refused before any hook ran: it matches no route, or a value is invalid
    /// (the reason carries the byte offset).
    case rejected(RouteError)
    /// The launch overran its deadline before the URL could be opened
    /// (see ``LaunchFailure/timedOut(hook:elapsed:deadline:)``).
    case launchTimedOut
    /// The app terminated before the URL was handed to it. The controller handles every URL it
    /// is given synchronously, so only the runtime assigns this verdict, to URLs it accepted but
    /// had not yet passed on when the app terminated.
    case terminated

    /// A short phrase for logs and for the sender.
    public var description: String {
        switch self {
        case .handled: "handled"
        case .declined: "declined"
        case .openFailed(let reason): "open failed: \(reason)"
        case .rejected(let reason): "rejected: \(reason)"
        case .launchTimedOut: "launch timed out"
        case .terminated: "terminated"
        }
    }
}
