import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// TodoList's append-only log (`todos.jsonl`) with real processes: what a killed writer leaves,
/// the move from the old `todos.json`, and SIGKILL at any moment losing no acknowledged item.
@Suite("TodoList's log: a killed writer's torn line, the old todos.json, SIGKILL loses no acknowledged item")
struct TodoStoreTests {
    static func log(_ sandbox: TodoSandbox) -> String { sandbox.dataHome + "/com.acme.todolist/todos.jsonl" }

    @Test("a writer killed mid-append leaves a torn final line: --list ignores it, the next primary trims it before appending")
    func tornLineTrimmed() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["todolist://?First#202601020304"]).status == 0)
        let primary = try #require(sandbox.primaryPID)
        kill(primary, SIGKILL)
        try ProcessWatch.waitForExit(primary, timeout: .seconds(10))
        // A real writer that dies after writing half a line.
        let log = Self.log(sandbox)
        let writer = try ChildProcess(
            "/bin/sh", ["-c", "printf '%s' '{\"task\": \"Ha' >>\"$0\" && exec sleep 60", log].map { Array($0.utf8) },
            environment: [], outputPrefix: sandbox.root + "/writer")
        try FileWatch.wait(for: log) { $0.hasSuffix("{\"task\": \"Ha") }
        kill(writer.pid, SIGKILL)
        #expect(try writer.wait() == 128 + SIGKILL)
        #expect(try sandbox.items().map(\.task) == ["First"], "the torn line is not an item")
        #expect(TestFiles.read(log).hasSuffix("\"Ha"), "--list changed the log")

        let after = try sandbox.run(["todolist://?After#202601020304"])
        #expect(after.status == 0, "\(after.error)")
        #expect(
            TestFiles.read(log)
                == "{\"due\":\"2026-01-02T03:04\",\"task\":\"First\"}\n{\"due\":\"2026-01-02T03:04\",\"task\":\"After\"}\n")
        _ = try sandbox.quit()
    }

    @Test("an old todos.json (one JSON array) is listed, then moved into the log at the next launch and removed; one beside an existing log is left alone")
    func oldFileMigrated() throws {
        let sandbox = try TodoSandbox()
        let directory = sandbox.dataHome + "/com.acme.todolist"
        mkdir(directory, 0o700)
        TestFiles.write(directory + "/todos.json", "[\n  {\"task\": \"Old \\\"one\\\"\", \"due\": \"2020-01-01T00:00\"}\n]\n")
        #expect(try sandbox.items() == [.init(task: "Old \"one\"", due: "2020-01-01T00:00")])
        #expect(try sandbox.run(["todolist://?New#202601020304"]).status == 0)
        #expect(!TestFiles.exists(directory + "/todos.json"))
        #expect(!TestFiles.exists(directory + "/.todos.jsonl.migrating"))
        #expect(try sandbox.items().map(\.task) == ["Old \"one\"", "New"])
        // A todos.json that appears beside the log later is neither read nor removed.
        _ = try sandbox.quit()
        TestFiles.write(directory + "/todos.json", "[]\n")
        #expect(try sandbox.run(["todolist://?Newer#202601020304"]).status == 0)
        #expect(TestFiles.read(directory + "/todos.json") == "[]\n")
        #expect(try sandbox.items().map(\.task) == ["Old \"one\"", "New", "Newer"])
        _ = try sandbox.quit()
    }

    @Test("SIGKILL of the primary while senders are in flight, 25 times: every acknowledged item is in the log once, and the log stays readable")
    func killLoop() throws {
        let sandbox = try TodoSandbox()
        let senders = 4
        var acknowledged: [String] = []
        for round in 0..<25 {
            let tasks = (0..<senders).map { "r\(round)s\($0)" }
            let processes = try tasks.map { task throws(TestFailure) in try sandbox.spawn(["todolist://?\(task)"]) }
            // The kill lands after one sender has its verdict, while the others are in flight.
            let first = round % senders
            if try processes[first].wait() == 0 { acknowledged.append(tasks[first]) }
            if let pid = sandbox.primaryPID { kill(pid, SIGKILL) }
            for (index, process) in processes.enumerated() where index != first {
                if try process.wait() == 0 { acknowledged.append(tasks[index]) }
            }
            sandbox.killPrimary()
        }
        let stored = try sandbox.items().map(\.task)
        for task in acknowledged {
            #expect(stored.filter { $0 == task }.count == 1, "acknowledged \(task) is stored \(stored.filter { $0 == task }.count) times")
        }
        #expect(Set(stored).count == stored.count, "an item stored twice: \(stored)")
        #expect(acknowledged.count >= 25, "too few acknowledged items to mean anything: \(acknowledged.count)")
        // The next primary trims whatever the last kill left; then every line is a whole item.
        #expect(try sandbox.run(["todolist://?Last"]).status == 0)
        let lines = TestFiles.read(Self.log(sandbox)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(try sandbox.items().count == lines.count - 1)
        _ = try sandbox.quit()
    }
}
