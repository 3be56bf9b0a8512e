internal import CLibUV
internal import Glibc

/// Starting programs with `posix_spawn` — never through a shell — and waiting for them with a
/// bounded timeout on their process file descriptor (`pidfd`), never by sleeping.
enum Subprocess {
    /// How a process ended.
    enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        case timedOut

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "killed by signal \(signal)"
            case .timedOut: "did not finish in time and was killed"
            }
        }
    }

    /// What a finished ``run(_:arguments:environment:timeout:)`` saw.
    struct Output: Sendable {
        var termination: Termination
        var standardOutput: [UInt8]
        var standardError: [UInt8]

        var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
        var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// A started process.
    struct Spawned: Sendable {
        let pid: pid_t
        /// Readable when the process has exited (-1 when `pidfd_open` is unavailable).
        let pidfd: Int32
        /// The read ends of the captured standard output and error (-1 when not captured).
        let standardOutput: Int32
        let standardError: Int32
    }

    /// Where a standard stream of the child goes.
    enum Stream: Sendable { case null, capture, inherit }

    /// Starts `executable` (an absolute path) with `arguments` (`argv[0]` first).
    /// - Parameters:
    ///   - environment: `NAME=value` strings.
    ///   - output, error: Where standard output and error go; standard input is always `/dev/null`.
    ///   - passing: Descriptors of this process to hand to the child under another number.
    ///   - newSession: Run the child in a session of its own (`setsid`), detached from our terminal.
    static func spawn(
        _ executable: String, arguments: [String], environment: [String],
        output: Stream = .capture, error: Stream = .capture,
        passing: [(fd: Int32, as: Int32)] = [], newSession: Bool = false
    ) throws(FileSystemError) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        var pipes: [Int32] = []
        defer { for fd in pipes { close(fd) } }
        func pipeFor(_ stream: Stream, childFD: Int32) throws(FileSystemError) -> Int32 {
            switch stream {
            case .inherit: return -1
            case .null:
                posix_spawn_file_actions_addopen(&actions, childFD, "/dev/null", O_WRONLY, 0)
                return -1
            case .capture:
                var ends: [Int32] = [-1, -1]
                try makePipe(&ends, executable)
                pipes.append(ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], childFD)
                _ = schemerouter_fcntl_int(ends[0], F_SETFL, O_NONBLOCK)
                return ends[0]
            }
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let outputRead = try pipeFor(output, childFD: 1)
        let errorRead: Int32
        do { errorRead = try pipeFor(error, childFD: 2) } catch {
            if outputRead >= 0 { close(outputRead) }
            throw error
        }
        // A descriptor passed under its own number would keep FD_CLOEXEC: go through a copy.
        var copies: [Int32] = []
        defer { for fd in copies { close(fd) } }
        for (fd, target) in passing {
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, 64)
            guard copy >= 0 else { throw FileSystem.error("fcntl", executable) }
            copies.append(copy)
            posix_spawn_file_actions_adddup2(&actions, copy, target)
        }

        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newSession { flags |= 0x80 }  // POSIX_SPAWN_SETSID (glibc ≥ 2.26)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            if outputRead >= 0 { close(outputRead) }
            if errorRead >= 0 { close(errorRead) }
            throw FileSystem.error("posix_spawn", executable, status)
        }
        let pidfd = schemerouter_pidfd_open(pid)
        if pidfd >= 0 { _ = schemerouter_fcntl_int(pidfd, F_SETFD, FD_CLOEXEC) }
        return Spawned(pid: pid, pidfd: pidfd, standardOutput: outputRead, standardError: errorRead)
    }

    /// Runs a program to completion (or until `timeout`, when it is killed), capturing its output.
    static func run(
        _ executable: String, arguments: [String], environment: [String], timeout: Duration = .seconds(10)
    ) throws(FileSystemError) -> Output {
        let process = try spawn(executable, arguments: arguments, environment: environment)
        return wait(for: process, timeout: timeout)
    }

    /// Collects a spawned process's captured output until it exits or `timeout` passes (then it
    /// is killed). Output written by processes it left behind (which may keep the pipes open) is
    /// not waited for.
    static func wait(for process: Spawned, timeout: Duration) -> Output {
        var output: [UInt8] = []
        var error: [UInt8] = []
        defer {
            if process.standardOutput >= 0 { close(process.standardOutput) }
            if process.standardError >= 0 { close(process.standardError) }
            if process.pidfd >= 0 { close(process.pidfd) }
        }
        let deadline = Clock.now + timeout
        var openPipes = [process.standardOutput, process.standardError].filter { $0 >= 0 }
        var termination: Termination?
        while termination == nil {
            var descriptors = openPipes.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if process.pidfd >= 0 { descriptors.append(pollfd(fd: process.pidfd, events: Int16(POLLIN), revents: 0)) }
            let remaining = Clock.milliseconds(until: deadline)
            if remaining == 0 {
                kill(process.pid, SIGKILL)
                _ = reap(process.pid)
                termination = .timedOut
                break
            }
            // Without a pidfd (pre-5.3 kernels) wake up regularly to check on the child.
            let wait = process.pidfd >= 0 ? remaining : min(remaining, 5)
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(wait))
            if ready < 0 && Glibc.errno != EINTR { break }
            for descriptor in descriptors where descriptor.fd != process.pidfd && descriptor.revents != 0 {
                let open =
                    descriptor.fd == process.standardOutput
                    ? drain(descriptor.fd, into: &output) : drain(descriptor.fd, into: &error)
                if !open { openPipes.removeAll { $0 == descriptor.fd } }
            }
            if let status = tryReap(process.pid) { termination = status }
        }
        for fd in openPipes {
            _ = fd == process.standardOutput ? drain(fd, into: &output) : drain(fd, into: &error)
        }
        return Output(termination: termination ?? .timedOut, standardOutput: output, standardError: error)
    }

    /// A pipe whose ends close on exec (`pipe2` is not in the Glibc module).
    static func makePipe(_ ends: inout [Int32], _ path: String) throws(FileSystemError) {
        guard pipe(&ends) == 0 else { throw FileSystem.error("pipe", path) }
        for fd in ends { _ = schemerouter_fcntl_int(fd, F_SETFD, FD_CLOEXEC) }
    }

    /// Reads what is available; `false` at end of file.
    private static func drain(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[0..<count]
                continue
            }
            if count == 0 { return false }
            if Glibc.errno == EINTR { continue }
            return Glibc.errno == EAGAIN || Glibc.errno == EWOULDBLOCK
        }
    }

    /// The termination of `pid` if it has ended (reaping it), else `nil`.
    static func tryReap(_ pid: pid_t) -> Termination? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        return decode(status)
    }

    /// Waits for `pid` to end and reaps it.
    static func reap(_ pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if Glibc.errno != EINTR { return .exited(-1) }
        }
        return decode(status)
    }

    static func decode(_ status: Int32) -> Termination {
        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    }
}
