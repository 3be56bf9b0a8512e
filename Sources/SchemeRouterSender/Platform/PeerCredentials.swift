internal import CSchemeRouterLinux
package import SchemeRouterPlatform
package import SchemeRouterLifecycle
internal import Glibc

/// Who is at the other end of a connected Unix socket, as the kernel recorded it at
/// `connect(2)`/`listen(2)` time (`SO_PEERCRED`): not something the peer can lie about.
///
/// The kernel gives the peer's pid as this process's PID namespace sees it, and 0 when the peer
/// is not in it: a peer in a Flatpak sandbox (each sandbox has its own PID namespace) seen from
/// the host has its host pid, but the host or another sandbox seen from inside a sandbox has pid
/// 0. Pids also repeat across sandboxes (every sandboxed app is pid 2 in its own). So pid 0 means
/// "unknown", never a process, and nothing is decided by a pid from another namespace.
package struct PeerCredentials: Sendable, Hashable {
    /// The peer's process ID in this process's PID namespace; 0 when it is not in it.
    package var pid: Int32
    /// The peer's effective user ID.
    package var uid: UInt32

    /// Credentials known otherwise.
    package init(pid: Int32, uid: UInt32) {
        self.pid = pid
        self.uid = uid
    }

    /// The credentials of the peer of socket `fd`.
    package init(socket fd: Int32) throws(SystemError) {
        var pid: pid_t = 0
        var uid: uid_t = 0
        try Sys.check(schemerouter_peer_credentials(fd, &pid, &uid), "getsockopt(SO_PEERCRED)")
        self.pid = pid
        self.uid = uid
    }

    /// The executable of process `pid` now (`/proc/<pid>/exe`), or `nil` when it cannot be read
    /// (the process already exited, or belongs to someone else).
    package var executable: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The sender as the kernel vouches for it (not claimed): its Flatpak app id when it runs in
    /// a sandbox this process can see into (read through `/proc/<pid>/root/.flatpak-info`, a file
    /// the sandboxed app cannot change), else its executable (`/proc/<pid>/exe`), else
    /// `pid N`; ``SourceApplication/unknownSandboxed`` without a pid (pid 0: the peer is in
    /// another PID namespace).
    ///
    /// `/proc/<pid>` names whatever process has the pid *now*: if the peer exited and the pid was
    /// reused, it would name a stranger. So with `socket` the kernel's handle on the peer process
    /// itself (`SO_PEERPIDFD`, Linux 6.5+) is taken first, the files read, and the handle checked
    /// to be still alive afterwards: then they were the peer's; a peer already gone is named
    /// `pid N`. Without `SO_PEERPIDFD` (kernels before 6.5), or without a socket (a D-Bus
    /// caller), the reading is unverified.
    package func verifiedSource(socket: Int32?) -> SourceApplication {
        guard pid > 0 else {
            return SourceApplication(name: SourceApplication.unknownSandboxed, pid: nil, uid: uid, isClaimed: false)
        }
        let handle = socket.map(schemerouter_peer_pidfd) ?? -ENOPROTOOPT
        defer { Sys.close(handle) }
        let known = handle >= 0 || handle == -ENOPROTOOPT
        let sandbox = known ? FlatpakSandbox.of(pid: pid) : nil
        // Inside a sandbox the path of the executable is the sandbox's: it could name an
        // unrelated program of the same path here, so a sandboxed sender goes by its app id.
        let executable = known && sandbox == nil ? self.executable : nil
        let alive = handle < 0 || schemerouter_pidfd_alive(handle) != 0
        guard alive else { return SourceApplication(name: "pid \(pid)", pid: pid, uid: uid, isClaimed: false) }
        if let sandbox {
            return SourceApplication(name: sandbox.appID, pid: pid, uid: uid, isClaimed: false, flatpakAppID: sandbox.appID)
        }
        return SourceApplication(name: executable ?? "pid \(pid)", pid: pid, uid: uid, isClaimed: false)
    }
}
