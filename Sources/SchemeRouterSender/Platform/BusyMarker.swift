internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import Glibc

/// `<bundle name>.busy` in the runtime directory: 8 bytes, mapped shared, saying until when the
/// primary's loop is legitimately busy in a hook (the monotonic time in nanoseconds at which
/// the launch or hook deadline passes; `UInt64.max` for a hook without a deadline; 0 when not
/// in a hook).
///
/// A sender that gets no receipt within the receipt timeout reads it before giving up: a
/// primary busy in a hook is given until that hook's deadline (its watchdog ends the app
/// then), and only a primary that is not reading outside any hook — stopped, or stuck in the
/// runtime — is reported unresponsive. Written by the primary's main thread with plain 8-byte
/// stores (no system call per hook); read by senders with `pread`.
package final class BusyMarker: @unchecked Sendable {
    private let value: UnsafeMutablePointer<UInt64>

    /// Creates (or takes over) the primary's marker; `nil` when it cannot (senders then treat
    /// the primary as never busy).
    package init?(files: InstanceFiles) {
        let fd = openat(files.directory.descriptor, files.busyName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { Sys.close(fd) }
        guard ftruncate(fd, 8) == 0, let mapped = mmap(nil, 8, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
            mapped != MAP_FAILED
        else { return nil }
        value = mapped.assumingMemoryBound(to: UInt64.self)
        value.pointee = 0
    }

    /// The loop runs a hook until `deadline` (`nil`: without a deadline).
    package func mark(until deadline: Duration?) {
        guard let deadline else {
            value.pointee = UInt64.max
            return
        }
        let (seconds, attoseconds) = deadline.components
        value.pointee = UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(clamping: attoseconds / 1_000_000_000)
    }

    /// The hook returned.
    package func clear() {
        value.pointee = 0
    }

    /// Until when the primary of `files` says it is busy in a hook: `nil` when it is not (or
    /// says nothing), a time far beyond any reply timeout for no deadline. Only a regular file
    /// is read (opened without waiting: a FIFO in its place never blocks the sender).
    package static func busyUntil(_ files: InstanceFiles) -> Duration? {
        let fd = openat(files.directory.descriptor, files.busyName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Sys.close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var raw: UInt64 = 0
        guard pread(fd, &raw, 8, 0) == 8, raw != 0 else { return nil }
        if raw == UInt64.max { return .seconds(Int64(1) << 40) }  // no deadline: far beyond any reply timeout
        return .nanoseconds(Int64(clamping: raw))
    }
}
