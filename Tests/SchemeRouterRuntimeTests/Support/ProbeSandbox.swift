import Foundation
import CLibUV
import Glibc

/// One test's private world for `load-probe` (Examples/LoadProbe): its own runtime directory and
/// delivery log under a fresh temporary directory. Any primary still running when the sandbox
/// goes away is killed.
final class ProbeSandbox: AppSandbox {
    static let bundleName = "org.schemerouter.loadprobe"

    /// `LOADPROBE_LOG`: one line per delivery (`<sender> <sequence>`) or event.
    var log: String { root + "/deliveries.log" }
    /// The `load-probe` executable.
    var probe: String { executable }

    /// - Parameter bundleName: The probe's bundle, `org.schemerouter.suspendingprobe` under `LOADPROBE_EXITS_ON_SUSPEND=1`.
    init(environment: [String] = [], bundleName: String = ProbeSandbox.bundleName) throws(TestFailure) {
        try super.init(
            product: "load-probe", bundleName: bundleName, defaultTimeout: .seconds(30),
            environment: { root in
                [
                    "PATH=/usr/bin:/bin", "HOME=\(root)", "XDG_RUNTIME_DIR=\(root)/run", "LOADPROBE_LOG=\(root)/deliveries.log",
                    "SCHEMEROUTER_TRACE=\(root)/trace.jsonl", "SWIFT_BACKTRACE=enable=no",
                ]
            }, extra: environment)
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
