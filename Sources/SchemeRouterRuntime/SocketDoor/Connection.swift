internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouterLifecycle

/// One accepted client of the primary: its libuv pipe and idle timer, the frames it sent that
/// are not complete yet, and what is still owed to it.
///
/// Lifetime: the ``Primary`` holds it in ``Primary/connections`` from accept until both its
/// handles' close callbacks ran; the handles' `data` point at it unretained.
@MainActor
final class Connection {
    /// The primary's number for this connection.
    let id: UInt64
    /// The accepted socket.
    let pipe: UnsafeMutablePointer<uv_pipe_t>
    /// The idle/read deadline (slowloris guard).
    let timer: UnsafeMutablePointer<uv_timer_t>
    /// The socket's descriptor.
    let descriptor: Int32
    /// Who connected, as the kernel saw it.
    let peer: PeerCredentials
    /// The door serving it.
    unowned let door: SocketDoor

    /// Bytes of frames not complete yet.
    var decoder = FrameDecoder(accepting: [.open, .control])
    /// Requests accepted and queued (during the launch) but not answered yet.
    var owedReplies = 0
    /// Reply bytes not handed to libuv yet (they wait for the write in flight).
    var outbox: [UInt8] = []
    /// The buffer of the one `uv_write` in flight, if any.
    var writeInFlight: UnsafeMutableRawBufferPointer?
    /// Reading and handling stopped because the client does not read its replies.
    var pausedForWrites = false
    /// Whether `uv_read_start` is in effect.
    var isReading = false
    /// The client shut down its sending side (EOF seen).
    var peerFinished = false
    /// `close()` was called: no more frames are handled; the handles close once writes finish.
    var isClosing = false
    /// `uv_close` was called on both handles.
    var handlesClosing = false
    /// Handles whose close callback has not run yet.
    var openHandles = 2
    /// Bytes of queued (unanswered) requests this connection holds against the primary's
    /// buffer budget.
    var queuedRequestBytes = 0
    /// What this connection counts against ``Primary/bufferedBytes`` now.
    var accountedBytes = 0
    /// Who the kernel says the peer is, read at accept time (``PeerCredentials/verifiedSource(socket:)``):
    /// its executable or Flatpak app id, or unknown across a sandbox.
    let verifiedSource: SourceApplication

    /// Unsent reply bytes above this stop the connection from being read or served until
    /// they drain (the kernel's socket buffer, about 200 KiB, comes first).
    static let writeQueueLimit = 4 * 1024

    /// The most a connection buffers of incoming bytes: one whole frame.
    static let frameLimit = WakeProtocol.headerLength + WakeProtocol.maximumPayloadLength

    /// Reply bytes not flushed to the kernel yet.
    var unsentBytes: Int { outbox.count + (writeInFlight?.count ?? 0) }
    /// Whether reply bytes wait in user space.
    var hasUnsentBytes: Bool { writeInFlight != nil || !outbox.isEmpty }

    init(
        id: UInt64, pipe: UnsafeMutablePointer<uv_pipe_t>, timer: UnsafeMutablePointer<uv_timer_t>,
        descriptor: Int32, peer: PeerCredentials, verifiedSource: SourceApplication, door: SocketDoor
    ) {
        self.id = id
        self.pipe = pipe
        self.timer = timer
        self.descriptor = descriptor
        self.peer = peer
        self.verifiedSource = verifiedSource
        self.door = door
    }

    /// The pipe as a stream.
    var stream: UnsafeMutablePointer<uv_stream_t> { UVHandle.stream(pipe) }

    /// The pointer stored in the handles' `data`.
    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The connection a handle belongs to.
    static func from(_ data: UnsafeMutableRawPointer?) -> Connection? {
        guard let data else { return nil }
        return Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: Idle deadline

    /// (Re)starts the idle deadline: the client must complete a frame within it while nothing
    /// is owed to it.
    func restartIdleTimer() {
        guard !isClosing else { return }
        guard owedReplies == 0 else {
            UV.expect(uv_timer_stop(timer), "uv_timer_stop")
            return
        }
        let milliseconds = UInt64(max(1, Sys.milliseconds(door.primary.settings.idleTimeout)))
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let connection = Connection.from(timer.pointee.data) else { return }
                connection.idleTimedOut()
            }
        }, milliseconds, 0), "uv_timer_start")
    }

    /// The client sent no complete frame in time.
    private func idleTimedOut() {
        let partial = decoder.isInsideFrame ? " (\(decoder.bufferedCount) bytes of an incomplete frame)" : ""
        fail(ErrorMessage(code: .idleTimeout, message: "no complete frame within \(door.primary.settings.idleTimeout)\(partial)"))
    }

    // MARK: Closing

    /// Sends an error frame, then closes.
    func fail(_ message: ErrorMessage) {
        guard !isClosing else { return }
        send(message.frame.encoded)
        close()
    }

    /// Stops handling frames and closes once queued writes are flushed, or after the idle
    /// timeout if the client does not read them (it cannot hold the connection forever).
    func close() {
        guard !isClosing else { return }
        isClosing = true
        stopReading()
        door.connectionClosing(self)
        guard hasUnsentBytes else {
            UV.expect(uv_timer_stop(timer), "uv_timer_stop")
            closeHandles()
            return
        }
        let milliseconds = UInt64(max(1, Sys.milliseconds(door.primary.settings.idleTimeout)))
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let connection = Connection.from(timer.pointee.data) else { return }
                connection.closeHandles()
            }
        }, milliseconds, 0), "uv_timer_start")
    }

    /// Closes both handles; the last close callback lets the primary forget the connection.
    func closeHandles() {
        guard !handlesClosing else { return }
        handlesClosing = true
        UV.expect(uv_timer_stop(timer), "uv_timer_stop")
        let onClose: uv_close_cb = { handle in
            MainActor.assumeIsolated {
                guard let handle, let connection = Connection.from(handle.pointee.data) else { return }
                connection.openHandles -= 1
                if connection.openHandles == 0 {
                    UVHandle.free(connection.pipe)
                    UVHandle.free(connection.timer)
                    connection.door.forget(connection)
                }
            }
        }
        uv_close(UVHandle.handle(pipe), onClose)
        uv_close(UVHandle.handle(timer), onClose)
    }
}
