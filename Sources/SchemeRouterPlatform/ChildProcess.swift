internal import CSchemeRouterLinux
internal import Glibc

/// The one child-process type: `posix_spawn` (never a shell), then `poll` on a pidfd (readable
/// when the child exits) and on its output pipes, with the deadline as the poll timeout. No
/// sleeps, no `SIGCHLD` handler.
///
/// The child gets its own process group (or session), `/dev/null` as standard input, the default
/// disposition for every signal and an empty signal mask. Past the deadline the whole group is
/// killed with `SIGKILL` and the termination is ``Termination/timedOut``.
package struct ChildProcess: Sendable {
    /// How a child ended.
    package enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
        /// It ran past the deadline and was killed.
        case timedOut

        /// `exit 2`, `signal 4 (SIGILL)`, `timed out`.
        package var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal) (\(ChildProcess.signalName(signal)))"
            case .timedOut: "timed out"
            }
        }
    }

    /// What a run produced.
    package struct Result: Sendable, Hashable {
        /// How the child ended.
        package var termination: Termination
        /// The end of its standard output (at most ``outputLimit`` bytes).
        package var standardOutput: [UInt8]
        /// The end of its standard error (at most ``outputLimit`` bytes).
        package var standardError: [UInt8]
        /// Its process id.
        package var pid: Int32

        /// Standard output as UTF-8 text.
        package var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        package var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Where the child's standard output and error go.
    package enum Output: Sendable {
        /// Into pipes that ``Running/wait(deadline:)`` reads.
        case capture
        /// To `/dev/null`.
        case discard
        /// Appended to this file: for a long-running child whose output nobody reads until it
        /// ends (a full pipe would block it).
        case file(String)
    }

    /// The most output kept per stream (the end is kept: that is where the error is).
    package static let outputLimit = 1024 * 1024

    /// Runs `arguments[0]` with `arguments` (raw bytes each; none may contain NUL) and waits for it
    /// to end, at most `deadline`.
    /// - Parameter environment: `NAME=value` entries replacing the environment, or `nil` to inherit it.
    package static func run(
        _ arguments: [[UInt8]], environment: [String]? = nil, deadline: Duration
    ) throws(SystemError) -> Result {
        try start(arguments, environment: environment).wait(deadline: deadline)
    }

    /// Runs `executable` with `arguments` (`argv[0]` first) to completion, at most `deadline`.
    package static func run(
        _ executable: String, arguments: [String], environment: [String]?, deadline: Duration = .seconds(10)
    ) throws(SystemError) -> Result {
        try start(arguments.map { Array($0.utf8) }, executable: executable, environment: environment).wait(deadline: deadline)
    }

    /// Starts a child; ``Running/wait(deadline:)`` collects it, or ``Running/reapInBackground()``.
    /// - Parameters:
    ///   - arguments: `argv`, raw bytes each; `arguments[0]` is the program unless `executable` is given.
    ///   - executable: The program's path when it is not `arguments[0]`.
    ///   - environment: `NAME=value` entries replacing the environment, or `nil` to inherit it.
    ///   - output: Where standard output and error go.
    ///   - passing: Descriptors of this process to hand to the child under another number.
    ///   - newSession: Run the child in a session of its own (`setsid`), detached from our terminal;
    ///     otherwise in a process group of its own.
    package static func start(
        _ arguments: [[UInt8]], executable: String? = nil, environment: [String]? = nil, output: Output = .capture,
        passing: [(fd: Int32, as: Int32)] = [], newSession: Bool = false
    ) throws(SystemError) -> Running {
        precondition(!arguments.isEmpty, "ChildProcess needs a program")
        precondition(arguments.allSatisfy { !$0.contains(0) }, "an argv element cannot hold a NUL byte")
        let program = executable ?? String(decoding: arguments[0], as: UTF8.self)

        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        // Close-on-exec, so no other child inherits them (the child gets its copies through dup2).
        guard schemerouter_pipe2(&outputPipe, O_CLOEXEC) == 0 else { throw SystemError(errno: errno, call: "pipe2", path: program) }
        guard schemerouter_pipe2(&errorPipe, O_CLOEXEC) == 0 else {
            let code = errno
            close(outputPipe[0]); close(outputPipe[1])
            throw SystemError(errno: code, call: "pipe2", path: program)
        }
        defer {
            close(outputPipe[1])
            close(errorPipe[1])
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        switch output {
        case .capture:
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        case .discard:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // A descriptor passed under its own number would keep FD_CLOEXEC: go through a copy.
        var copies: [Int32] = []
        defer { for fd in copies { close(fd) } }
        for (fd, target) in passing {
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, 64)
            guard copy >= 0 else {
                let code = errno
                close(outputPipe[0]); close(errorPipe[0])
                throw SystemError(errno: code, call: "fcntl(F_DUPFD_CLOEXEC)", path: program)
            }
            copies.append(copy)
            posix_spawn_file_actions_adddup2(&actions, copy, target)
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
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newSession {
            flags |= 0x80  // POSIX_SPAWN_SETSID (glibc ≥ 2.26)
        } else {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

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
            status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        } else {
            status = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        }
        guard status == 0 else {
            close(outputPipe[0]); close(errorPipe[0])
            throw SystemError(errno: status, call: "posix_spawn", path: program)
        }
        let pidfd = schemerouter_pidfd_open(pid)
        guard pidfd >= 0 else {
            let code = errno
            kill(pid, SIGKILL)
            var ignored: Int32 = 0
            waitpid(pid, &ignored, 0)
            close(outputPipe[0]); close(errorPipe[0])
            throw SystemError(errno: code, call: "pidfd_open", path: program)
        }
        _ = schemerouter_fcntl_int(pidfd, F_SETFD, FD_CLOEXEC)
        _ = schemerouter_fcntl_int(outputPipe[0], F_SETFL, O_NONBLOCK)
        _ = schemerouter_fcntl_int(errorPipe[0], F_SETFL, O_NONBLOCK)
        return Running(pid: pid, pidfd: pidfd, output: outputPipe[0], error: errorPipe[0])
    }

    /// A started child, to be waited for (or handed to ``reapInBackground()``) exactly once.
    package struct Running: Sendable {
        /// Its process id (and process group id).
        package let pid: Int32
        let pidfd: Int32
        let output: Int32
        let error: Int32

        /// Sends `signal` to the child (not its group).
        package func signal(_ signal: Int32) {
            kill(pid, signal)
        }

        /// A descriptor that becomes readable when the child exits (its pidfd), to `poll` beside
        /// other descriptors; valid until the child is waited for.
        package var exitDescriptor: Int32 { pidfd }

        /// Whether the child has exited (its pidfd is readable); does not reap it.
        package var hasExited: Bool {
            var fds = [pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)]
            return poll(&fds, 1, 0) > 0
        }

        /// Waits for the child to exit, reading its output, at most `deadline`; then kills its group.
        package func wait(deadline: Duration) -> Result {
            let end = Sys.monotonicNow() + deadline
            var standardOutput: [UInt8] = []
            var standardError: [UInt8] = []
            var open = (output: true, error: true)
            var exited = false
            while !exited {
                let remaining = end - Sys.monotonicNow()
                if remaining <= .zero { break }
                var fds = [
                    pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: open.output ? output : -1, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: open.error ? error : -1, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&fds, 3, Sys.milliseconds(remaining))
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
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
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

        /// Lets the child run on without waiting for it: its pipes are closed and a detached thread
        /// blocked in `waitpid` reaps it, so a long-running sender leaves no zombies.
        package func reapInBackground() {
            for fd in [output, error, pidfd] { close(fd) }
            var thread = pthread_t()
            let context = UnsafeMutableRawPointer(bitPattern: Int(pid))
            let created = pthread_create(&thread, nil, { context in
                let pid = pid_t(Int(bitPattern: context))
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return nil
            }, context)
            if created == 0 { pthread_detach(thread) }
        }
    }

    /// Reads what is available; returns whether the pipe is still open.
    static func drain(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 8192)
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
    package static func signalName(_ signal: Int32) -> String {
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
    package static func environment(overriding overrides: [String]) -> [String] {
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
    package static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
