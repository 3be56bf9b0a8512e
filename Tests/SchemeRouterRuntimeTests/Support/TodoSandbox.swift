import Foundation
import Glibc

/// One test's private world for `todolist`: its own runtime directory, data directory, home
/// and trace file under a fresh temporary directory. Any primary still running when the
/// sandbox goes away is killed.
final class TodoSandbox {
    let root: String
    let todolist: String
    /// `XDG_RUNTIME_DIR`.
    let runtimeBase: String
    /// `XDG_DATA_HOME`.
    let dataHome: String
    /// `SCHEMEROUTER_TRACE`.
    let trace: String
    /// Extra `NAME=value` entries for every process.
    var extraEnvironment: [String]
    private var runs = 0

    static let bundleName = "com.acme.todolist"

    init(environment: [String] = []) throws(TestFailure) {
        todolist = try Executables.path("todolist")
        root = TestFiles.temporaryDirectory()
        runtimeBase = root + "/run"
        dataHome = root + "/data"
        trace = root + "/trace.jsonl"
        mkdir(runtimeBase, 0o700)
        mkdir(dataHome, 0o700)
        mkdir(root + "/home", 0o700)
        extraEnvironment = environment
    }

    deinit {
        killPrimary()
        TestFiles.removeTree(root)
    }

    /// `$XDG_RUNTIME_DIR/schemerouter`.
    var runtimeDirectory: String { runtimeBase + "/schemerouter" }
    var socketPath: String { runtimeDirectory + "/\(Self.bundleName).sock" }
    var lockPath: String { runtimeDirectory + "/\(Self.bundleName).lock" }

    /// The environment of every process the sandbox starts.
    /// Later entries replace earlier ones of the same name.
    func environment(_ extra: [String] = []) -> [String] {
        let entries = [
            "PATH=/usr/bin:/bin", "HOME=\(root)/home", "TZ=UTC",
            "XDG_RUNTIME_DIR=\(runtimeBase)", "XDG_DATA_HOME=\(dataHome)", "SCHEMEROUTER_TRACE=\(trace)",
        ] + extraEnvironment + extra
        var result: [String] = []
        for entry in entries {
            let name = entry.prefix { $0 != "=" }
            result.removeAll { $0.prefix { $0 != "=" } == name }
            result.append(entry)
        }
        return result
    }

    /// Starts `todolist` with `arguments`.
    func spawn(
        _ arguments: [String], environment extra: [String] = [], standardInput: Int32? = nil, inherited: [Int32] = []
    ) throws(TestFailure) -> ChildProcess {
        try spawn(raw: arguments.map { Array($0.utf8) }, environment: extra, standardInput: standardInput, inherited: inherited)
    }

    /// Starts `todolist` with raw argument bytes.
    func spawn(
        raw arguments: [[UInt8]], environment extra: [String] = [], standardInput: Int32? = nil, inherited: [Int32] = []
    ) throws(TestFailure) -> ChildProcess {
        runs += 1
        return try ChildProcess(
            todolist, arguments, environment: environment(extra), standardInput: standardInput, inherited: inherited,
            outputPrefix: root + "/run-\(runs)")
    }

    /// Runs `todolist` to completion.
    func run(_ arguments: [String], environment extra: [String] = [], timeout: Duration = .seconds(20)) throws(TestFailure) -> Run {
        let process = try spawn(arguments, environment: extra)
        let status = try process.wait(timeout: timeout)
        return Run(status: status, output: process.standardOutput, error: process.standardError)
    }

    /// Runs `schemectl lifecycle com.acme.todolist <arguments>` to completion.
    func lifecycle(_ arguments: [String], timeout: Duration = .seconds(20)) throws(TestFailure) -> Run {
        runs += 1
        let process = try ChildProcess(
            try Executables.path("schemectl"), (["lifecycle", Self.bundleName] + arguments).map { Array($0.utf8) },
            environment: environment(), outputPrefix: root + "/run-\(runs)")
        let status = try process.wait(timeout: timeout)
        return Run(status: status, output: process.standardOutput, error: process.standardError)
    }

    /// What a finished run did.
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

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

    // MARK: The items

    /// One stored item, as `todolist --list` prints it.
    struct Item: Decodable, Equatable {
        let task: String
        let due: String
    }

    /// The stored items (`todolist --list`).
    func items() throws(TestFailure) -> [Item] {
        let run = try run(["--list"])
        guard run.status == 0 else { throw TestFailure("todolist --list exited \(run.status): \(run.error)") }
        do {
            return try JSONDecoder().decode([Item].self, from: Data(run.output.utf8))
        } catch {
            throw TestFailure("todolist --list printed invalid JSON: \(run.output)")
        }
    }

    // MARK: The primary

    /// The running primary's pid, from the lock file.
    var primaryPID: pid_t? {
        let text = TestFiles.read(lockPath).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text), pid > 0, ProcessWatch.isAlive(pid) else { return nil }
        return pid
    }

    /// Stops the primary with `todolist --quit` and waits until its process is gone.
    func quit() throws(TestFailure) -> Run {
        let pid = primaryPID
        let result = try run(["--quit"])
        if let pid { try ProcessWatch.waitForExit(pid, timeout: .seconds(10)) }
        return result
    }

    /// Kills the primary (SIGKILL) if one runs, and waits for it to be gone.
    func killPrimary() {
        guard let pid = primaryPID else { return }
        kill(pid, SIGKILL)
        try? ProcessWatch.waitForExit(pid, timeout: .seconds(10))
    }
}
