internal import CLibUV
internal import Glibc

/// A system call that failed, with its `errno`.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value, e.g. `ENOENT` (2).
    public let errno: Int32
    /// The call that failed, e.g. `connect`.
    public let call: String
    /// The path the call was about, when there was one.
    public let path: String?

    /// Describes a failed call.
    /// - Parameters:
    ///   - errno: The `errno` it set.
    ///   - call: The call's name.
    ///   - path: The path it was about, if any.
    public init(errno: Int32, call: String, path: String? = nil) {
        self.errno = errno
        self.call = call
        self.path = path
    }

    /// `connect(/run/user/1000/schemerouter/com.acme.todolist.sock): No such file or directory`.
    public var description: String {
        let reason = String(cString: strerror(errno))
        if let path { return "\(call)(\(path)): \(reason)" }
        return "\(call): \(reason)"
    }
}

/// The system calls the runtime makes outside libuv, each through ``check(_:_:path:)``.
enum Sys {
    /// Returns `result` unless it is -1, in which case it throws `errno` as a ``SystemError``.
    @discardableResult
    static func check(_ result: Int32, _ call: StaticString, path: String? = nil) throws(SystemError) -> Int32 {
        guard result == -1 else { return result }
        throw SystemError(errno: Glibc.errno, call: "\(call)", path: path)
    }

    /// Runs `body` again while it fails with `EINTR`, then checks its result.
    @discardableResult
    static func retrying(
        _ call: StaticString, path: String? = nil, _ body: () -> Int32
    ) throws(SystemError) -> Int32 {
        while true {
            let result = body()
            if result == -1 && Glibc.errno == EINTR { continue }
            return try check(result, call, path: path)
        }
    }

    /// Runs `body` again while it fails with `EINTR`; returns its last result (errno is kept).
    static func retryingResult(_ body: () -> Int32) -> Int32 {
        while true {
            let result = body()
            if result == -1 && Glibc.errno == EINTR { continue }
            return result
        }
    }

    /// A duration as whole milliseconds for `poll`, rounded up, clamped to `Int32`.
    static func milliseconds(_ duration: Duration) -> Int32 {
        if duration <= .zero { return 0 }
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// The current value of `errno`.
    static var errno: Int32 { Glibc.errno }

    /// Writes all of `bytes` to a file descriptor, retrying short writes and `EINTR`.
    /// Waits with `poll` when the descriptor is non-blocking and full.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                let error = Glibc.errno
                if error == EINTR { continue }
                if error == EAGAIN || error == EWOULDBLOCK {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 1000)
                    continue
                }
                throw SystemError(errno: error, call: "write")
            }
            offset += written
        }
    }

    /// Closes a descriptor, ignoring errors (`close` must not be retried on Linux).
    static func close(_ fd: Int32) {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Monotonic time (`CLOCK_MONOTONIC`), never decreasing, unaffected by clock changes.
    static func monotonicNow() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// The value of an environment variable, or `nil` when unset.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// A non-negative integer from an environment variable, or `nil` when unset or malformed.
    static func environmentInteger(_ name: String) -> Int? {
        guard let text = environment(name), let value = Int(text), value >= 0 else { return nil }
        return value
    }
}
