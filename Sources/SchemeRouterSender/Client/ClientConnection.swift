internal import CSchemeRouterLinux
package import SchemeRouterPlatform
internal import Glibc

/// The sender's end of a connection to a primary: blocking calls bounded by deadlines, no event
/// loop (a sender is a short-lived process that should start and finish fast).
package final class ClientConnection {
    /// The connected socket.
    package let descriptor: Int32
    /// The app's files: the socket connected to, and its busy marker.
    package let files: InstanceFiles
    /// The socket's path, for messages.
    package var path: String { files.socketPath }
    package var decoder = FrameDecoder(accepting: [.verdict, .controlReply, .receipt, .busy, .error])
    /// The serving process's pid, as the kernel reported it at `connect`; `nil` when the primary
    /// is in another PID namespace (a Flatpak sandbox seen from another sandbox, or the host
    /// seen from inside one: the kernel says 0).
    private(set) var serverPID: Int32?

    private init(descriptor: Int32, files: InstanceFiles) {
        self.descriptor = descriptor
        self.files = files
    }

    deinit { Sys.close(descriptor) }

    /// What a connect attempt found.
    package enum ConnectResult {
        /// A primary accepted the connection.
        case connected(ClientConnection)
        /// Nobody listens at the path (`ENOENT`, `ECONNREFUSED`: no socket, or a stale one).
        case nobodyListening
    }

    /// Connects to the app's socket, waiting at most `timeout` for a place in the primary's backlog.
    ///
    /// The socket is opened relative to the verified directory without following a symbolic link
    /// (`O_PATH | O_NOFOLLOW`), and connected to through that handle (`/proc/self/fd/N`): a
    /// Flatpak app can write its own directory, `$XDG_RUNTIME_DIR/app/<id>/`, and must not make
    /// a host sender connect to any other socket of the user by a link in it.
    /// - Throws: ``RuntimeError`` when the connection is impossible for another reason, when the
    ///   backlog stays full, when the socket's name is a symbolic link, or when the listening
    ///   process runs as another user.
    package static func connect(_ files: InstanceFiles, timeout: Duration) throws(RuntimeError) -> ConnectResult {
        let path = files.socketPath
        let target = openat(files.directory.descriptor, files.socketName, schemerouter_o_path | O_NOFOLLOW | O_CLOEXEC)
        guard target >= 0 else {
            let error = Sys.errno
            if error == ENOENT { return .nobodyListening }
            throw .system(SystemError(errno: error, call: "open", path: path))
        }
        defer { Sys.close(target) }
        var status = stat()
        guard fstat(target, &status) == 0 else { throw .system(SystemError(errno: Sys.errno, call: "fstat", path: path)) }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK: break
        case S_IFLNK: throw .runtimeDirectoryRefused(path, "the socket's name is a symbolic link (never followed)")
        // Not a socket (a file left in its place): nobody listens there; a primary replaces it.
        default: return .nobodyListening
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemError(errno: Sys.errno, call: "socket")) }
        // A full backlog makes a blocking connect(2) on a Unix socket wait, bounded by SO_SNDTIMEO.
        var limit = timeval(duration: timeout)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        // Without /proc (a bare chroot) the handle cannot be named: the path just checked is used.
        let address = access("/proc/self/fd", F_OK) == 0 ? "/proc/self/fd/\(target)" : path
        let result = SocketAddress.withUnixAddress(address) { address, length in
            Sys.retryingResult { Glibc.connect(fd, address, length) }
        }
        if result != 0 {
            let error = Sys.errno
            Sys.close(fd)
            switch error {
            case ENOENT, ECONNREFUSED: return .nobodyListening
            case EAGAIN, EINPROGRESS:
                throw .timedOut("the primary at \(path) did not accept the connection within \(timeout)")
            default: throw .system(SystemError(errno: error, call: "connect", path: path))
            }
        }
        var cleared = timeval()
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &cleared, socklen_t(MemoryLayout<timeval>.size))
        let connection = ClientConnection(descriptor: fd, files: files)
        let server: PeerCredentials
        do throws(SystemError) {
            server = try PeerCredentials(socket: fd)
        } catch {
            throw .system(error)
        }
        let user = geteuid()
        guard server.uid == user else { throw .untrustedPeer(path, uid: server.uid, expected: user) }
        connection.serverPID = server.pid > 0 ? server.pid : nil
        return .connected(connection)
    }

    /// Sends a frame.
    package func send(_ frame: Frame) throws(SystemError) {
        let bytes = frame.encoded
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if Sys.errno == EINTR { continue }
                throw SystemError(errno: Sys.errno, call: "send", path: path)
            }
            offset += sent
        }
    }

    /// What waiting for a frame found.
    package enum Received {
        /// A complete frame.
        case frame(Frame)
        /// The primary closed the connection (it exited, crashed or was killed).
        case endOfStream
        /// Nothing complete arrived before the deadline.
        case timedOut
        /// The primary sent something that is not a valid frame.
        case invalid(WireError)
        /// Reading failed.
        case failed(SystemError)
    }

    /// Waits for the next frame until the monotonic time `deadline`.
    package func receive(until deadline: Duration) -> Received {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            do throws(WireError) {
                if let frame = try decoder.next() { return .frame(frame) }
            } catch {
                return .invalid(error)
            }
            let remaining = deadline - Sys.monotonicNow()
            guard remaining > .zero else { return .timedOut }
            var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Sys.milliseconds(remaining))
            if ready < 0 {
                if Sys.errno == EINTR { continue }
                return .failed(SystemError(errno: Sys.errno, call: "poll", path: path))
            }
            if ready == 0 { return .timedOut }
            let count = buffer.withUnsafeMutableBytes { read(self.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if Sys.errno == EINTR || Sys.errno == EAGAIN { continue }
                if Sys.errno == ECONNRESET { return .endOfStream }
                return .failed(SystemError(errno: Sys.errno, call: "read", path: path))
            }
            if count == 0 {
                do throws(WireError) {
                    try decoder.finish()
                } catch {
                    return .invalid(error)
                }
                return .endOfStream
            }
            buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}

extension timeval {
    /// A `timeval` for a duration (zero means "no timeout" for socket options).
    package init(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self.init(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
