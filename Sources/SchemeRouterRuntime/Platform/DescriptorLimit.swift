internal import Glibc

/// The process's descriptor limit (`RLIMIT_NOFILE`) and the number of connections it allows.
///
/// Every served connection costs one descriptor. Past the limit `accept` fails with `EMFILE`,
/// and libuv then accepts and closes waiting connections to make progress: their senders would
/// see the connection end. So the primary serves at most the limit minus ``reserve``
/// connections (the rest wait in the listen backlog), after raising its soft limit to the hard
/// one as a daemon does.
enum DescriptorLimit {
    /// Descriptors kept for everything but connections: the standard streams, the listening
    /// socket, lock, directory, trace, verdict pipe, libuv's own (epoll, signal pipe, its
    /// reserve), the watchdog's, and the app's own files.
    static let reserve = 64

    /// Raises the soft limit to the hard limit and returns the connections it allows, at most
    /// `requested` and at least 1.
    static func connections(requested: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return requested }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur != rlim_t.max else { return requested }  // RLIM_INFINITY
        let available = Int(clamping: limit.rlim_cur) - reserve
        return max(1, min(requested, available))
    }
}
