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
}
