internal import CLibUV
internal import Glibc

/// A program run to completion with a deadline: `posix_spawn`, then `poll` on a pidfd (readable
/// when the child exits) and on its output pipes, with the deadline as the poll timeout. No
/// sleeps, no `SIGCHLD` handler, no thread.
///
/// The child gets its own process group, `/dev/null` as standard input, the default disposition
/// for every signal and an empty signal mask. Past the deadline the whole group is killed with
/// `SIGKILL` and the termination is ``Termination/timedOut``.
public struct ChildProcess: Sendable {
    /// How a child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
        /// It ran past the deadline and was killed.
        case timedOut

        /// `exit 2`, `signal 4 (SIGILL)`, `timed out`.
        public var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal) (\(ChildProcess.signalName(signal)))"
            case .timedOut: "timed out"
            }
        }
    }

    /// What a run produced.
    public struct Result: Sendable, Hashable {
        /// How the child ended.
        public var termination: Termination
        /// The end of its standard output (at most ``outputLimit`` bytes).
        public var standardOutput: [UInt8]
        /// The end of its standard error (at most ``outputLimit`` bytes).
        public var standardError: [UInt8]
        /// Its process id.
        public var pid: Int32
    }

    /// The most output kept per stream (the end is kept: that is where the error is).
    public static let outputLimit = 16 * 1024

    /// Why a child could not be started.
    public struct SpawnError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The program.
        public let program: String
        /// The system's reason.
        public let reason: String
        /// `cannot run PATH: reason`.
        public var description: String { "cannot run \(program): \(reason)" }
    }

    /// Runs `arguments[0]` with `arguments` (raw bytes each; none may contain NUL) and waits for it
    /// to end, at most `deadline`.
    /// - Parameter environment: `NAME=value` entries replacing the environment, or `nil` to inherit it.
    public static func run(
        _ arguments: [[UInt8]], environment: [String]? = nil, deadline: Duration
    ) throws(SpawnError) -> Result {
        let running = try start(arguments, environment: environment)
        return running.wait(deadline: deadline)
    }

    /// Starts a child; ``Running/wait(deadline:)`` collects it.
    /// - Parameter outputFile: Append standard output and error to this file instead of pipes: for
    ///   a long-running child whose output nobody reads until it ends (a full pipe would block it).
    public static func start(_ arguments: [[UInt8]], environment: [String]? = nil, outputFile: String? = nil) throws(SpawnError) -> Running {
        precondition(!arguments.isEmpty, "ChildProcess needs a program")
        precondition(arguments.allSatisfy { !$0.contains(0) }, "an argv element cannot hold a NUL byte")
        let program = String(decoding: arguments[0], as: UTF8.self)
        func fail(_ code: Int32) -> SpawnError { SpawnError(program: program, reason: String(cString: strerror(code))) }

        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw fail(errno) }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0]); close(outputPipe[1])
            throw fail(errno)
        }
        // Close-on-exec, so no other child inherits them (the child gets its copies through dup2).
        for fd in outputPipe + errorPipe { _ = schemerouter_fcntl_int(fd, F_SETFD, FD_CLOEXEC) }
        defer {
            close(outputPipe[1])
            close(errorPipe[1])
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let outputFile {
            posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = arguments.map { bytes -> UnsafeMutablePointer<CChar>? in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            for pointer in argv { pointer?.deallocate() }
            for pointer in envp ?? [] { free(pointer) }
        }

        var pid: pid_t = 0
        let status: Int32
        if let envp {
            status = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
        } else {
            status = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, environ)
        }
        guard status == 0 else {
            close(outputPipe[0]); close(errorPipe[0])
            throw fail(status)
        }
        let pidfd = schemerouter_pidfd_open(pid)
        guard pidfd >= 0 else {
            let code = errno
            kill(pid, SIGKILL)
            var ignored: Int32 = 0
            waitpid(pid, &ignored, 0)
            close(outputPipe[0]); close(errorPipe[0])
            throw fail(code)
        }
        _ = schemerouter_fcntl_int(outputPipe[0], F_SETFL, O_NONBLOCK)
        _ = schemerouter_fcntl_int(errorPipe[0], F_SETFL, O_NONBLOCK)
        return Running(pid: pid, pidfd: pidfd, output: outputPipe[0], error: errorPipe[0])
    }

    /// A started child, to be waited for exactly once.
    public struct Running: Sendable {
        /// Its process id (and process group id).
        public let pid: Int32
        let pidfd: Int32
        let output: Int32
        let error: Int32

        /// Sends `signal` to the child (not its group).
        public func signal(_ signal: Int32) {
            kill(pid, signal)
        }

        /// Whether the child has exited (its pidfd is readable); does not reap it.
        public var hasExited: Bool {
            var fds = [pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)]
            return poll(&fds, 1, 0) > 0
        }

        /// Waits for the child to exit, reading its output, at most `deadline`; then kills its group.
        public func wait(deadline: Duration) -> Result {
            let clock = ContinuousClock()
            let end = clock.now + deadline
            var standardOutput: [UInt8] = []
            var standardError: [UInt8] = []
            var open = (output: true, error: true)
            var exited = false
            while !exited {
                let remaining = end - clock.now
                if remaining <= .zero { break }
                let milliseconds = Int32(clamping: (remaining.components.seconds * 1000) + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
                var fds = [
                    pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: open.output ? output : -1, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: open.error ? error : -1, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&fds, 3, milliseconds)
                if ready < 0 && errno == EINTR { continue }
                if ready <= 0 { continue }
                if fds[1].revents != 0 { open.output = ChildProcess.drain(output, into: &standardOutput) }
                if fds[2].revents != 0 { open.error = ChildProcess.drain(error, into: &standardError) }
                if fds[0].revents != 0 { exited = true }
            }
            var termination: Termination = .timedOut
            var status: Int32 = 0
            if !exited {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
            } else {
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let signal = status & 0x7F
                termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
            }
            // What is already in the pipes (a grandchild may hold them open: do not wait for EOF).
            if open.output { _ = ChildProcess.drain(output, into: &standardOutput) }
            if open.error { _ = ChildProcess.drain(error, into: &standardError) }
            close(pidfd)
            close(output)
            close(error)
            return Result(termination: termination, standardOutput: standardOutput, standardError: standardError, pid: pid)
        }
    }

    /// Reads what is available; returns whether the pipe is still open.
    static func drain(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                if buffer.count > outputLimit { buffer.removeFirst(buffer.count - outputLimit) }
                continue
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            return true  // EAGAIN: nothing more for now
        }
    }

    /// `SIGILL`, `SIGSEGV`, … or `signal N`.
    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGPIPE: "SIGPIPE"
        case SIGALRM: "SIGALRM"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }

    /// This process's environment with `overrides` (`NAME=value`) replacing or adding entries.
    public static func environment(overriding overrides: [String]) -> [String] {
        let names = Set(overrides.map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? $0 })
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(decoding: UnsafeRawBufferPointer(start: entry, count: strlen(entry)), as: UTF8.self)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if !names.contains(name) { entries.append(text) }
            pointer += 1
        }
        return entries + overrides
    }

    /// The absolute path of the running executable (`/proc/self/exe`), for re-running oneself.
    public static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
