package import SchemeRouterPlatform
internal import Glibc

/// The app's lock file, `<bundle name>.lock`: whoever holds its `flock` is the primary. The
/// kernel releases the lock when the holder exits, however it exits, so a crashed primary
/// never blocks the next launch.
///
/// The holder writes its pid into the file (decimal, then a newline) for tools and tests; the
/// lock, not the pid, decides who is primary. A holder in a Flatpak sandbox leaves the file
/// empty: its pid is its sandbox's (every sandboxed app is pid 2), which names another process
/// for anyone outside. `flock` itself works across sandboxes: the lock is on the file.
package struct InstanceLock: Sendable {
    /// The open lock file.
    package let descriptor: Int32

    /// Opens (creating, mode 0600) the lock file inside the verified runtime directory. Never
    /// follows a symbolic link.
    package static func open(_ files: InstanceFiles) throws(SystemError) -> Int32 {
        let fd = openat(files.directory.descriptor, files.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        return try Sys.check(fd, "open", path: files.lockPath)
    }

    /// Takes the lock without waiting.
    /// - Returns: The held lock, or `nil` when another process holds it.
    package static func tryLock(_ fd: Int32, path: String) throws(SystemError) -> InstanceLock? {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let error = Sys.errno
            if error == EINTR { continue }
            if error == EWOULDBLOCK { return nil }
            throw SystemError(errno: error, call: "flock", path: path)
        }
        return InstanceLock(descriptor: fd)
    }

    /// Records the holder's pid in the file (outside Flatpak).
    package func writeProcessID() {
        _ = ftruncate(descriptor, 0)
        guard FlatpakSandbox.current == nil else { return }
        let text = Array("\(getpid())\n".utf8)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Releases the lock (the next launch may become primary) and closes the file.
    package func release() {
        _ = ftruncate(descriptor, 0)
        _ = flock(descriptor, LOCK_UN)
        Sys.close(descriptor)
    }
}
