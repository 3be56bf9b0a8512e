/// The reason byte of an ``ErrorMessage``: why the primary is closing the connection.
public enum WireErrorCode: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The header did not start with `SR`.
    case badMagic = 1
    /// The header's version is not supported; the message names the supported one.
    case unsupportedVersion = 2
    /// The frame type is unknown, or not one a client may send.
    case unexpectedType = 3
    /// The header announced a payload over 64 KiB; nothing of it was read.
    case frameTooLarge = 4
    /// The client closed its side in the middle of a frame.
    case truncated = 5
    /// The payload is not a valid field list for its type.
    case malformed = 6
    /// No complete frame arrived within the idle timeout (an idle or dribbling client).
    case idleTimeout = 7
    /// The client runs as another user; only the app's own user is served.
    case peerRefused = 8
    /// The primary already serves its maximum number of connections.
    case busy = 9
    /// The app's launch overran its deadline; the app is exiting and nothing was delivered.
    case launchTimedOut = 10
    /// The app is terminating; requests not answered yet were not delivered (send them again:
    /// the next invocation launches a new primary).
    case terminated = 11
    /// A hook serving this connection's request (its first unanswered one) overran the hook
    /// deadline and the app was ended: the request may have been partly handled.
    case hookTimedOut = 12

    /// The code's name, e.g. `idleTimeout`.
    public var description: String {
        switch self {
        case .badMagic: "badMagic"
        case .unsupportedVersion: "unsupportedVersion"
        case .unexpectedType: "unexpectedType"
        case .frameTooLarge: "frameTooLarge"
        case .truncated: "truncated"
        case .malformed: "malformed"
        case .idleTimeout: "idleTimeout"
        case .peerRefused: "peerRefused"
        case .busy: "busy"
        case .launchTimedOut: "launchTimedOut"
        case .terminated: "terminated"
        case .hookTimedOut: "hookTimedOut"
        }
    }
}
