internal import CLibUV
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// The primary's second front door: `org.freedesktop.Application` on the session bus
/// (Docs/DBus.md). Its calls become the same commands as the socket's (``AppCommand``), through
/// the same queue and the same request path.
@MainActor
final class BusDoor {
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

    /// A call whose sender the bus is being asked about, and what runs once it is known.
    struct CallerLookup {
        let message: BusMessage
        let body: @MainActor (SourceApplication) -> Void
    }

    init(names: BusNames) {
        self.names = names
    }

    /// The most callers remembered at once.
    static let callerCacheLimit = 1024
}
