internal import SchemeRouterPlatform
internal import Glibc

/// The single-instance check: is a primary running for this app, and if not, may this process
/// become it?
///
/// 1. `connect` to `<name>.sock`. A primary's socket is renamed into place only once it
///    listens, so success means a live primary: this process is a sender.
/// 2. Otherwise take `<name>.lock` without waiting. Success: this process is the primary (the
///    socket found, if any, is stale: a crashed primary's, replaced on binding).
/// 3. Otherwise another process holds the lock but has not bound yet (it is starting, or it is
///    terminating). Watch the directory (inotify) for the socket, connect once more (it may
///    have appeared before the watch), then wait for whichever comes first: the socket
///    appearing (connect again) or the lock coming free (a helper thread blocked in `flock`:
///    the holder exited; this process becomes the primary). Bounded by `timeout`.
///
/// Fifty simultaneous cold launches thus produce exactly one primary, and no one sleeps or
/// polls blindly.
package enum Election {
    /// Who this process turned out to be.
    package enum Outcome {
        /// A primary is running; the connection is open and its peer verified.
        case sender(ClientConnection)
        /// This process holds the lock and must become the primary.
        case primary(InstanceLock)
        /// No primary is running (only when becoming primary was not allowed).
        case notRunning
    }

    /// Runs the check.
    /// - Parameters:
    ///   - files: The app's lock and socket.
    ///   - mayBecomePrimary: `false` for clients that only talk to a primary (`WakeClient`,
    ///     control commands): they get ``Outcome/notRunning`` instead of the lock.
    ///   - timeout: How long to wait for a starting primary's socket.
    package static func run(_ files: InstanceFiles, mayBecomePrimary: Bool, timeout: Duration) throws(RuntimeError) -> Outcome {
        let deadline = Sys.monotonicNow() + timeout
        if case .connected(let connection) = try ClientConnection.connect(files, timeout: timeout) {
            return .sender(connection)
        }
        let lockDescriptor: Int32
        do throws(SystemError) {
            lockDescriptor = try InstanceLock.open(files)
            if let lock = try InstanceLock.tryLock(lockDescriptor, path: files.lockPath) {
                if mayBecomePrimary { return .primary(lock) }
                lock.release()
                return .notRunning
            }
        } catch {
            throw .system(error)
        }
        return try waitForPrimary(files, lockDescriptor: lockDescriptor, mayBecomePrimary: mayBecomePrimary, deadline: deadline)
    }

    /// Step 3: the lock is held but nobody listens yet.
    private static func waitForPrimary(
        _ files: InstanceFiles, lockDescriptor: Int32, mayBecomePrimary: Bool, deadline: Duration
    ) throws(RuntimeError) -> Outcome {
        let watch: DirectoryWatch
        let waiter: LockWaiter
        do throws(SystemError) {
            watch = try DirectoryWatch(path: files.directory.path, name: files.socketName)
            waiter = try LockWaiter(lockDescriptor: lockDescriptor)
        } catch {
            Sys.close(lockDescriptor)
            throw .system(error)
        }
        while true {
            let remaining = deadline - Sys.monotonicNow()
            if case .connected(let connection) = try ClientConnection.connect(files, timeout: max(remaining, .milliseconds(1))) {
                waiter.abandon()
                return .sender(connection)
            }
            guard remaining > .zero else {
                waiter.abandon()
                throw .timedOut(
                    "another process holds \(files.lockPath) but no primary came up at \(files.socketPath) within the connect timeout")
            }
            var descriptors = [
                pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: waiter.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, Sys.milliseconds(remaining))
            if ready < 0 && Sys.errno != EINTR {
                waiter.abandon()
                throw .system(SystemError(errno: Sys.errno, call: "poll"))
            }
            if descriptors[1].revents != 0, let lock = waiter.claim() {
                if mayBecomePrimary { return .primary(lock) }
                lock.release()
                return .notRunning
            }
            if descriptors[0].revents != 0 { _ = watch.drain() }
        }
    }
}
