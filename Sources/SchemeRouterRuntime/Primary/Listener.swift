internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import CLibUV
internal import Glibc

/// The primary's listening socket.
///
/// It is bound at `<name>.new`, listens, and only then is renamed to `<name>.sock` (replacing a
/// stale socket left by a crashed primary atomically), so every socket a sender finds at
/// `<name>.sock` is accepting, and the rename is the event waiting senders watch for.
@MainActor
final class Listener {
    /// The libuv pipe.
    let pipe: UnsafeMutablePointer<uv_pipe_t>
    /// Its descriptor (non-blocking), used by the watchdog and at termination to answer
    /// connections still in the backlog.
    let descriptor: Int32

    /// Binds and listens; `onConnection` runs for each new client.
    init(files: InstanceFiles, loop: EventLoop, onConnection: @escaping uv_connection_cb) throws(RuntimeError) {
        let directory = files.directory.descriptor
        _ = unlinkat(directory, files.bindingName, 0)
        let pipe = UVHandle.allocate(uv_pipe_t.self)
        do throws(UVError) {
            try UV.check(uv_pipe_init(loop.raw, pipe, 0), "uv_pipe_init")
            try UV.check(uv_pipe_bind(pipe, files.bindingPath), "uv_pipe_bind")
            _ = fchmodat(directory, files.bindingName, 0o600, 0)
            try UV.check(uv_listen(UVHandle.stream(pipe), SOMAXCONN, onConnection), "uv_listen")
            descriptor = try UVHandle.descriptor(pipe)
        } catch {
            throw .uv(error)
        }
        guard renameat(directory, files.bindingName, directory, files.socketName) == 0 else {
            throw .system(SystemError(errno: Sys.errno, call: "rename", path: files.socketPath))
        }
        self.pipe = pipe
    }

    /// Removes `<name>.sock` so no new sender finds this primary.
    static func unlinkSocket(_ files: InstanceFiles) {
        _ = unlinkat(files.directory.descriptor, files.socketName, 0)
    }

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

    /// Closes the listening handle.
    func close() {
        uv_close(UVHandle.handle(pipe)) { handle in if let handle { UVHandle.free(handle) } }
    }
}
