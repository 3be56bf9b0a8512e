internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouterLifecycle

/// The primary's first front door: its Unix socket. It accepts connections up to its limit (and
/// sheds the rest with `busy`), checks who each peer is, reads their frames within the buffer
/// budget, and hands the primary their URLs and control requests as commands; retries and
/// receipts keep a sender's exit status true (Docs/WakeProtocol.md).
@MainActor
final class SocketDoor {
    /// The primary the door serves.
    unowned let primary: Primary
    /// The listening socket.
    let listener: Listener
    /// The connections being served, by id.
    var connections: [UInt64: Connection] = [:]
    var lastConnectionID: UInt64 = 0
    /// The connections served at once: `SCHEMEROUTER_MAX_CONNECTIONS`, capped by the
    /// descriptor limit (``DescriptorLimit``); more are answered `busy` (``acceptWaiting()``).
    let connectionLimit: Int
    /// Request ids seen and their verdicts, to answer retries (``RequestMemory``).
    var requestMemory = RequestMemory()
    /// Whether the trace already says the executable was replaced on disk.
    var reportedReplacedExecutable = false

    init(primary: Primary, listener: Listener, connectionLimit: Int) {
        self.primary = primary
        self.listener = listener
        self.connectionLimit = connectionLimit
    }

    /// Serves an accepted connection: checks who it is, then reads its frames.
    func serve(_ client: Int32) {
        let pipe = UVHandle.allocate(uv_pipe_t.self)
        let loop = primary.loop
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
        // Another user's connection is refused below, unexamined.
        let source =
            peer.uid == user
            ? peer.verifiedSource(socket: descriptor) : SourceApplication(name: "uid \(peer.uid)", uid: peer.uid, isClaimed: false)
        lastConnectionID += 1
        let connection = Connection(
            id: lastConnectionID, pipe: pipe, timer: timer, descriptor: descriptor, peer: peer, verifiedSource: source,
            door: self)
        pipe.pointee.data = connection.opaque
        timer.pointee.data = connection.opaque
        connections[connection.id] = connection
        primary.watchdog.register(descriptor)
        if peer.uid != user {
            Log.error(
                "refused a connection from uid \(peer.uid)\(peer.pid > 0 ? " (pid \(peer.pid))" : "") on \(primary.files.socketPath): "
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
        primary.watchdog.unregister(connection.descriptor)
        primary.budget.release(connection.accountedBytes)
        connection.accountedBytes = 0
    }

    // MARK: The buffer budget

    /// Brings the connection's share of the ``BufferBudget`` up to date; a connection whose
    /// incomplete frame takes the total past the budget is answered `busy`.
    func account(_ connection: Connection) {
        guard !connection.isClosing else { return }
        let held = (connection.decoder.isInsideFrame ? connection.decoder.storageBytes : 0) + connection.queuedRequestBytes
        let growth = held - connection.accountedBytes
        primary.budget.hold(growth)
        connection.accountedBytes = held
        if growth > 0 && !primary.budget.fits(0) {
            connection.fail(budgetExceeded(by: growth))
        }
    }

    /// Reserves room for a request queued during the launch: `false` (and the connection is
    /// answered `busy`, the request not queued) when it does not fit in the budget.
    func reserve(_ bytes: Int, for connection: Connection) -> Bool {
        guard primary.budget.fits(bytes) else {
            connection.fail(budgetExceeded(by: bytes))
            return false
        }
        connection.queuedRequestBytes += bytes
        connection.accountedBytes += bytes
        primary.budget.hold(bytes)
        return true
    }

    private func budgetExceeded(by bytes: Int) -> ErrorMessage {
        ErrorMessage(
            code: .busy,
            message: "the primary holds \(primary.budget.held) bytes received from its clients; \(bytes) more would pass "
                + "its budget of \(primary.budget.limit) (SCHEMEROUTER_MAX_BUFFERED_BYTES)")
    }

    /// A connection's handles are closed: forget it.
    func forget(_ connection: Connection) {
        connections[connection.id] = nil
        if listener.isPaused && primary.phase != .terminating { listener.resume() }
    }
}
