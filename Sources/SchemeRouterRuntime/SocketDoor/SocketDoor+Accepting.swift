internal import CLibUV
internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import Glibc

/// Accepting connections, and shedding those the primary cannot serve with a `busy` reply.
///
/// A shed connection is accepted, sent one `busy` frame (``BusyMessage``) and closed, without a
/// byte of it being read: its request was not delivered, and its sender sends it again after a
/// pause. So a sender never mistakes a busy primary for a dead one (libuv's own `EMFILE` fallback
/// closes waiting connections silently), and never waits unread in the backlog until its receipt
/// timeout calls a live primary unresponsive.
extension SocketDoor {
    /// The most connections accepted per wake-up of the listening socket, so that a flood of
    /// them does not hold up the connections already served.
    static let acceptBatch = 64
    /// The pause a shed sender is asked to wait before it connects again; it doubles the pause
    /// on each `busy` after that (``BusyBackoff``).
    static let busyRetryAfter = Duration.milliseconds(10)

    /// The listening socket is readable: accepts what waits, serves connections up to
    /// ``connectionLimit`` and sheds the rest. When the process has no descriptor left, the
    /// listener's reserve makes room to accept each waiting connection and shed it.
    func acceptWaiting() {
        for _ in 0..<Self.acceptBatch {
            // Termination answers the backlog itself (`error(terminated)`).
            guard primary.phase != .terminating else { return }
            switch listener.acceptOne() {
            case .connection(let client):
                if connections.count < connectionLimit {
                    serve(client)
                } else {
                    shed(client, cause: .connectionLimit)
                }
            case .drained:
                return
            case .interrupted:
                continue
            case .outOfDescriptors(let cause):
                guard shedWithReserve(cause) else {
                    listener.pause()
                    return
                }
            case .failed(let error):
                Log.error("accept failed: \(error)")
                listener.pause()
                return
            }
        }
    }

    /// Frees the reserve descriptor, accepts one waiting connection with it, sheds it and takes
    /// the reserve back. `false` when even that failed (another thread took the descriptor).
    private func shedWithReserve(_ cause: BusyCause) -> Bool {
        listener.releaseReserve()
        defer { listener.restoreReserve() }
        switch listener.acceptOne() {
        case .connection(let client):
            shed(client, cause: cause)
            return true
        case .drained, .interrupted:
            return true
        case .outOfDescriptors, .failed:
            return false
        }
    }

    /// Answers an accepted connection `busy` and closes it, unread.
    func shed(_ client: Int32, cause: BusyCause) {
        let reason: String =
            switch cause {
            case .connectionLimit:
                "\(primary.app.name) serves \(connectionLimit) connections, its limit (SCHEMEROUTER_MAX_CONNECTIONS, "
                    + "at most the descriptor limit minus \(DescriptorLimit.reserve))"
            case .descriptorLimit: "\(primary.app.name) has no file descriptor left (EMFILE: its descriptor limit is reached)"
            default: "the system has no file descriptor left (ENFILE)"
            }
        let bytes = BusyMessage(retryAfter: Self.busyRetryAfter, cause: cause, message: reason).frame.encoded
        // A fresh socket's buffer takes the few bytes at once; a client already gone is no matter.
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        Sys.close(client)
        primary.trace?.write(event: "busy", reason: "\(cause): \(reason)")
    }
}
