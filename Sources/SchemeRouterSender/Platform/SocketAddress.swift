package import Glibc

/// Builds `sockaddr_un` values for the runtime's own (non-libuv) socket calls.
package enum SocketAddress {
    /// Calls `body` with a `sockaddr_un` for `path` and its length.
    /// - Precondition: `path` fits `sun_path` (checked by ``InstanceFiles``).
    package static func withUnixAddress<Result>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        precondition(bytes.count <= RuntimeDirectory.maximumSocketPathLength, "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
