import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// Issue 20, "Bad environments get a clear error, never litter" (real processes).
@Suite("Bad environments: relative XDG paths, a FIFO store, a sticky load, the working directory")
struct BadEnvironmentTests {
    /// The store's directory in a sandbox.
    static func storeDirectory(_ sandbox: TodoSandbox) -> String { sandbox.dataHome + "/com.acme.todolist" }

    /// Runs the app from `directory` (`env -C`), so anything relative lands there.
    static func run(_ sandbox: TodoSandbox, in directory: String, _ arguments: [String], environment: [String]) throws -> ChildProcess {
        try ChildProcess(
            "/usr/bin/env", (["-C", directory, sandbox.todolist] + arguments).map { Array($0.utf8) },
            environment: sandbox.environment(environment), outputPrefix: sandbox.root + "/cwd-run-\(arguments.count)")
    }

    @Test("a relative XDG_DATA_HOME is ignored with a warning: the store goes under the absolute HOME and nothing is created from the relative base")
    func relativeDataHome() throws {
        let sandbox = try TodoSandbox(environment: ["XDG_DATA_HOME=reldata", "SCHEMEROUTER_NO_DETACH=0"])
        let cwd = sandbox.root + "/cwd"
        mkdir(cwd, 0o700)
        let add = try Self.run(sandbox, in: cwd, ["todolist://?Relative"], environment: [])
        #expect(try add.wait() == 0, "\(add.standardError)")
        #expect(add.standardError.contains("ignoring the relative XDG_DATA_HOME=reldata"))
        #expect(TestFiles.read(sandbox.root + "/home/.local/share/com.acme.todolist/todos.jsonl").contains("Relative"))
        #expect(!TestFiles.exists(cwd + "/reldata"), "created from a relative base")
        _ = try sandbox.quit()
    }

    @Test("the detached primary runs in / (it keeps no mount busy), and a relative SCHEMEROUTER_TRACE still names the launcher's file")
    func workingDirectory() throws {
        let sandbox = try TodoSandbox(environment: ["SCHEMEROUTER_TRACE=relative-trace.jsonl"])
        let cwd = sandbox.root + "/cwd"
        mkdir(cwd, 0o700)
        let launch = try Self.run(sandbox, in: cwd, ["--background"], environment: [])
        #expect(try launch.wait() == 0, "\(launch.standardError)")
        let pid = try #require(sandbox.primaryPID)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/\(pid)/cwd", &buffer, buffer.count - 1)
        #expect(length == 1 && buffer[0] == CChar(UInt8(ascii: "/")))
        #expect(TestFiles.read(cwd + "/relative-trace.jsonl").contains("didFinishLaunching"))
        _ = try sandbox.quit()
    }

    @Test("a FIFO where the store is expected is refused at once with a typed error: --list exits, an add is openFailed, nothing hangs")
    func fifoStore() throws {
        let sandbox = try TodoSandbox()
        let directory = Self.storeDirectory(sandbox)
        mkdir(directory, 0o700)
        #expect(mkfifo(directory + "/todos.jsonl", 0o600) == 0)
        let list = try sandbox.run(["--list"])
        #expect(list.status != 0)
        #expect(list.error.contains("is not a regular file"))
        let add = try sandbox.run(["todolist://?Fifo"])
        #expect(add.status == ExitStatus.openFailed.rawValue, "\(add.error)")
        #expect(add.error.contains("is not a regular file"))
        _ = try sandbox.quit()
    }

    @Test("a launch-time load failure is not sticky: once the file is valid again the running primary uses it")
    func loadRetried() throws {
        let sandbox = try TodoSandbox()
        let directory = Self.storeDirectory(sandbox)
        mkdir(directory, 0o700)
        TestFiles.write(directory + "/todos.jsonl", "not json\n")
        let first = try sandbox.run(["todolist://?First"])
        #expect(first.status == ExitStatus.openFailed.rawValue, "\(first.error)")
        let pid = try #require(sandbox.primaryPID)
        #expect(TestFiles.read(directory + "/todos.jsonl") == "not json\n", "an unreadable log was changed")
        TestFiles.write(directory + "/todos.jsonl", "")
        let second = try sandbox.run(["todolist://?Second"])
        #expect(second.status == 0, "\(second.error)")
        #expect(sandbox.primaryPID == pid, "the same primary, not a restarted one")
        #expect(try sandbox.items().map(\.task) == ["Second"])
        _ = try sandbox.quit()
    }
}
