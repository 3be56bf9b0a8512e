internal import CLibUV
internal import Glibc
import Synchronization

/// Enforces the launch deadline even when a launch hook never returns.
///
/// The lifecycle controller checks the deadline after each hook returns; a hook that hangs
/// never returns, so a thread watches the clock too. When the deadline passes while the launch
/// is still running, the thread (not the stuck main thread) tells everyone who is waiting:
/// every accepted connection and every connection still in the listen backlog gets an
/// `error(launchTimedOut)` frame, the invoking process gets a `launchTimedOut` verdict, the
/// socket is unlinked, and the process exits with ``ExitStatus/launchTimedOut`` (5).
///
/// Exactly one side acts: the main thread claims the launch with ``disarm()`` once
/// `didFinishLaunching` returned (or when the controller itself reported the overrun); the
/// thread claims it by firing. An atomic compare-and-swap decides. A main thread that loses
/// waits for the exit.
///
/// Thread safety: the state is an `Atomic`, the descriptors a `Mutex`; the main thread adds
/// and removes descriptors only from loop callbacks, which never run while a hook runs.
final class LaunchWatchdog: Sendable {
    /// The step of the launch that is running, for the message.
    enum Step: Int {
        case delegateFactory, willFinishLaunching, restoreState, didFinishLaunching

        var name: String {
            switch self {
            case .delegateFactory: "the delegate factory"
            case .willFinishLaunching: "willFinishLaunching"
            case .restoreState: "restoreState"
            case .didFinishLaunching: "didFinishLaunching"
            }
        }
    }

    private struct Registry {
        var connections: Set<Int32> = []
        var sink: Int32?
    }

    private static let idle = 0
    private static let armed = 1
    private static let disarmed = 2
    private static let fired = 3

    private let state = Atomic<Int>(LaunchWatchdog.idle)
    private let step = Atomic<Int>(Step.delegateFactory.rawValue)
    private let registry = Mutex(Registry())
    private let socketPath: String
    private let listenDescriptor: Int32
    private let cancelDescriptor: Int32
    private let program: String

    init(socketPath: String, listenDescriptor: Int32) {
        self.socketPath = socketPath
        self.listenDescriptor = listenDescriptor
        self.cancelDescriptor = eventfd(0, Int32(EFD_CLOEXEC))
        self.program = Log.program
    }

    /// Whether the launch is being watched (connections must be registered).
    var isArmed: Bool { state.load(ordering: .sequentiallyConsistent) == Self.armed }

    /// Starts watching: fires `timeout` from now unless disarmed first.
    func arm(timeout: Duration, sink: Int32?, connections: [Int32]) {
        registry.withLock {
            $0.connections = Set(connections)
            $0.sink = sink
        }
        deadline.withLock { $0 = Sys.monotonicNow() + timeout }
        state.store(Self.armed, ordering: .sequentiallyConsistent)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            let watchdog = Unmanaged<LaunchWatchdog>.fromOpaque(context!).takeRetainedValue()
            watchdog.watch()
            return nil
        }, context)
        if created != 0 {
            Unmanaged<LaunchWatchdog>.fromOpaque(context).release()
            Log.error("cannot start the launch watchdog (error \(created)); the launch deadline is checked only between hooks")
            return
        }
        pthread_detach(thread)
    }

    /// The absolute monotonic deadline, set before the thread starts.
    private let deadline = Mutex<Duration>(.zero)

    /// Records which launch step is running.
    func enter(_ next: Step) {
        step.store(next.rawValue, ordering: .sequentiallyConsistent)
    }

    /// Adds an accepted connection to tell if the launch times out.
    func register(_ descriptor: Int32) {
        registry.withLock { _ = $0.connections.insert(descriptor) }
    }

    /// Removes a closed connection.
    func unregister(_ descriptor: Int32) {
        registry.withLock { _ = $0.connections.remove(descriptor) }
    }

    /// The main thread claims the end of the launch. `false` when the watchdog already fired:
    /// the process is exiting and the caller must not touch anything (see ``park()``).
    func disarm() -> Bool {
        let (exchanged, original) = state.compareExchange(
            expected: Self.armed, desired: Self.disarmed, ordering: .sequentiallyConsistent)
        if exchanged {
            var one: UInt64 = 1
            _ = write(cancelDescriptor, &one, 8)
            return true
        }
        return original == Self.disarmed
    }

    /// Waits for the exit the watchdog is carrying out.
    func park() -> Never {
        while true { pause() }
    }

    /// The thread's body.
    private func watch() {
        while true {
            let remaining = deadline.withLock { $0 } - Sys.monotonicNow()
            var descriptor = pollfd(fd: cancelDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Sys.milliseconds(remaining + .milliseconds(1)))
            if ready < 0 && Sys.errno == EINTR { continue }
            if ready > 0 { return }
            if Sys.monotonicNow() < deadline.withLock({ $0 }) { continue }
            break
        }
        guard state.compareExchange(expected: Self.armed, desired: Self.fired, ordering: .sequentiallyConsistent).exchanged
        else { return }
        let running = Step(rawValue: step.load(ordering: .sequentiallyConsistent)) ?? .delegateFactory
        abort("launch timed out: \(running.name) had not returned when the launch deadline passed")
    }

    /// Tells every waiting party that the launch timed out and exits with status 5. Called by
    /// the thread when it fires, or by the main thread (after ``disarm()``) when the controller
    /// reported the overrun.
    func abort(_ message: String) -> Never {
        let error = ErrorMessage.encoded(.launchTimedOut, message)
        let verdict = VerdictMessage(request: 0, verdict: .launchTimedOut).frame.encoded
        registry.withLock { registry in
            for descriptor in registry.connections {
                _ = error.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            }
            if let sink = registry.sink {
                _ = verdict.withUnsafeBytes { write(sink, $0.baseAddress, $0.count) }
            }
        }
        _ = unlink(socketPath)
        Listener.refuseBacklog(descriptor: listenDescriptor, with: error)
        let line = Array("\(program): \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        _exit(ExitStatus.launchTimedOut.rawValue)
    }
}
