import BenchmarkProcesses
import Glibc
import WakeBenchmarksSupport

/// Values from repeated rounds, with percentiles.
struct Series {
    var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    var median: Double { percentile(0.5) }
}

func format(_ value: Double, decimals: Int = 0) -> String {
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

/// A process started with posix_spawn, standard output to `output`, a clean signal mask.
final class Spawned {
    let pid: pid_t
    let output: String

    init(_ path: String, _ arguments: [String], environment: [String], output: String) {
        self.output = output
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
    func wait() -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        return (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    func stop() {
        kill(pid, SIGKILL)
        wait()
    }
}

/// The whole contents of a file.
func readText(_ path: String) -> String {
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
func readPID(_ path: String) -> pid_t? {
    guard let pid = pid_t(readText(path).filter(\.isNumber)), pid > 0, kill(pid, 0) == 0 else { return nil }
    return pid
}

/// Waits (pidfd, bounded) until a process that is not our child has exited.
/// Waits (inotify, bounded) until `path` exists.
/// A process's resident set size now and at its peak, in KiB (`/proc/<pid>/status`).
func memory(of pid: pid_t) -> (resident: Double, peak: Double) {
    let status = readText("/proc/\(pid)/status")
    func field(_ name: String) -> Double {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return .nan }
        return Double(line.filter(\.isNumber)) ?? .nan
    }
    return (field("VmRSS"), field("VmHWM"))
}

func makeTemporaryDirectory() -> String {
    let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(parent)/load-bench-XXXXXX".utf8CString)
    guard let pointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { fatal("mkdtemp") }
    return String(cString: pointer)
}

/// The 1-, 5- and 15-minute load averages (`/proc/loadavg`).
func loadAverage() -> String {
    readText("/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " ")
}

/// One number from the load driver's JSON line.
func field(_ name: String, in report: String) -> Double {
    guard let range = report.range(of: "\"\(name)\": ") else { return .nan }
    return Double(report[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" || $0 == "+" }) ?? .nan
}

extension String {
    /// The range of the first occurrence of `other` (no Foundation).
    func range(of other: String) -> Range<String.Index>? {
        guard !other.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(other) { return index..<self.index(index, offsetBy: other.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
