internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc

/// The primary's listening socket.
///
/// It is bound at `<name>.new`, listens, and only then is renamed to `<name>.sock` (replacing a
/// stale socket left by a crashed primary atomically), so every socket a sender finds at
/// `<name>.sock` is accepting, and the rename is the event waiting senders watch for.
///
/// The runtime accepts connections itself (a libuv poll handle says when the socket is
/// readable) instead of through `uv_listen`: when `accept` fails with `EMFILE`, libuv's fallback
/// accepts and closes every waiting connection without a word, and their senders cannot tell
/// that from a dead primary. Here the primary keeps one spare descriptor (``releaseReserve()``)
/// to accept each of them and answer `busy` instead.
@MainActor
final class Listener {
    /// Watches the listening socket for waiting connections.
    let poll: UnsafeMutablePointer<uv_poll_t>
    /// The listening socket (non-blocking), also used by the watchdog and at termination to
    /// answer connections still in the backlog.
    let descriptor: Int32
    /// Resumes accepting after ``pause()``.
    private let resumeTimer: UnsafeMutablePointer<uv_timer_t>
    private let onReadable: uv_poll_cb
    /// `/dev/null`, held so that one descriptor is free to accept a connection and answer it
    /// `busy` when the process has none left; -1 while released.
    private var reserve: Int32 = -1
    /// Accepting stopped after a failure (``pause()``).
    private(set) var isPaused = false

    /// How long accepting stays paused when even the reserve descriptor could not make room.
    static let pauseAfterFailure: UInt64 = 100

    /// Binds and listens; `onReadable` runs when connections wait.
    init(files: InstanceFiles, loop: EventLoop, onReadable: @escaping uv_poll_cb) throws(RuntimeError) {
        let directory = files.directory.descriptor
        _ = unlinkat(directory, files.bindingName, 0)
        let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(AF_UNIX, socketType, 0)
        guard descriptor >= 0 else { throw .system(SystemError(errno: Sys.errno, call: "socket")) }
        let bound = SocketAddress.withUnixAddress(files.bindingPath) { bind(descriptor, $0, $1) }
        guard bound == 0 else {
            let error = SystemError(errno: Sys.errno, call: "bind", path: files.bindingPath)
            Sys.close(descriptor)
            throw .system(error)
        }
        _ = fchmodat(directory, files.bindingName, 0o600, 0)
        guard listen(descriptor, SOMAXCONN) == 0 else {
            let error = SystemError(errno: Sys.errno, call: "listen", path: files.bindingPath)
            Sys.close(descriptor)
            throw .system(error)
        }
        let poll = UVHandle.allocate(uv_poll_t.self)
        let timer = UVHandle.allocate(uv_timer_t.self)
        do throws(UVError) {
            try UV.check(uv_poll_init_socket(loop.raw, poll, descriptor), "uv_poll_init_socket")
            try UV.check(uv_timer_init(loop.raw, timer), "uv_timer_init")
            try UV.check(uv_poll_start(poll, Int32(UV_READABLE.rawValue), onReadable), "uv_poll_start")
        } catch {
            Sys.close(descriptor)
            throw .uv(error)
        }
        guard renameat(directory, files.bindingName, directory, files.socketName) == 0 else {
            throw .system(SystemError(errno: Sys.errno, call: "rename", path: files.socketPath))
        }
        self.poll = poll
        self.resumeTimer = timer
        self.descriptor = descriptor
        self.onReadable = onReadable
        restoreReserve()
        timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
    }

    /// Removes `<name>.sock` so no new sender finds this primary.
    static func unlinkSocket(_ files: InstanceFiles) {
        _ = unlinkat(files.directory.descriptor, files.socketName, 0)
    }

    // MARK: Accepting

    /// What one `accept` found.
    enum Accepted {
        /// A connection (non-blocking, close-on-exec).
        case connection(Int32)
        /// Nobody waits.
        case drained
        /// Interrupted, or the client left before it was accepted: try again.
        case interrupted
        /// The process (`EMFILE`) or the system (`ENFILE`) has no descriptor left for it.
        case outOfDescriptors(BusyCause)
        /// Another failure.
        case failed(SystemError)
    }

    /// Accepts one waiting connection.
    func acceptOne() -> Accepted {
        let client = schemerouter_accept4(descriptor, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
        if client >= 0 { return .connection(client) }
        switch Sys.errno {
        case EAGAIN, EWOULDBLOCK: return .drained
        case EINTR, ECONNABORTED: return .interrupted
        case EMFILE: return .outOfDescriptors(.descriptorLimit)
        case ENFILE: return .outOfDescriptors(.systemDescriptorLimit)
        default: return .failed(SystemError(errno: Sys.errno, call: "accept4", path: nil))
        }
    }

    /// Frees the reserve descriptor, so that one `accept` can succeed when none is left.
    func releaseReserve() {
        guard reserve >= 0 else { return }
        Sys.close(reserve)
        reserve = -1
    }

    /// Takes the reserve descriptor back (after the connection it made room for is closed).
    func restoreReserve() {
        guard reserve < 0 else { return }
        reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Stops accepting for a moment (even the reserve did not make room): the backlog keeps the
    /// connections, and ``resume()`` (a connection ended, or the pause is over) goes on.
    func pause() {
        guard !isPaused else { return }
        isPaused = true
        UV.expect(uv_poll_stop(poll), "uv_poll_stop")
        UV.expect(uv_timer_start(resumeTimer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                Unmanaged<Listener>.fromOpaque(data).takeUnretainedValue().resume()
            }
        }, Self.pauseAfterFailure, 0), "uv_timer_start")
    }

    /// Accepts again after ``pause()``.
    func resume() {
        guard isPaused else { return }
        isPaused = false
        UV.expect(uv_timer_stop(resumeTimer), "uv_timer_stop")
        UV.expect(uv_poll_start(poll, Int32(UV_READABLE.rawValue), onReadable), "uv_poll_start")
    }

    // MARK: Closing

    /// Accepts every connection still waiting in the backlog, sends each `bytes` and closes it
    /// (used when the primary stops: they would otherwise see a reset, not a reason).
    nonisolated static func refuseBacklog(descriptor: Int32, with bytes: [UInt8]) {
        while true {
            let client = schemerouter_accept4(descriptor, Int32(SOCK_CLOEXEC.rawValue))
            if client < 0 {
                if Sys.errno == EINTR { continue }
                return
            }
            _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            Sys.close(client)
        }
    }

    /// Stops watching and closes the listening socket and the reserve.
    func close() {
        let free: uv_close_cb = { handle in if let handle { UVHandle.free(handle) } }
        uv_close(UVHandle.handle(resumeTimer), free)
        // Closing the poll handle takes the descriptor out of the loop's epoll set at once.
        uv_close(UVHandle.handle(poll), free)
        Sys.close(descriptor)
        releaseReserve()
    }
}
