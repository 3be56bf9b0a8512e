import Foundation
import CLibUV
import Glibc

/// One test's private world for `load-probe` (Examples/LoadProbe): its own runtime directory and
/// delivery log under a fresh temporary directory. Any primary still running when the sandbox
/// goes away is killed.
final class ProbeSandbox {
    let root: String
    let probe: String
    /// `XDG_RUNTIME_DIR`.
    let runtimeBase: String
    /// `LOADPROBE_LOG`: one line per delivery (`<sender> <sequence>`) or event.
    let log: String
    /// `SCHEMEROUTER_TRACE`.
    let trace: String
    /// Extra `NAME=value` entries for every process.
    var extraEnvironment: [String]
    private var runs = 0

    static let bundleName = "org.schemerouter.loadprobe"

    init(environment: [String] = []) throws(TestFailure) {
        probe = try Executables.path("load-probe")
        root = TestFiles.temporaryDirectory()
        runtimeBase = root + "/run"
        log = root + "/deliveries.log"
        trace = root + "/trace.jsonl"
        mkdir(runtimeBase, 0o700)
        extraEnvironment = environment
    }

    deinit {
        killPrimary()
        TestFiles.removeTree(root)
    }

    var runtimeDirectory: String { runtimeBase + "/schemerouter" }
    var socketPath: String { runtimeDirectory + "/\(Self.bundleName).sock" }
    var lockPath: String { runtimeDirectory + "/\(Self.bundleName).lock" }

    /// The environment of every process the sandbox starts; later entries win.
    func environment(_ extra: [String] = []) -> [String] {
        let entries = [
            "PATH=/usr/bin:/bin", "HOME=\(root)", "XDG_RUNTIME_DIR=\(runtimeBase)", "LOADPROBE_LOG=\(log)",
            "SCHEMEROUTER_TRACE=\(trace)", "SWIFT_BACKTRACE=enable=no",
        ] + extraEnvironment + extra
        var result: [String] = []
        for entry in entries {
            let name = entry.prefix { $0 != "=" }
            result.removeAll { $0.prefix { $0 != "=" } == name }
            result.append(entry)
        }
        return result
    }

    /// Starts `load-probe` with `arguments`.
    func spawn(_ arguments: [String], environment extra: [String] = []) throws(TestFailure) -> ChildProcess {
        runs += 1
        return try ChildProcess(
            probe, arguments.map { Array($0.utf8) }, environment: environment(extra), outputPrefix: root + "/run-\(runs)")
    }

    /// Runs `load-probe` to completion.
    func run(_ arguments: [String], environment extra: [String] = [], timeout: Duration = .seconds(30)) throws(TestFailure) -> TodoSandbox.Run {
        let process = try spawn(arguments, environment: extra)
        let status = try process.wait(timeout: timeout)
        return TodoSandbox.Run(status: status, output: process.standardOutput, error: process.standardError)
    }

    /// Runs `schemectl lifecycle org.schemerouter.loadprobe <arguments>` to completion.
    func lifecycle(_ arguments: [String], timeout: Duration = .seconds(30)) throws(TestFailure) -> TodoSandbox.Run {
        runs += 1
        let process = try ChildProcess(
            try Executables.path("schemectl"), (["lifecycle", Self.bundleName] + arguments).map { Array($0.utf8) },
            environment: environment(), outputPrefix: root + "/run-\(runs)")
        let status = try process.wait(timeout: timeout)
        return TodoSandbox.Run(status: status, output: process.standardOutput, error: process.standardError)
    }

    /// Launches a primary into the background (detached) and returns its pid.
    @discardableResult
    func launch(foreground: Bool = false, environment extra: [String] = []) throws(TestFailure) -> pid_t {
        let launch = try run(foreground ? [] : ["--background"], environment: extra)
        guard launch.status == 0 else { throw TestFailure("load-probe exited \(launch.status): \(launch.error)") }
        guard let pid = primaryPID else { throw TestFailure("no primary after the launch") }
        return pid
    }

    /// Runs the load driver against the primary's socket.
    func drive(_ arguments: [String], timeout: Duration = .seconds(120)) throws(TestFailure) -> (status: Int32, report: String) {
        let process = try spawn(["--drive", socketPath] + arguments)
        let status = try process.wait(timeout: timeout)
        return (status, process.standardOutput + process.standardError)
    }

    // MARK: The log

    /// The log's lines so far.
    func logLines() -> [Substring] {
        TestFiles.read(log).split(separator: "\n")
    }

    /// The deliveries of `loadprobe://record/<sender>/<sequence>` in log order.
    func deliveries() -> [(sender: Int, sequence: Int)] {
        logLines().compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let sender = Int(parts[0]), let sequence = Int(parts[1]) else { return nil }
            return (sender, sequence)
        }
    }

    /// Waits until a log line satisfies `condition`.
    func waitForLog(timeout: Duration = .seconds(20), _ condition: @escaping (Substring) -> Bool) throws(TestFailure) {
        try FileWatch.wait(for: log, timeout: timeout) { $0.split(separator: "\n").contains(where: condition) }
    }

    /// Checks a delivery log against what was sent: every `(sender, sequence)` exactly once and
    /// each sender's sequences in order. Returns the problems found (at most ten).
    static func audit(_ deliveries: [(sender: Int, sequence: Int)], senders: Range<Int>, urls: Int) -> [String] {
        var problems: [String] = []
        var next = [Int: Int]()
        for (sender, sequence) in deliveries {
            guard senders.contains(sender) else {
                problems.append("unexpected sender \(sender)")
                continue
            }
            let expected = next[sender, default: 0]
            if sequence != expected {
                problems.append("sender \(sender): delivery \(sequence) where \(expected) was due (duplicate, lost or out of order)")
            }
            next[sender] = max(expected, sequence + 1)
        }
        for sender in senders where next[sender, default: 0] != urls {
            problems.append("sender \(sender): \(next[sender, default: 0]) of \(urls) URLs delivered")
        }
        return Array(problems.prefix(10))
    }

    // MARK: The primary

    /// The running primary's pid, from the lock file.
    var primaryPID: pid_t? {
        let text = TestFiles.read(lockPath).filter { $0.isNumber }
        guard let pid = pid_t(text), pid > 0, ProcessWatch.isAlive(pid) else { return nil }
        return pid
    }

    /// Kills the primary (SIGKILL) if one runs, and waits for it to be gone.
    func killPrimary() {
        guard let pid = primaryPID else { return }
        kill(pid, SIGKILL)
        try? ProcessWatch.waitForExit(pid, timeout: .seconds(10))
    }

    /// A FIFO the launch waits on (`LOADPROBE_LAUNCH_GATE`); ``openGate(_:)`` lets it go.
    func makeGate() -> String {
        let path = root + "/gate"
        mkfifo(path, 0o600)
        return path
    }

    /// Lets a launch waiting on the gate finish.
    func openGate(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        close(descriptor)
    }
}

/// A process's memory, from `/proc/<pid>/status`.
struct ProcessMemory {
    /// Resident set size now, in KiB.
    let residentKiB: Int
    /// The peak resident set size so far (`VmHWM`), in KiB.
    let peakKiB: Int

    init(pid: pid_t) throws(TestFailure) {
        let status = TestFiles.read("/proc/\(pid)/status")
        func field(_ name: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
            return Int(line.filter { $0.isNumber })
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else {
            throw TestFailure("cannot read the memory of process \(pid)")
        }
        residentKiB = resident
        peakKiB = peak
    }
}

/// One field of the load driver's JSON report.
enum DriverReport {
    static func number(_ name: String, in report: String) -> Double? {
        guard let range = report.range(of: "\"\(name)\": ") else { return nil }
        let rest = report[range.upperBound...]
        return Double(rest.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" || $0 == "+" })
    }
}
