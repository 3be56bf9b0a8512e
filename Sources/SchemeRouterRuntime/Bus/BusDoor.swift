internal import CLibUV
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// The primary's second front door: `org.freedesktop.Application` on the session bus
/// (Docs/DBus.md). It owns its connection, learns who calls, and hands the primary the same
/// commands as the socket door (``AppCommand``), through the same queue and the same request
/// path: its URIs one per loop turn once the app runs (``BusDoor/enqueue(_:)``).
@MainActor
final class BusDoor {
    /// The primary the door serves.
    unowned let primary: Primary
    /// The app's names on the bus.
    let names: BusNames
    /// The connection; `nil` when there is no session bus or it went away.
    var connection: BusConnection?
    /// Callers already asked about, by unique name (unique names are never reused on a bus).
    var callers: [String: SourceApplication] = [:]
    /// Calls waiting for the bus to say who their sender is, by unique name, in arrival order.
    var callerLookups: [String: [CallerLookup]] = [:]
    /// Started by the bus (`--gapplication-service`): the launch waits for the first call, whose
    /// first URI becomes the launch URL.
    var awaitingLaunch = false
    /// Fires the bus-activated launch (at once on the first request, or after the launch deadline).
    var launchTimer: UnsafeMutablePointer<uv_timer_t>?
    /// Runs the launch of a bus-started primary.
    var startLaunch: (@MainActor () -> Void)?
    /// Calls of the running app waiting for their turn, in arrival order: the door hands the
    /// primary one URI (or one `Activate`, `ActivateAction`) per loop turn, so the socket door
    /// and other callers are served between them.
    var work: [Work] = []
    /// Runs ``work`` one step per loop turn while there is any.
    var worker: UnsafeMutablePointer<uv_idle_t>?
    /// Bounds the age of the calls read (``BusCallClock``).
    var clock: BusCallClock?
    /// Brings the door back after its connection was lost.
    var reconnectTimer: UnsafeMutablePointer<uv_timer_t>?
    /// The pause before the next reconnection attempt.
    var reconnectDelay: Duration = .zero

    /// A call of the running app, waiting for its turn.
    enum Work {
        /// An `Open`: one URI per turn.
        case open(BusOpenCall)
        /// An `Activate` or `ActivateAction` (answered on `message`), read when the call window
        /// began at `since`.
        case command(AppCommand, message: BusMessage, since: Duration)
    }

    /// A call whose sender the bus is being asked about, and what runs once it is known.
    struct CallerLookup {
        let message: BusMessage
        let body: @MainActor (SourceApplication) -> Void
    }

    init(primary: Primary, names: BusNames) {
        self.primary = primary
        self.names = names
    }

    /// The door as the data of a libuv handle's callback.
    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The door a libuv handle's callback belongs to.
    static func from(_ data: UnsafeMutableRawPointer?) -> BusDoor? {
        data.map { Unmanaged<BusDoor>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The most callers remembered at once.
    static let callerCacheLimit = 1024

    /// The most URIs one `Open` call may carry; a call with more is refused whole
    /// (`org.freedesktop.DBus.Error.LimitsExceeded`), none of its URIs delivered.
    static let maximumURIsPerCall = 1024

    /// The reply timeout D-Bus callers use unless they set another (libdbus's and GDBus's default).
    static let standardReplyTimeout: Duration = .seconds(25)

    /// How old a call may be when its turn comes: the standard reply timeout less the hook
    /// deadline, so that the hook it starts ends, and its reply is sent, before a caller with the
    /// standard timeout gives up (20 s by default; 25 s with the hook deadline off; at least 1 s).
    static func callWindow(hookDeadline: Duration) -> Duration {
        guard hookDeadline > .zero else { return standardReplyTimeout }
        return max(.seconds(1), standardReplyTimeout - hookDeadline)
    }
}
