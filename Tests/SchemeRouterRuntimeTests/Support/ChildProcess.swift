import CSchemeRouterLinux
import CLibUV
import Glibc

/// A process spawned by a test (`posix_spawn`), with standard output and error captured in
/// files (not pipes: a primary that detaches keeps them open), waited for with a pidfd and a
/// bounded timeout, never with a sleep.
final class ChildProcess {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String
    private var status: Int32?

    /// Spawns `executable`.
    /// - Parameters:
    ///   - arguments: argv after argv[0], as raw bytes.
    ///   - environment: The whole environment.
    ///   - standardInput: A descriptor for the child's fd 0 (default /dev/null).
    ///   - inherited: Parent descriptors to make the child's fd 3, 4, … in order; every other
    ///     descriptor is closed in the child.
    ///   - workingDirectory: The child's working directory (default the test's): `env -C` changes
    ///     to it and execs the executable in the same process (the Glibc module hides
    ///     `posix_spawn_file_actions_addchdir_np`).
    ///   - outputPrefix: Where to put `<prefix>.out` and `<prefix>.err`.
    init(
        _ executable: String, _ arguments: [[UInt8]], environment: [String],
        standardInput: Int32? = nil, inherited: [Int32] = [], workingDirectory: String? = nil, outputPrefix: String
    ) throws(TestFailure) {
        stdoutPath = outputPrefix + ".out"
        stderrPath = outputPrefix + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        for (index, descriptor) in inherited.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(3 + index))
        }
        schemerouter_spawn_closefrom(&actions, Int32(3 + inherited.count))

        let program = workingDirectory == nil ? executable : "/usr/bin/env"
        let prefix = workingDirectory.map { ["-C", $0, executable].map { Array($0.utf8) } } ?? []
        var cArguments: [UnsafeMutablePointer<CChar>?] = [strdup(executable)]
        for argument in prefix + arguments {
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: argument.count + 1)
            argument.withUnsafeBytes { UnsafeMutableRawPointer(pointer).copyMemory(from: $0.baseAddress!, byteCount: argument.count) }
            pointer[argument.count] = 0
            cArguments.append(pointer)
        }
        cArguments.append(nil)
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        // A clean signal state: the test runner's threads block signals, and the mask and
        // ignored signals would be inherited.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else { throw TestFailure("posix_spawn \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// Waits for the process to exit, at most `timeout`.
    /// - Returns: Its exit status (128 + n when killed by signal n).
    @discardableResult
    func wait(timeout: Duration = .seconds(20)) throws(TestFailure) -> Int32 {
        if let status { return status }
        try ProcessWatch.waitForExit(pid, timeout: timeout)
        var raw: Int32 = 0
        guard waitpid(pid, &raw, 0) == pid else { throw TestFailure("waitpid \(pid): \(String(cString: strerror(errno)))") }
        let code = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = code
        return code
    }

    /// What it printed on standard output.
    var standardOutput: String { TestFiles.read(stdoutPath) }
    /// What it printed on standard error.
    var standardError: String { TestFiles.read(stderrPath) }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
    }
}

/// Waiting for any process (a child or not) to exit, with a pidfd.
enum ProcessWatch {
    /// Waits until process `pid` has exited, at most `timeout`.
    static func waitForExit(_ pid: pid_t, timeout: Duration) throws(TestFailure) {
        let descriptor = schemerouter_pidfd_open(pid)
        guard descriptor >= 0 else {
            if errno == ESRCH { return }
            throw TestFailure("pidfd_open \(pid): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw TestFailure("process \(pid) did not exit within \(timeout)") }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw TestFailure("poll: \(String(cString: strerror(errno)))") }
        }
    }

    /// Whether process `pid` exists (and is not a zombie reaped already).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0
    }
}

/// A test precondition that failed, with a message.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
