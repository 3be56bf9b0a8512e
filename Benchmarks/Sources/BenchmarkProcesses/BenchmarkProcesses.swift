import Glibc
import WakeBenchmarksSupport

// Process, file and statistics helpers the wake and load benchmarks share.

/// Values from repeated runs or rounds, with percentiles.
public struct Series {
    public let name: String
    public var values: [Double] = []

    public init(name: String = "") {
        self.name = name
    }

    public mutating func add(_ value: Double) { values.append(value) }

    public func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    public var median: Double { percentile(0.5) }
}

/// `value` rounded to `decimals` places, padded with zeros; `?` when it is not a number.
public func format(_ value: Double, decimals: Int = 0) -> String {
    guard value.isFinite else { return "?" }
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let rounded = (value * factor).rounded() / factor
    var text = decimals == 0 ? String(Int(rounded)) : String(rounded)
    if decimals > 0, let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if have < decimals { text += String(repeating: "0", count: decimals - have) }
    }
    return text
}

public func monotonicNanos() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// A process started with posix_spawn, standard output to `output`, a clean signal mask.
public final class Spawned {
    public let pid: pid_t

    public init(_ path: String, _ arguments: [String], environment: [String], output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, &argv, &envp)
        if result != 0 { fatal("posix_spawn \(path): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// Waits for the exit; returns the status (128 + signal when killed).
    @discardableResult
    public func wait() -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        return (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    /// Sends `signal` and waits for the exit.
    public func stop(_ signal: Int32 = SIGKILL) {
        kill(pid, signal)
        wait()
    }
}

/// The whole contents of a file (empty when it cannot be read).
public func readText(_ path: String) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        result.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: result, as: UTF8.self)
}

/// The pid in a lock file, if its process is alive.
public func readPID(_ path: String) -> pid_t? {
    guard let pid = pid_t(readText(path).filter(\.isNumber)), pid > 0, kill(pid, 0) == 0 else { return nil }
    return pid
}

/// A new directory `<parent>/<name>-XXXXXX`, under `/dev/shm` when `inMemory` and it is writable,
/// else under `/tmp`.
public func makeTemporaryDirectory(_ name: String, inMemory: Bool = false) -> String {
    let parent = inMemory && access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(parent)/\(name)-XXXXXX".utf8CString)
    guard let pointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { fatal("mkdtemp") }
    return String(cString: pointer)
}

/// The 1-, 5- and 15-minute load averages (`/proc/loadavg`), or `?`.
public func loadAverage() -> String {
    let averages = readText("/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " ")
    return averages.isEmpty ? "?" : averages
}

/// Prints `<program>: message` to standard error and exits 1.
public func fatal(_ message: String) -> Never {
    let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "benchmark"
    let line = Array("\(program): \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

public func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Waits (pidfd, bounded) until a process that is not our child has exited.
public func waitForExit(_ pid: pid_t) {
    let descriptor = wake_benchmarks_pidfd_open(pid)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    if poll(&waiting, 1, 10_000) == 0 { fatal("process \(pid) did not exit within 10 s") }
}

/// Waits (inotify, bounded) until `path` exists.
public func waitForFile(_ path: String) {
    let directory = String(path[..<path.lastIndex(of: "/")!])
    let descriptor = inotify_init1(Int32(IN_CLOEXEC))
    defer { close(descriptor) }
    inotify_add_watch(descriptor, directory, UInt32(IN_CREATE | IN_MOVED_TO))
    var buffer = [UInt8](repeating: 0, count: 4096)
    for _ in 0..<100 {
        if access(path, F_OK) == 0 { return }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&waiting, 1, 10_000) == 0 { break }
        _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    }
    if access(path, F_OK) != 0 { fatal("\(path) did not appear") }
}

public func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}
