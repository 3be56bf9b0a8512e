import Foundation
import Glibc

/// One test's private world for `todolist`: its own runtime directory, data directory, home
/// and trace file under a fresh temporary directory. Any primary still running when the
/// sandbox goes away is killed.
final class TodoSandbox: AppSandbox {
    static let bundleName = "com.acme.todolist"

    /// `XDG_DATA_HOME`.
    var dataHome: String { root + "/data" }
    /// The `todolist` executable.
    var todolist: String { executable }

    init(environment: [String] = []) throws(TestFailure) {
        try super.init(
            product: "todolist", bundleName: Self.bundleName, defaultTimeout: .seconds(20),
            environment: { root in
                [
                    "PATH=/usr/bin:/bin", "HOME=\(root)/home", "TZ=UTC",
                    "XDG_RUNTIME_DIR=\(root)/run", "XDG_DATA_HOME=\(root)/data", "SCHEMEROUTER_TRACE=\(root)/trace.jsonl",
                ]
            }, extra: environment)
        mkdir(dataHome, 0o700)
        mkdir(root + "/home", 0o700)
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

    /// Stops the primary with `todolist --quit` and waits until its process is gone.
    func quit() throws(TestFailure) -> Run {
        let pid = primaryPID
        let result = try run(["--quit"])
        if let pid { try ProcessWatch.waitForExit(pid, timeout: .seconds(10)) }
        return result
    }
}
