internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle

/// The app's one running instance: it owns the listening socket and the lifecycle controller,
/// and handles every event, one at a time in arrival order, on the main thread's libuv loop.
///
/// Phases: ``Phase/collecting`` (socket bound, URLs that already arrived are queued),
/// ``Phase/launching`` (the launch hooks run under the watchdog's launch deadline), ``Phase/running``
/// (URLs are delivered as they arrive), ``Phase/terminating`` (replies flushed, then exit).
@MainActor
final class Primary {
    /// Where the primary is in its life.
    enum Phase {
        case collecting
        case launching
        case running
        case terminating
    }

    let app: AppIdentity
    /// Routes every URL to the app's request before any hook runs.
    let router: PrimaryRouter
    let files: InstanceFiles
    let lock: InstanceLock
    let settings: RuntimeSettings
    let loop: EventLoop
    let listener: Listener
    let watchdog: Watchdog
    let trace: TraceWriter?
    /// Where the launch URL's verdict goes (the invoking process, or `SCHEMEROUTER_VERDICT_FD`).
    var launchSink: VerdictSink?

    var phase = Phase.collecting
    /// The one lifecycle controller that drives the app's delegate, once the launch began.
    var controller: LifecycleController?
    var connections: [UInt64: Connection] = [:]
    var lastConnectionID: UInt64 = 0
    var lastDeliveryID: UInt64 = 0
    /// Commands from every door that arrived before the launch, in arrival order.
    var pendingCommands: [AppCommand] = []
    /// Who is owed the launch URL's verdict when it was taken from ``pendingCommands`` (a
    /// bus-activated launch).
    var launchOwner: VerdictOwner?
    /// The D-Bus door (`org.freedesktop.Application`), when the session bus is there.
    var busDoor: BusDoor?
    /// Request ids seen and their verdicts, to answer retries (``RequestMemory``).
    var requestMemory = RequestMemory()
    /// The background deadline's timer.
    var backgroundTimer: UnsafeMutablePointer<uv_timer_t>?
    /// SIGTERM and SIGINT watchers.
    var signalHandles: [UnsafeMutablePointer<uv_signal_t>] = []
    /// The exit status once terminated.
    var exitStatus = ExitStatus.success
    /// Received bytes held for all connections together (incomplete frames, queued requests),
    /// bounded by ``RuntimeSettings/maximumBufferedBytes``.
    var bufferedBytes = 0
    /// Who sent the URL being delivered (for the trace).
    var currentSource: SourceApplication?
    /// The activation token that came with the URL being delivered (for the trace).
    var currentToken: String?
    /// The run loop that drives this primary's libuv loop, when it is not libuv's own.
    var host: (any HostRunLoop)?
    /// How the window layer presents the app's window (a scene's, by session), with an activation token.
    var presentWindow: (@MainActor (_ scene: String?, _ activationToken: String?) -> Void)?
    /// The connections served at once: `SCHEMEROUTER_MAX_CONNECTIONS`, capped by the
    /// descriptor limit (``DescriptorLimit``); more are answered `busy` (``acceptWaiting()``).
    let connectionLimit: Int
    /// Whether the trace already says the executable was replaced on disk.
    var reportedReplacedExecutable = false
    /// The clock, time-zone, locale and memory sources, once the app runs.
    var systemEventSources: SystemEventSources?

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
        self.listener = listener
        self.launchSink = launchSink
        self.watchdog = Watchdog(
            socketPath: files.socketPath, listenDescriptor: listener.descriptor,
            launchDeadline: settings.launchDeadline, hookDeadline: settings.hookDeadline, busy: BusyMarker(files: files))
        self.trace = settings.tracePath.flatMap { TraceWriter(path: $0) }
        self.connectionLimit = DescriptorLimit.connections(requested: settings.maximumConnections)
    }

    /// The next delivery number.
    func nextDelivery() -> DeliveryID {
        lastDeliveryID += 1
        return DeliveryID(lastDeliveryID)
    }

    // MARK: Connections

    /// Serves an accepted connection: checks who it is, then reads its frames.
    func serve(_ client: Int32) {
        let pipe = UVHandle.allocate(uv_pipe_t.self)
        let timer = UVHandle.allocate(uv_timer_t.self)
        var opened = false
        do throws(UVError) {
            try UV.check(uv_pipe_init(loop.raw, pipe, 0), "uv_pipe_init")
            try UV.check(uv_pipe_open(pipe, client), "uv_pipe_open")
            opened = true
            try UV.check(uv_timer_init(loop.raw, timer), "uv_timer_init")
        } catch {
            // Initialised or not, the handle must be closed before it is freed; once opened it
            // owns the descriptor.
            uv_close(UVHandle.handle(pipe)) { handle in if let handle { UVHandle.free(handle) } }
            UVHandle.free(timer)
            if !opened { Sys.close(client) }
            Log.error("accept failed: \(error)")
            return
        }
        let descriptor = client
        let peer = (try? PeerCredentials(socket: descriptor)) ?? PeerCredentials(pid: 0, uid: UInt32.max)
        let user = geteuid()
        let executable = peer.uid == user ? PeerCredentials.verifiedExecutable(socket: descriptor, pid: peer.pid) : nil
        lastConnectionID += 1
        let connection = Connection(
            id: lastConnectionID, pipe: pipe, timer: timer, descriptor: descriptor, peer: peer, executable: executable,
            primary: self)
        pipe.pointee.data = connection.opaque
        timer.pointee.data = connection.opaque
        connections[connection.id] = connection
        watchdog.register(descriptor)
        if peer.uid != user {
            Log.error(
                "refused a connection from uid \(peer.uid) (pid \(peer.pid)) on \(files.socketPath): "
                    + "only uid \(user) is served")
            connection.fail(ErrorMessage(code: .peerRefused, message: "only uid \(user) may use this socket"))
            return
        }
        noteReplacedExecutable()
        connection.restartIdleTimer()
        connection.startReading()
    }

    /// A connection stopped being served (its handles close next).
    func connectionClosing(_ connection: Connection) {
        watchdog.unregister(connection.descriptor)
        bufferedBytes -= connection.accountedBytes
        connection.accountedBytes = 0
    }

    // MARK: The buffer budget

    /// Brings the connection's share of ``bufferedBytes`` up to date; a connection whose
    /// incomplete frame takes the total past the budget is answered `busy`.
    func account(_ connection: Connection) {
        guard !connection.isClosing else { return }
        let held = (connection.decoder.isInsideFrame ? connection.decoder.storageBytes : 0) + connection.queuedRequestBytes
        let growth = held - connection.accountedBytes
        bufferedBytes += growth
        connection.accountedBytes = held
        if growth > 0 && bufferedBytes > settings.maximumBufferedBytes {
            connection.fail(budgetExceeded(by: growth))
        }
    }

    /// Reserves room for a request queued during the launch: `false` (and the connection is
    /// answered `busy`, the request not queued) when it does not fit in the budget.
    func reserve(_ bytes: Int, for connection: Connection) -> Bool {
        guard bufferedBytes + bytes <= settings.maximumBufferedBytes else {
            connection.fail(budgetExceeded(by: bytes))
            return false
        }
        connection.queuedRequestBytes += bytes
        connection.accountedBytes += bytes
        bufferedBytes += bytes
        return true
    }

    private func budgetExceeded(by bytes: Int) -> ErrorMessage {
        ErrorMessage(
            code: .busy,
            message: "the primary holds \(bufferedBytes) bytes received from its clients; \(bytes) more would pass "
                + "its budget of \(settings.maximumBufferedBytes) (SCHEMEROUTER_MAX_BUFFERED_BYTES)")
    }

    /// A connection's handles are closed: forget it.
    func forget(_ connection: Connection) {
        connections[connection.id] = nil
        if listener.isPaused && phase != .terminating { listener.resume() }
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
