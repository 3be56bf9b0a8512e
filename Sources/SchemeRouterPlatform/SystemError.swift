internal import Glibc

/// A system call that failed, with its `errno`: the one error type for failed calls in every layer
/// above the core (runtime, desktop, fuzzing, `schemectl`).
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

    /// The system's sentence for ``errno``, e.g. `No such file or directory`.
    public var reason: String { String(cString: strerror(errno)) }

    /// `connect(/run/user/1000/schemerouter/com.acme.todolist.sock): No such file or directory`.
    public var description: String {
        if let path { return "\(call)(\(path)): \(reason)" }
        return "\(call): \(reason)"
    }
}

/// The checked system calls of the layers above the core, each through ``check(_:_:path:)``.
package enum Sys {
    /// Returns `result` unless it is -1, in which case it throws `errno` as a ``SystemError``.
    @discardableResult
    package static func check(_ result: Int32, _ call: StaticString, path: String? = nil) throws(SystemError) -> Int32 {
        guard result == -1 else { return result }
        throw SystemError(errno: Glibc.errno, call: "\(call)", path: path)
    }

    /// Runs `body` again while it fails with `EINTR`, then checks its result.
    @discardableResult
    package static func retrying(
        _ call: StaticString, path: String? = nil, _ body: () -> Int32
    ) throws(SystemError) -> Int32 {
        while true {
            let result = body()
            if result == -1 && Glibc.errno == EINTR { continue }
            return try check(result, call, path: path)
        }
    }

    /// Runs `body` again while it fails with `EINTR`; returns its last result (errno is kept).
    package static func retryingResult(_ body: () -> Int32) -> Int32 {
        while true {
            let result = body()
            if result == -1 && Glibc.errno == EINTR { continue }
            return result
        }
    }

    /// The current value of `errno`.
    package static var errno: Int32 { Glibc.errno }

    /// Writes all of `bytes` to a file descriptor, retrying short writes and `EINTR`.
    /// Waits with `poll` when the descriptor is non-blocking and full.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
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
    package static func close(_ fd: Int32) {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// The value of an environment variable, or `nil` when unset.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// A non-negative integer from an environment variable, or `nil` when unset or malformed.
    package static func environmentInteger(_ name: String) -> Int? {
        guard let text = environment(name), let value = Int(text), value >= 0 else { return nil }
        return value
    }
}
