import Foundation
import Glibc

/// One test's private world for an example app: a fresh temporary directory holding the app's
/// runtime directory and trace file, the environment every process it starts gets, and the
/// primary it may leave running (killed when the sandbox goes away). ``TodoSandbox`` and
/// ``ProbeSandbox`` add what their app needs.
class AppSandbox {
    let root: String
    /// The app's executable.
    let executable: String
    /// The app's `CFBundleURLName`, which names its socket and lock.
    let bundleName: String
    /// `XDG_RUNTIME_DIR`.
    let runtimeBase: String
    /// `SCHEMEROUTER_TRACE`.
    let trace: String
    /// Extra `NAME=value` entries for every process.
    var extraEnvironment: [String]
    /// The sandbox's own entries, before ``extraEnvironment``.
    private let baseEnvironment: [String]
    /// How long ``run(_:environment:timeout:)`` and ``lifecycle(_:timeout:)`` wait by default.
    private let defaultTimeout: Duration
    private var runs = 0

    /// - Parameter environment: the sandbox's own entries, given its root directory.
    init(
        product: String, bundleName: String, defaultTimeout: Duration, environment: (_ root: String) -> [String],
        extra: [String]
    ) throws(TestFailure) {
        executable = try Executables.path(product)
        self.bundleName = bundleName
        self.defaultTimeout = defaultTimeout
        root = TestFiles.temporaryDirectory()
        runtimeBase = root + "/run"
        trace = root + "/trace.jsonl"
        baseEnvironment = environment(root)
        extraEnvironment = extra
        mkdir(runtimeBase, 0o700)
    }

    deinit {
        killPrimary()
        TestFiles.removeTree(root)
    }

    /// `$XDG_RUNTIME_DIR/schemerouter`.
    var runtimeDirectory: String { runtimeBase + "/schemerouter" }
    var socketPath: String { runtimeDirectory + "/\(bundleName).sock" }
    var lockPath: String { runtimeDirectory + "/\(bundleName).lock" }

    /// The environment of every process the sandbox starts.
    /// Later entries replace earlier ones of the same name.
    func environment(_ extra: [String] = []) -> [String] {
        var result: [String] = []
        for entry in baseEnvironment + extraEnvironment + extra {
            let name = entry.prefix { $0 != "=" }
            result.removeAll { $0.prefix { $0 != "=" } == name }
            result.append(entry)
        }
        return result
    }

    /// Starts the app with `arguments` (in `workingDirectory`, by default the test's).
    func spawn(
        _ arguments: [String], environment extra: [String] = [], standardInput: Int32? = nil, inherited: [Int32] = [],
        workingDirectory: String? = nil
    ) throws(TestFailure) -> ChildProcess {
        try spawn(
            raw: arguments.map { Array($0.utf8) }, environment: extra, standardInput: standardInput, inherited: inherited,
            workingDirectory: workingDirectory)
    }

    /// Starts the app with raw argument bytes.
    func spawn(
        raw arguments: [[UInt8]], environment extra: [String] = [], standardInput: Int32? = nil, inherited: [Int32] = [],
        workingDirectory: String? = nil
    ) throws(TestFailure) -> ChildProcess {
        try start(
            executable, arguments, environment: environment(extra), standardInput: standardInput, inherited: inherited,
            workingDirectory: workingDirectory)
    }

    /// Runs the app to completion (in `workingDirectory`, by default the test's).
    func run(
        _ arguments: [String], workingDirectory: String? = nil, environment extra: [String] = [], timeout: Duration? = nil
    ) throws(TestFailure) -> Run {
        let process = try spawn(arguments, environment: extra, workingDirectory: workingDirectory)
        let status = try process.wait(timeout: timeout ?? defaultTimeout)
        return Run(status: status, output: process.standardOutput, error: process.standardError)
    }

    /// Runs `schemectl lifecycle <bundle name> <arguments>` to completion.
    func lifecycle(_ arguments: [String], timeout: Duration? = nil) throws(TestFailure) -> Run {
        let process = try start(
            try Executables.path("schemectl"), (["lifecycle", bundleName] + arguments).map { Array($0.utf8) },
            environment: environment())
        let status = try process.wait(timeout: timeout ?? defaultTimeout)
        return Run(status: status, output: process.standardOutput, error: process.standardError)
    }

    /// Starts a process whose output goes to files of its own under the root.
    private func start(
        _ path: String, _ arguments: [[UInt8]], environment: [String], standardInput: Int32? = nil, inherited: [Int32] = [],
        workingDirectory: String? = nil
    ) throws(TestFailure) -> ChildProcess {
        runs += 1
        return try ChildProcess(
            path, arguments, environment: environment, standardInput: standardInput, inherited: inherited,
            workingDirectory: workingDirectory, outputPrefix: root + "/run-\(runs)")
    }

    /// What a finished run did.
    struct Run {
        let status: Int32
        let output: String
        let error: String
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
}

extension AppSandbox {
    // MARK: The trace

    /// One trace line.
    struct TraceLine: Decodable, Equatable, CustomStringConvertible {
        let hook: String
        let state: String
        let url: String?

        var description: String { url.map { "\(hook)(\(state), \($0))" } ?? "\(hook)(\(state))" }
    }

    /// The trace lines so far.
    func traceLines() -> [TraceLine] {
        TestFiles.read(trace).split(separator: "\n").compactMap {
            try? JSONDecoder().decode(TraceLine.self, from: Data($0.utf8))
        }
    }

    /// The hook names so far.
    func hooks() -> [String] { traceLines().map(\.hook) }

    /// Waits until the trace has at least `count` lines.
    @discardableResult
    func waitForTrace(lines count: Int, timeout: Duration = .seconds(20)) throws(TestFailure) -> [TraceLine] {
        try FileWatch.wait(for: trace, timeout: timeout) { $0.split(separator: "\n").count >= count }
        return traceLines()
    }

    // MARK: The primary

    /// Stops the primary with `APP --quit` and waits until its process is gone.
    func quit() throws(TestFailure) -> Run {
        let pid = primaryPID
        let result = try run(["--quit"])
        if let pid { try ProcessWatch.waitForExit(pid, timeout: .seconds(10)) }
        return result
    }
}
