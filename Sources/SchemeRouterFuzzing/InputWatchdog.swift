internal import CSchemeRouterLinux
internal import Glibc
internal import Synchronization
internal import SchemeRouterSender

/// Catches a hanging or crashing input in-process, on the fuzzing thread itself, without a second
/// thread.
///
/// **Hangs.** A hang cannot be noticed by the code that hangs, and a watchdog thread would have to
/// read the current input while the fuzzing thread rewrites it. Instead an interval timer
/// (`setitimer(ITIMER_REAL)`, a quarter of the deadline) raises `SIGALRM`, which Linux delivers to
/// the process's main thread, interrupting whatever it runs. Before each input the loop
/// publishes its address and length and bumps a sequence number (odd while an input runs, even
/// between inputs): three relaxed atomic stores, no clock reads, no system calls. The handler
/// only compares that number with the one it saw at the previous tick: the same odd number for
/// four ticks in a row means one input has run for at least the deadline. Nothing else is
/// shared, and the handler runs on the very thread it inspects, so nothing races: while the
/// handler runs, the input it reads cannot change or be freed.
///
/// **Crashes.** `SIGILL`/`SIGTRAP` (Swift's runtime traps), `SIGSEGV`, `SIGBUS`, `SIGFPE` and
/// `SIGABRT` get a handler too.
///
/// In both cases the handler does only async-signal-safe things (POSIX.1-2017 §2.4.3): `open`,
/// `write`, `close` to save the input to ``Configuration/pendingPath``; `write` to standard error;
/// then either `execv` into a continuation (`schemectl fuzz` minimising the saved input in child
/// processes, since nothing in a crashed process can be trusted) or, without one, `_exit` with
/// ``hangExitStatus`` for a hang, or the signal's default action for a crash (so a parent sees
/// exactly how the process died). Every buffer the handler touches is allocated at ``install(_:)``.
public enum InputWatchdog {
    /// The exit status of a process whose input hung (without a continuation).
    public static let hangExitStatus: Int32 = ExitStatus.hookTimedOut.rawValue

    /// What to do when an input hangs or crashes.
    public struct Configuration: Sendable {
        /// How long one input may run.
        public var deadline: Duration
        /// Where the offending input is written (`nil`: nowhere, for a replay whose input is on file already).
        public var pendingPath: String?
        /// A program and its arguments to `execv` after writing the input; an argument `%KIND%`
        /// becomes `hang` or `signal:N`, an argument `%ITERATION%` the 0-based number of the input. `nil`: exit.
        public var continuation: [String]?

        /// Creates a configuration.
        public init(deadline: Duration, pendingPath: String?, continuation: [String]? = nil) {
            self.deadline = deadline
            self.pendingPath = pendingPath
            self.continuation = continuation
        }
    }

    /// Installs the timer and the signal handlers. Call once, before the first ``begin(_:)``.
    public static func install(_ configuration: Configuration) {
        precondition(!WatchdogState.installed, "InputWatchdog.install called twice")
        WatchdogState.prepare(configuration)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = alarmHandler
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGALRM, &action, nil)
        for signal in WatchdogState.crashSignals {
            var crash = sigaction()
            crash.__sigaction_handler.sa_sigaction = crashHandler
            crash.sa_flags = SA_SIGINFO | SA_NODEFER
            sigemptyset(&crash.sa_mask)
            _ = sigaction(signal, &crash, WatchdogState.storage.pointee.previousActions + Int(signal))
        }
        let interval = max(configuration.deadline / 4, .milliseconds(1))
        let (seconds, attoseconds) = interval.components
        let tick = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        var timer = itimerval(it_interval: tick, it_value: tick)
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
        WatchdogState.installed = true
    }

    /// Stops the timer and restores the previous signal handlers.
    public static func uninstall() {
        guard WatchdogState.installed else { return }
        var timer = itimerval()
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
        // An alarm generated just before the timer was disarmed may still be pending (it is
        // process-directed: any thread may take it, later). Ignoring SIGALRM discards a pending
        // one (POSIX sigaction); only then is the default action, which ends the process, safe.
        signal(SIGALRM, SIG_IGN)
        signal(SIGALRM, SIG_DFL)
        for signal in WatchdogState.crashSignals {
            _ = sigaction(signal, WatchdogState.storage.pointee.previousActions + Int(signal), nil)
        }
        WatchdogState.installed = false
    }

    /// Marks the start of one input; `input` must stay alive until ``end()``.
    @inline(__always)
    public static func begin(_ input: UnsafeBufferPointer<UInt8>) {
        WatchdogState.inputAddress.store(UInt(bitPattern: input.baseAddress), ordering: .relaxed)
        WatchdogState.inputCount.store(input.count, ordering: .relaxed)
        WatchdogState.sequence.add(1, ordering: .releasing)
    }

    /// Marks the end of the input begun last.
    @inline(__always)
    public static func end() {
        WatchdogState.sequence.add(1, ordering: .releasing)
    }

    /// Runs `body` on `input` under the watchdog.
    @inline(__always)
    public static func guarding<Result>(_ input: [UInt8], _ body: ([UInt8]) -> Result) -> Result {
        input.withUnsafeBufferPointer { begin($0) }
        defer { end() }
        return body(input)
    }
}

/// What the handlers read: atomics shared with the fuzzing loop, and one block of plain memory
/// prepared by ``InputWatchdog/install(_:)`` (reached through a pointer, so the handlers trigger no
/// exclusivity checks, no lazy initialisation and no allocation).
enum WatchdogState {
    static let sequence = Atomic<Int>(0)
    static let inputAddress = Atomic<UInt>(0)
    static let inputCount = Atomic<Int>(0)
    static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    static let slotSize = 32
    static let maximumSlots = 4

    struct Storage {
        var installed = false
        var lastSequence = -1
        var stalledTicks = 0
        var ticksPerDeadline = 4
        var pendingPath: UnsafeMutablePointer<CChar>? = nil
        var hangMessage: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)
        var crashMessage: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var kindSlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        var kindSlotCount = 0
        var iterationSlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        var iterationSlotCount = 0
        var previousActions: UnsafeMutablePointer<sigaction>
    }

    // Written before the handlers are installed, or only by the handlers, which never run at once
    // (SIGALRM is blocked while its handler runs, and a crash handler ends the process).
    nonisolated(unsafe) static let storage: UnsafeMutablePointer<Storage> = {
        let storage = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        let kinds = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: maximumSlots)
        kinds.initialize(repeating: nil, count: maximumSlots)
        let iterations = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: maximumSlots)
        iterations.initialize(repeating: nil, count: maximumSlots)
        storage.initialize(to: Storage(kindSlots: kinds, iterationSlots: iterations, previousActions: actions))
        return storage
    }()

    static var installed: Bool {
        get { storage.pointee.installed }
        set { storage.pointee.installed = newValue }
    }

    static func copy(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }

    static func prepare(_ configuration: InputWatchdog.Configuration) {
        let state = storage
        state.pointee.pendingPath = configuration.pendingPath.map { strdup($0) }
        let seconds = Double(configuration.deadline.components.seconds)
            + Double(configuration.deadline.components.attoseconds) / 1e18
        let saved = configuration.pendingPath.map { "; it was written to \($0)" } ?? ""
        state.pointee.hangMessage = copy("\nschemectl fuzz: an input ran past the \(seconds) s deadline\(saved)\n")
        state.pointee.crashMessage = copy("\nschemectl fuzz: an input crashed the target\(saved)\n")
        state.pointee.kindSlotCount = 0
        state.pointee.iterationSlotCount = 0
        state.pointee.argv = nil
        if let continuation = configuration.continuation, !continuation.isEmpty {
            let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: continuation.count + 1)
            for (index, argument) in continuation.enumerated() {
                let isKind = argument == "%KIND%"
                let isIteration = argument == "%ITERATION%"
                if (isKind && state.pointee.kindSlotCount < maximumSlots)
                    || (isIteration && state.pointee.iterationSlotCount < maximumSlots)
                {
                    let slot = UnsafeMutablePointer<CChar>.allocate(capacity: slotSize)
                    slot.initialize(repeating: 0, count: slotSize)
                    if isKind {
                        state.pointee.kindSlots[state.pointee.kindSlotCount] = slot
                        state.pointee.kindSlotCount += 1
                    } else {
                        state.pointee.iterationSlots[state.pointee.iterationSlotCount] = slot
                        state.pointee.iterationSlotCount += 1
                    }
                    vector[index] = slot
                } else {
                    vector[index] = strdup(argument)
                }
            }
            vector[continuation.count] = nil
            state.pointee.argv = vector
        }
        _ = sequence.load(ordering: .relaxed)
        _ = inputAddress.load(ordering: .relaxed)
        _ = inputCount.load(ordering: .relaxed)
        state.pointee.lastSequence = -1
        state.pointee.stalledTicks = 0
    }

    /// Writes the current input to the pending file. Async-signal-safe.
    static func saveInput() {
        guard let path = storage.pointee.pendingPath else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        if let base = UnsafeRawPointer(bitPattern: inputAddress.load(ordering: .relaxed)) {
            var written = 0
            let count = inputCount.load(ordering: .relaxed)
            while written < count {
                let result = write(fd, base + written, count - written)
                if result <= 0 { break }
                written += result
            }
        }
        close(fd)
    }

    /// Writes a prepared message to standard error. Async-signal-safe.
    static func say(_ message: UnsafeMutableBufferPointer<UInt8>) {
        _ = write(2, message.baseAddress, message.count)
    }

    /// Writes `text` then, when `number` is not negative, its decimal digits into a slot. Async-signal-safe.
    static func fill(_ slot: UnsafeMutablePointer<CChar>, _ text: StaticString, number: Int) {
        var end = 0
        text.withUTF8Buffer { bytes in
            for byte in bytes where end < slotSize - 1 {
                slot[end] = CChar(bitPattern: byte)
                end += 1
            }
        }
        if number >= 0 {
            var divisor = 1
            while divisor <= number / 10 { divisor *= 10 }
            var rest = number
            while divisor > 0 && end < slotSize - 1 {
                slot[end] = CChar(48 + rest / divisor)
                rest %= divisor
                divisor /= 10
                end += 1
            }
        }
        slot[end] = 0
    }

    /// Replaces the process with the continuation, when there is one; returns when there is none
    /// (or `execv` failed). Async-signal-safe.
    static func continueOrReturn(kind: StaticString, signal: Int32) {
        let state = storage
        guard let argv = state.pointee.argv, let program = argv[0] else { return }
        for index in 0..<state.pointee.kindSlotCount {
            if let slot = state.pointee.kindSlots[index] { fill(slot, kind, number: signal > 0 ? Int(signal) : -1) }
        }
        let iteration = max(0, (sequence.load(ordering: .relaxed) - 1) / 2)
        for index in 0..<state.pointee.iterationSlotCount {
            if let slot = state.pointee.iterationSlots[index] { fill(slot, "", number: iteration) }
        }
        var timer = itimerval()
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        execv(program, argv)
    }
}

private func alarmHandler(_ signal: Int32) {
    let state = WatchdogState.storage
    let sequence = WatchdogState.sequence.load(ordering: .acquiring)
    guard sequence & 1 == 1, sequence == state.pointee.lastSequence else {
        state.pointee.lastSequence = sequence
        state.pointee.stalledTicks = 0
        return
    }
    state.pointee.stalledTicks += 1
    guard state.pointee.stalledTicks >= state.pointee.ticksPerDeadline else { return }
    WatchdogState.saveInput()
    WatchdogState.say(state.pointee.hangMessage)
    WatchdogState.continueOrReturn(kind: "hang", signal: 0)
    _exit(InputWatchdog.hangExitStatus)
}

private func crashHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let state = WatchdogState.storage
    if WatchdogState.sequence.load(ordering: .acquiring) & 1 == 1 {
        WatchdogState.saveInput()
        WatchdogState.say(state.pointee.crashMessage)
        WatchdogState.continueOrReturn(kind: "signal:", signal: signal)
    }
    // Die as the signal would have it: restore the previous handler (Swift's backtracer, say, or
    // the default) and let the faulting instruction run again, or raise the signal once more.
    let previous = state.pointee.previousActions + Int(signal)
    _ = sigaction(signal, previous, nil)
    if previous.pointee.sa_flags & SA_SIGINFO == 0 && previous.pointee.__sigaction_handler.sa_handler == nil {
        raise(signal)
    }
}
