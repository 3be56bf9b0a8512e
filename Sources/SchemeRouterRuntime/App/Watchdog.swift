internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouterLifecycle
import Synchronization

/// Ends the app when a delegate hook overruns its deadline, as iOS's watchdog does, and tells
/// everyone who is waiting why.
///
/// It never restates the order of the hooks: the lifecycle controller announces each hook as it
/// calls it (``announce(_:)``) and says when it returned (``hookReturned()``). Two kinds of watch:
/// - **The launch** (``armLaunch(sink:)``): the delegate factory and the launch hooks
///   share ``RuntimeSettings/launchDeadline``. On overrun every connection and every connection
///   still in the listen backlog gets `error(launchTimedOut)`, the invoking process the verdict
///   `launchTimedOut`, and the process exits with `ExitStatus/launchTimedOut` (5).
/// - **A hook**: every later hook (`open`, the transitions, `willTerminate`, background-task
///   expiration handlers) gets ``RuntimeSettings/hookDeadline`` of its own, from its announcement
///   until it returns. On overrun the connection (or verdict pipe) whose request the hook serves
///   (the *owner* of ``serving(_:_:)``) gets `error(hookTimedOut)` (its URL may have been partly
///   handled), every other connection `error(terminated)` (nothing of theirs is being delivered:
///   the main thread is stuck in the owner's hook), the backlog `error(terminated)`, and the
///   process exits with `ExitStatus/hookTimedOut` (12).
///
/// A connection with reply bytes not yet flushed is told nothing (a frame of ours could land in
/// the middle of another): it sees the end of the stream, which senders report as
/// `launchFailed`, never as success.
///
/// One thread for the life of the primary waits for the armed deadline (on an `eventfd`, so it
/// costs nothing while hooks come and go: arming is a store under a lock, and the thread is
/// woken only when a deadline earlier than the one it waits for is armed). Exactly one side
/// acts on a deadline: the main thread claims a finished hook with ``hookReturned()`` or
/// ``disarm()``, the thread claims an overrun by firing, both under the same lock. A
/// main thread that loses waits for the exit (``park()``).
///
/// Thread safety: all state is in a `Mutex`. The main thread registers and unregisters
/// connections only from loop callbacks, which never run while a hook runs.
final class Watchdog: Sendable {
    /// What happens when the armed deadline passes.
    enum Watch: Sendable {
        /// The launch: everyone gets `launchTimedOut`.
        case launch
        /// A hook after the launch: the owner gets `hookTimedOut`, the others `terminated`.
        case hook
    }

    private struct State {
        var armed = false
        var fired = false
        var watch = Watch.launch
        var deadline = Duration.zero
        /// What runs now, for the message: a hook, or the delegate factory.
        var running = ""
        /// The connection whose request the running hook serves (`nil`: none, or the sink).
        var owner: Int32?
        /// The verdict pipe of the invoking process, while its verdict is owed.
        var sink: Int32?
        /// Accepted connections: `true` when a frame may be written to them now.
        var connections: [Int32: Bool] = [:]
        /// When the thread's current wait ends (`nil`: it waits for arming).
        var waitingUntil: Duration?
        var threadRunning = false
        /// Whether the listening socket is still open (its backlog can be answered).
        var listening = true
        /// The preserved state's files, deleted when the launch overruns (it concerns one launch).
        var preservedState: [String] = []
    }

    private let state = Mutex(State())
    private let wakeDescriptor: Int32
    private let socketPath: String
    private let listenDescriptor: Int32
    private let launchDeadline: Duration
    private let hookDeadline: Duration
    private let program: String
    /// Tells senders until when the loop is busy in a hook.
    private let busy: BusyMarker?

    /// - Parameters:
    ///   - hookDeadline: `.zero` turns the hook watch off (the launch is always watched).
    init(socketPath: String, listenDescriptor: Int32, launchDeadline: Duration, hookDeadline: Duration, busy: BusyMarker? = nil) {
        self.busy = busy
        self.socketPath = socketPath
        self.listenDescriptor = listenDescriptor
        self.launchDeadline = launchDeadline
        self.hookDeadline = hookDeadline
        self.wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC))
        self.program = Log.program
    }

    // MARK: Connections

    /// Adds an accepted connection (to be told if a deadline passes).
    func register(_ descriptor: Int32) {
        state.withLock { $0.connections[descriptor] = true }
    }

    /// Removes a connection that is closing.
    func unregister(_ descriptor: Int32) {
        state.withLock { _ = $0.connections.removeValue(forKey: descriptor) }
    }

    /// Records whether a connection has reply bytes not flushed yet (then it is told nothing).
    func setUnflushed(_ descriptor: Int32, _ unflushed: Bool) {
        state.withLock { state in
            if state.connections[descriptor] != nil { state.connections[descriptor] = !unflushed }
        }
    }

    /// The listening socket was closed (termination): its descriptor number means nothing now.
    func listenerClosed() {
        state.withLock { $0.listening = false }
    }

    // MARK: Arming

    /// Starts watching the launch (the delegate factory first).
    func armLaunch(sink: Int32?) {
        arm(.launch, deadline: launchDeadline, running: "the delegate factory", owner: nil, sink: sink)
    }

    /// The lifecycle controller is about to call `call`: a launch step goes on under the launch
    /// deadline (which is not restarted), any other hook gets the hook deadline of its own, for
    /// the request of the owner ``serving(_:_:)`` named.
    ///
    /// Returns only if the watchdog has not fired; otherwise the process is exiting and the main
    /// thread parks.
    func announce(_ call: HookCall) {
        let (watch, owner) = state.withLock { state -> (Watch, Int32?) in
            if state.watch == .launch && state.armed && call.isLaunchStep { state.running = call.description }
            return (state.watch, state.owner)
        }
        guard !(watch == .launch && call.isLaunchStep) else { return }
        guard hookDeadline > .zero else {
            // No hook watch: the launch's ends where the hooks after the launch steps begin.
            guard disarm() else { park() }
            busy?.mark(until: nil)
            return
        }
        arm(.hook, deadline: hookDeadline, running: call.description, owner: owner, sink: nil)
    }

    /// The hook announced last returned: a hook's deadline no longer runs (the launch's does, until
    /// the launch ends).
    func hookReturned() {
        let fired = state.withLock { state -> Bool in
            if state.watch == .hook { state.armed = false }
            return state.fired
        }
        busy?.clear()
        if fired { park() }
    }

    /// Runs `body`, whose hooks serve the request of `owner` (a connection, or `nil`), and claims
    /// its end: the one way the primary runs hooks after the launch.
    ///
    /// Returns only if the watchdog has not fired; otherwise the process is exiting and the main
    /// thread parks.
    func serving<Result>(_ owner: Int32?, _ body: () -> Result) -> Result {
        state.withLock { $0.owner = owner }
        let result = body()
        guard disarm() else { park() }
        state.withLock { $0.owner = nil }
        return result
    }

    /// The verdict pipe's verdict was written: it is owed nothing more.
    func sinkAnswered() {
        state.withLock { $0.sink = nil }
    }

    private func arm(_ watch: Watch, deadline timeout: Duration, running: String, owner: Int32?, sink: Int32?) {
        let deadline = Sys.monotonicNow() + timeout
        busy?.mark(until: deadline)
        let (fired, wake, start) = state.withLock { state -> (Bool, Bool, Bool) in
            if state.fired { return (true, false, false) }
            state.armed = true
            state.watch = watch
            state.deadline = deadline
            state.running = running
            state.owner = owner
            if watch == .launch { state.sink = sink }
            let start = !state.threadRunning
            state.threadRunning = true
            let wake = !start && (state.waitingUntil.map { deadline < $0 } ?? true)
            if wake { state.waitingUntil = deadline }
            return (false, wake, start)
        }
        if fired { park() }
        if start { startThread() }
        if wake {
            var one: UInt64 = 1
            _ = write(wakeDescriptor, &one, 8)
        }
    }

    /// The main thread claims the end of what was armed. `false` when the watchdog already
    /// fired: the process is exiting and the caller must not touch anything (see ``park()``).
    func disarm() -> Bool {
        busy?.clear()
        return state.withLock { state in
            if state.fired { return false }
            state.armed = false
            return true
        }
    }

    /// Waits for the exit the watchdog is carrying out.
    func park() -> Never {
        while true { pause() }
    }

    // MARK: The thread

    private func startThread() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            let watchdog = Unmanaged<Watchdog>.fromOpaque(context!).takeRetainedValue()
            watchdog.watch()
            return nil
        }, context)
        if created != 0 {
            Unmanaged<Watchdog>.fromOpaque(context).release()
            Log.error("cannot start the watchdog (error \(created)); hook deadlines are checked only between hooks")
            return
        }
        pthread_detach(thread)
    }

    /// What the thread does next.
    private enum Step {
        case wait(Int32)
        case fire(watch: Watch, running: String, owner: Int32?, sink: Int32?, connections: [Int32: Bool], listening: Bool)
    }

    /// The thread's body: wait for the armed deadline, fire if it is still armed then.
    private func watch() {
        var buffer: UInt64 = 0
        while true {
            let step = state.withLock { state -> Step in
                let now = Sys.monotonicNow()
                if state.armed && now >= state.deadline {
                    state.fired = true
                    return .fire(
                        watch: state.watch, running: state.running, owner: state.owner,
                        sink: state.sink, connections: state.connections, listening: state.listening)
                }
                // Sleep until the armed deadline, or keep to an earlier wake-up already planned
                // (arming wakes the thread only for a deadline earlier than that): under a steady
                // stream of hooks the thread wakes about once per deadline, not once per hook.
                var until = state.waitingUntil.flatMap { $0 > now ? $0 : nil }
                if state.armed { until = min(until ?? state.deadline, state.deadline) }
                state.waitingUntil = until
                guard let until else { return .wait(-1) }
                return .wait(Sys.milliseconds(until - now + .milliseconds(1)))
            }
            switch step {
            case .wait(let milliseconds):
                var descriptor = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, milliseconds) > 0 { _ = read(wakeDescriptor, &buffer, 8) }
            case .fire(let watch, let running, let owner, let sink, let connections, let listening):
                fire(watch, running: running, owner: owner, sink: sink, connections: connections, listening: listening)
            }
        }
    }

    /// Tells everyone and exits.
    private func fire(
        _ watch: Watch, running: String, owner: Int32?, sink: Int32?, connections: [Int32: Bool], listening: Bool
    ) -> Never {
        switch watch {
        case .launch:
            finishLaunch("launch timed out: \(running) had not returned when the launch deadline passed", sink: sink, connections: connections)
        case .hook:
            let seconds = Sys.describe(hookDeadline)
            let message = "\(running) did not return within the hook deadline (\(seconds)): the app was ended"
            let ownerFrame = ErrorMessage.encoded(.hookTimedOut, message + "; the request may have been partly handled")
            let othersFrame = ErrorMessage.encoded(.terminated, message + "; the request was not delivered")
            for (descriptor, clean) in connections where clean {
                Self.tell(descriptor, descriptor == owner ? ownerFrame : othersFrame)
            }
            if let sink {
                Self.tell(sink, VerdictMessage(request: 0, verdict: .hookTimedOut(message)).frame.encoded)
            }
            if listening {
                _ = unlink(socketPath)
                Listener.refuseBacklog(descriptor: listenDescriptor, with: othersFrame)
            }
            exitLogging(message, status: .hookTimedOut)
        }
    }

    /// Ends a launch that overran: called by the thread when it fires, or by the main thread
    /// (after ``disarm()``) when the lifecycle controller reported the overrun.
    func abortLaunch(_ message: String) -> Never {
        let (sink, connections) = state.withLock { state in
            state.fired = true
            return (state.sink, state.connections)
        }
        finishLaunch(message, sink: sink, connections: connections)
    }

    /// The preserved state's files (the archive, the restoration record), deleted if the launch
    /// overruns: the archive concerns one launch, so a launch that hangs cannot restore it again.
    func discardOnLaunchTimeout(_ paths: [String]) {
        state.withLock { $0.preservedState = paths }
    }

    private func finishLaunch(_ message: String, sink: Int32?, connections: [Int32: Bool]) -> Never {
        var message = message
        let preserved = state.withLock { $0.preservedState }
        if preserved.map({ unlink($0) == 0 }).contains(true) { message += "; the preserved state was discarded" }
        let error = ErrorMessage.encoded(.launchTimedOut, message)
        for (descriptor, clean) in connections where clean { Self.tell(descriptor, error) }
        if let sink { Self.tell(sink, VerdictMessage(request: 0, verdict: .launchTimedOut).frame.encoded) }
        _ = unlink(socketPath)
        Listener.refuseBacklog(descriptor: listenDescriptor, with: error)
        exitLogging(message, status: .launchTimedOut)
    }

    private func exitLogging(_ message: String, status: ExitStatus) -> Never {
        let line = Array("\(program): \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        _exit(status.rawValue)
    }

    /// Writes a whole frame without blocking (a full socket is not waited for).
    private static func tell(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { raw in
            var sent = send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            if sent < 0 && Sys.errno == ENOTSOCK { sent = write(descriptor, raw.baseAddress, raw.count) }
            return sent
        }
    }

}
