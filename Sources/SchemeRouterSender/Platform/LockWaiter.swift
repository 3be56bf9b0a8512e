internal import CSchemeRouterLinux
package import SchemeRouterPlatform
internal import Glibc
import Synchronization

/// Waits for the app's lock in a helper thread, so a sender that found the lock taken but no
/// socket yet can wait on two events at once: the socket appearing (``DirectoryWatch``) or the
/// lock coming free (the would-be primary died before binding; then this process becomes the
/// primary). `flock` cannot be polled, hence the thread; it signals an `eventfd`.
///
/// The thread owns the lock file descriptor. If the waiter is abandoned (the socket appeared
/// first), the thread releases the lock as soon as it gets it and closes the descriptor.
package final class LockWaiter: Sendable {
    /// Readable once the thread holds the lock.
    package let wakeDescriptor: Int32
    /// The lock file, owned by the thread until ``claim()`` succeeds.
    private let lockDescriptor: Int32
    /// The thread, joined when the lock is claimed (so no other thread runs when the new
    /// primary forks) or detached when the wait is abandoned.
    private let thread: Mutex<pthread_t?> = Mutex(nil)
    /// 0 waiting, 1 the thread holds the lock, 2 abandoned by the waiting side.
    private let state = Atomic<Int>(0)

    private static let waiting = 0
    private static let acquired = 1
    private static let abandoned = 2

    /// Starts a thread that blocks on `lockDescriptor`'s `flock`.
    package init(lockDescriptor: Int32) throws(SystemError) {
        self.lockDescriptor = lockDescriptor
        wakeDescriptor = try Sys.check(eventfd(0, Int32(EFD_CLOEXEC)), "eventfd")
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            let waiter = Unmanaged<LockWaiter>.fromOpaque(context!).takeRetainedValue()
            waiter.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<LockWaiter>.fromOpaque(context).release()
            throw SystemError(errno: result, call: "pthread_create")
        }
        self.thread.withLock { $0 = thread }
    }

    deinit { Sys.close(wakeDescriptor) }

    /// The thread's body.
    private func run() {
        while flock(lockDescriptor, LOCK_EX) != 0 {
            if Sys.errno != EINTR { return }
        }
        if state.compareExchange(expected: Self.waiting, desired: Self.acquired, ordering: .sequentiallyConsistent).exchanged {
            var one: UInt64 = 1
            _ = write(wakeDescriptor, &one, 8)
        } else {
            _ = flock(lockDescriptor, LOCK_UN)
            Sys.close(lockDescriptor)
        }
    }

    /// Takes over the lock after ``wakeDescriptor`` became readable.
    package func claim() -> InstanceLock? {
        guard state.load(ordering: .sequentiallyConsistent) == Self.acquired else { return nil }
        if let thread = self.thread.withLock({ $0.take() }) { pthread_join(thread, nil) }
        return InstanceLock(descriptor: lockDescriptor)
    }

    /// Gives up waiting: the lock is released as soon as (or if already) the thread holds it.
    package func abandon() {
        if let thread = self.thread.withLock({ $0.take() }) { pthread_detach(thread) }
        if !state.compareExchange(expected: Self.waiting, desired: Self.abandoned, ordering: .sequentiallyConsistent).exchanged {
            // The thread already holds the lock for us: release it here.
            _ = flock(lockDescriptor, LOCK_UN)
            Sys.close(lockDescriptor)
        }
    }
}
