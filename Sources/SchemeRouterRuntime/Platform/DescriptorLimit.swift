internal import Glibc
internal import SchemeRouterSender

/// The process's descriptor limit (`RLIMIT_NOFILE`) and the number of connections it allows.
///
/// Every served connection costs one descriptor. The primary serves at most the limit minus
/// ``reserve`` connections, so that the app's own files still open; further connections are
/// answered `busy`. Should `accept` fail with `EMFILE` all the same (the app holds many files),
/// the listener's reserve descriptor makes room to answer those `busy` too.
enum DescriptorLimit {
    /// Descriptors kept for everything but connections: the standard streams, the listening
    /// socket, lock, directory, trace, verdict pipe, libuv's own (epoll, signal pipe, its
    /// reserve), the listener's reserve, the watchdog's, and the app's own files.
    static let reserve = 64

    /// The connections the descriptor limit allows (the primary raises its soft limit before),
    /// at most `requested` and at least 1.
    static func connections(requested: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return requested }
        return max(1, min(requested, Int(clamping: limit.rlim_cur) - reserve))
    }
}
