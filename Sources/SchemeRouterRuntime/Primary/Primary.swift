internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle

/// The app's one running instance: it coordinates the two doors that bring it requests (the
/// ``SocketDoor`` and the ``BusDoor``), the one command path into the app's lifecycle controller
/// (``submit(_:)``, ``perform(_:)``), and its own life, on the main thread's libuv loop.
///
/// Phases: ``Phase/collecting`` (socket bound, requests that already arrived are queued),
/// ``Phase/launching`` (the launch hooks run under the watchdog's launch deadline), ``Phase/running``
/// (commands are carried out as they arrive), ``Phase/terminating`` (replies flushed, then exit).
///
/// Where things happen: the launch in `Primary+Launch`, commands in `Primary+Commands` (the app's
/// hooks run only there, under the ``Watchdog``), URLs from either door in `Primary+Requests`,
/// termination and signals in `Primary+Termination`; the app's background time, system events
/// and state preservation in the `App` folder; each door in its own folder.
@MainActor
final class Primary {
    /// Where the primary is in its life.
    enum Phase {
        case collecting
        case launching
        case running
        case terminating
    }

    // MARK: The app
    let app: AppIdentity
    /// Routes every URL to the app's request before any hook runs.
    let router: PrimaryRouter
    let settings: RuntimeSettings
    /// The one lifecycle controller that drives the app's delegate, once the launch began.
    var controller: LifecycleController?
    /// Ends the app when a hook overruns its deadline.
    let watchdog: Watchdog
    let trace: TraceWriter?
    /// Who sent the URL being delivered (for the trace).
    var currentSource: SourceApplication?
    /// The activation token that came with the URL being delivered (for the trace).
    var currentToken: String?
    /// How the window layer presents the app's window (a scene's, by session), with an activation token.
    var presentWindow: (@MainActor (_ scene: String?, _ activationToken: String?) -> Void)?
    /// The background deadline's timer.
    var backgroundTimer: UnsafeMutablePointer<uv_timer_t>?
    /// The clock, time-zone, locale and memory sources, once the app runs.
    var systemEventSources: SystemEventSources?

    // MARK: The instance
    let files: InstanceFiles
    let lock: InstanceLock
    let loop: EventLoop
    /// The run loop that drives this primary's libuv loop, when it is not libuv's own.
    var host: (any HostRunLoop)?
    var phase = Phase.collecting
    /// Where the launch URL's verdict goes (the invoking process, or `SCHEMEROUTER_VERDICT_FD`).
    var launchSink: VerdictSink?
    /// The same, kept after the launch while the invocation's other URLs are owed their verdicts.
    var invocationSink: VerdictSink?
    /// How many of those are still owed.
    var invocationOwed = 0
    /// SIGTERM and SIGINT watchers.
    var signalHandles: [UnsafeMutablePointer<uv_signal_t>] = []
    /// The exit status once terminated.
    var exitStatus = ExitStatus.success

    // MARK: The doors and the one queue
    /// The socket door: the listening socket and the connections it serves.
    private(set) var socketDoor: SocketDoor!
    /// The D-Bus door (`org.freedesktop.Application`), when the session bus is there.
    var busDoor: BusDoor?
    /// Received bytes held for both doors together.
    let budget: BufferBudget
    /// Commands from every door that arrived before the launch, in arrival order.
    var pendingCommands: [AppCommand] = []
    /// Who is owed the launch URL's verdict when it was taken from ``pendingCommands`` (a
    /// bus-activated launch).
    var launchOwner: VerdictOwner?
    var lastDeliveryID: UInt64 = 0

    init(
        app: AppIdentity, router: PrimaryRouter, files: InstanceFiles, lock: InstanceLock, settings: RuntimeSettings,
        loop: EventLoop, listener: Listener, launchSink: VerdictSink?
    ) {
        self.app = app
        self.router = router
        self.files = files
        self.lock = lock
        self.settings = settings
        self.loop = loop
        self.launchSink = launchSink
        self.watchdog = Watchdog(
            socketPath: files.socketPath, listenDescriptor: listener.descriptor,
            launchDeadline: settings.launchDeadline, hookDeadline: settings.hookDeadline, busy: BusyMarker(files: files))
        self.trace = settings.tracePath.flatMap { TraceWriter(path: $0) }
        self.budget = BufferBudget(limit: settings.maximumBufferedBytes)
        self.socketDoor = SocketDoor(
            primary: self, listener: listener,
            connectionLimit: DescriptorLimit.connections(requested: settings.maximumConnections))
    }

    /// The next delivery number.
    func nextDelivery() -> DeliveryID {
        lastDeliveryID += 1
        return DeliveryID(lastDeliveryID)
    }
}

/// What the runtime needs to know about the app from its manifest.
struct AppIdentity: Sendable {
    /// The manifest.
    let manifest: Manifest
    /// The bundle name, e.g. `com.acme.todolist`: names the lock file and socket.
    let name: String
    /// The schemes it declares, lower-cased.
    let schemes: [String]

    init(_ manifest: Manifest) {
        self.manifest = manifest
        name = manifest.name.rawValue
        schemes = manifest.schemes.map(\.rawValue)
    }

    /// Whether the app declares `scheme` (compared lower-cased).
    func declares(_ scheme: String) -> Bool { schemes.contains(scheme.lowercased()) }
}
