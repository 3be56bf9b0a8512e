import SchemeRouter
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// The whole path with the real TodoList app: `schemectl register`, then `gio open` (cold
/// launch), `xdg-open` (wake), `schemectl open` and `share-to-todo` deliver URLs byte for byte,
/// TodoList stores the tasks, and nothing in the URLs is executed.
@Suite struct TodoListDeliveryTests {
    struct Setup {
        let sandbox: Sandbox
        let trace: TraceWatch
        let todolist: String

        /// Registers the real `todolist` in a fresh sandbox whose environment carries the trace.
        init() throws {
            try Tools.require()
            let plain = try Sandbox()
            trace = try TraceWatch(path: plain.root + "/trace.jsonl")
            sandbox = Sandbox(copying: plain, extra: ["SCHEMEROUTER_TRACE": trace.path, "DISPLAY": ":schemerouter-test"])
            todolist = try Binaries.path("todolist")
            let register = try SchemectlDesktopTests.schemectl(
                sandbox, ["register", SchemectlDesktopTests.manifest, "--exec", todolist])
            try #require(register.termination == .exited(0), "\(register.standardErrorText)")
        }

        func list() throws -> String {
            try ChildProcess.run(todolist, arguments: ["todolist", "--list"], environment: sandbox.environment.entries).standardOutputText
        }

        /// Quits the primary (waiting for it) and removes the sandbox.
        func tearDown() {
            _ = try? ChildProcess.run(todolist, arguments: ["todolist", "--quit"], environment: sandbox.environment.entries)
            sandbox.remove()
        }
    }

    @Test func gioLaunchesXdgOpenWakesSchemectlAndShareToTodoSend() throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        let pwned = setup.sandbox.root + "/PWNED"
        let first = "todolist://x?Buy%20milk;$(touch$IFS\(pwned))'now'#today"
        let gio = try setup.sandbox.run("gio", ["open", first])
        #expect(gio.termination == .exited(0), "\(gio.standardErrorText)")
        let launch = try #require(setup.trace.waitForLines(4), "no cold launch in the trace: \(setup.trace.lines)")
        #expect(launch == [
            TraceWatch.line("willFinishLaunching", "inactive"), TraceWatch.line("didFinishLaunching", "inactive"),
            TraceWatch.line("open", "inactive", url: first), TraceWatch.line("didBecomeActive", "active"),
        ])

        let second = "todolist://?Quarterly%20Report#200806231300"
        let xdg = try setup.sandbox.run("xdg-open", [second])
        #expect(xdg.termination == .exited(0), "\(xdg.standardErrorText)")
        let woken = try #require(setup.trace.waitForLines(5))
        #expect(woken[4] == TraceWatch.line("open", "active", url: second))

        let third = "todolist:?it's%20%22quoted%22%20%26%20%60ticked%60"
        let open = try SchemectlDesktopTests.schemectl(setup.sandbox, ["open", "--json", third])
        #expect(open.termination == .exited(0))
        #expect(open.standardOutputText.contains(#""verdict": "handled""#))
        #expect(open.standardOutputText.contains(#""route": "woken""#))

        let share = try ShareToTodoTests.run(setup.sandbox, ["Call", "mum", "&", "dad"])
        #expect(share.termination == .exited(0), "\(share.standardErrorText)")
        #expect(try #require(setup.trace.waitForLines(7))[6] == TraceWatch.line("open", "active", url: "todolist://?Call%20mum%20%26%20dad#today"))

        let items = try setup.list()
        #expect(items.contains(#""task":"Buy milk;$(touch$IFS\#(pwned))'now'""#))
        #expect(items.contains(#""due":"2008-06-23T13:00","task":"Quarterly Report""#))
        #expect(items.contains(#""task":"it's \"quoted\" & `ticked`""#))
        #expect(items.contains(#""task":"Call mum & dad""#))
        #expect(!setup.sandbox.exists(pwned))
    }

    @Test func urlsTodoListRefusesAreReportedAndNothingIsStored() throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        // A URL the route cannot read (no task): the runtime rejects it before launching, with the reason.
        let noTask = try SchemectlDesktopTests.schemectl(setup.sandbox, ["open", "todolist://x#today"])
        #expect(noTask.termination == .exited(2), "\(noTask.standardOutputText)\(noTask.standardErrorText)")
        #expect((noTask.standardOutputText + noTask.standardErrorText).contains("missing query for parameter 'task'"))
        // Invalid date: rejected with the parameter and its byte offset.
        let badDate = try SchemectlDesktopTests.schemectl(setup.sandbox, ["open", "--json", "todolist://?x#200802301300"])
        #expect(badDate.termination == .exited(2))
        #expect(badDate.standardOutputText.contains(#""verdict": "rejected""#), "\(badDate.standardOutputText)")
        #expect(badDate.standardOutputText.contains("parameter 'due' = '200802301300'"), "\(badDate.standardOutputText)")
        // A raw double quote never leaves the sender.
        let rejected = try SchemectlDesktopTests.schemectl(setup.sandbox, ["open", "todolist://?\"x\""])
        #expect(rejected.termination == .exited(2))
        // xdg-open hands TodoList even a malformed URL; TodoList rejects it before any hook runs.
        let xdg = try setup.sandbox.run("xdg-open", ["todolist://?a b $(touch \(setup.sandbox.root)/PWNED)"])
        #expect(xdg.termination != .exited(0))
        #expect(try setup.list() == "[]\n")
        #expect(!setup.sandbox.exists(setup.sandbox.root + "/PWNED"))
    }
}
