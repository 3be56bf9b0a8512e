import BenchmarkProcesses
import Glibc
import WakeBenchmarksSupport

/// Samples in microseconds, with percentiles.
struct Sample {
    let name: String
    var micros: [Double] = []

    var median: Double { percentile(0.5) }
    func percentile(_ p: Double) -> Double {
        let sorted = micros.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

func monotonicNanos() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func format(_ value: Double, decimals: Int = 0) -> String {
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

    init(_ path: String, _ arguments: [String], environment: [String], output: String) {
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
    func wait() -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        return (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    func kill() {
        Glibc.kill(pid, SIGTERM)
        _ = wait()
    }
}

/// The pid in a lock file, if its process is alive.
func readPID(_ path: String) -> pid_t? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0, let pid = pid_t(String(decoding: buffer[0..<count], as: UTF8.self).filter(\.isNumber)), pid > 0,
        Glibc.kill(pid, 0) == 0
    else { return nil }
    return pid
}

/// Waits (pidfd, bounded) until a process that is not our child has exited.
/// Waits (inotify, bounded) until `path` exists.
func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/wake-bench-XXXXXX".utf8CString)
    guard let pointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { fatal("mkdtemp") }
    return String(cString: pointer)
}

/// The 1-, 5- and 15-minute load averages (`/proc/loadavg`).
func loadAverage() -> String {
    let fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "?" }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return "?" }
    return String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ").prefix(3).joined(separator: " ")
}
