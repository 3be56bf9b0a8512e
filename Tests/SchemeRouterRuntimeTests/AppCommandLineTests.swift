import SchemeRouterSender
import Testing

/// The apps' command lines as their users run them: TodoList's own `--list` beside the runtime's
/// options, the apps' own `--help` with the runtime's part for each, the probe's options reaching
/// its delegate, and a declared name the runtime uses refused at startup.
@Suite("An app's own options and help (real processes)")
struct AppCommandLineTests {
    @Test("todolist --help is TodoList's: its --list, then what the runtime does for it, and nothing it does not")
    func todoListHelp() throws {
        let sandbox = try TodoSandbox()
        let help = try sandbox.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: todolist [OPTION]... [URL]\n\nOptions:\n  --list  print the stored items as one JSON array and exit\n\nRunning the app:\n"))
        #expect(help.output.contains("  todolist --quit        terminate the running app\n"))
        #expect(help.output.contains("  todolist --background  launch into the background\n"))
        // TodoList does not adopt StateRestorationDelegate: no preserved state to promise.
        #expect(!help.output.contains("preserve") && !help.output.contains("--discard-state"))
        #expect(help.output.contains("Exit status: 0 handled"))
        // Wherever it stands, and with the app's own options around it.
        #expect(try sandbox.run(["--list", "--help"]).output == help.output)
        #expect(try sandbox.run(["-h"]).output == help.output)
    }

    @Test("TodoList's --list and the runtime's options work side by side; an unknown option or a bad value is exit 64")
    func todoListOptions() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["todolist://?Milk"]).status == 0)
        let list = try sandbox.run(["--list"])
        #expect(list.status == 0 && list.output.contains(#""task":"Milk""#), "\(list.error)")
        #expect(try sandbox.run(["--background"]).status == 0)
        let bogus = try sandbox.run(["--bogus"])
        #expect(bogus.status == ExitStatus.usage.rawValue)
        #expect(bogus.error == "todolist: unknown option '--bogus'\ntodolist: run 'todolist --help' for what it takes\n")
        let valued = try sandbox.run(["--list=all"])
        #expect(valued.status == ExitStatus.usage.rawValue && valued.error.hasPrefix("todolist: --list takes no value\n"))
        #expect(try sandbox.run(["--quit"]).status == 0)
    }

    @Test("Notes' --help is Notes' own text, with the runtime's part saying its state comes back after --quit")
    func notesHelp() throws {
        let notes = try Executables.path("notes")
        let process = try ChildProcess(notes, [Array("--help".utf8)], environment: ["PATH=/usr/bin:/bin"], outputPrefix: TestFiles.temporaryDirectory() + "/notes")
        #expect(try process.wait(timeout: .seconds(20)) == 0)
        #expect(process.standardOutput.hasPrefix("Notes: notes in windows, opened by notes: URLs.\nusage: notes [URL]\n"))
        #expect(process.standardOutput.contains("  notes --quit        terminate the running app; the state it preserves comes back at the next launch\n"))
        #expect(process.standardOutput.contains("  notes --quit --discard-state\n"))
    }

    @Test("an app option's value reaches the delegate of the process that becomes the app, not a running one")
    func optionsReachTheDelegate() throws {
        let sandbox = try ProbeSandbox()
        #expect(try sandbox.run(["--probe-tag", "first", "loadprobe://record/1/1"]).status == 0)
        #expect(try sandbox.run(["--probe-tag=second", "loadprobe://record/1/2"]).status == 0)
        #expect(sandbox.logLines() == ["tag first", "1 1", "1 2"])
        #expect(try sandbox.run(["--quit"]).status == 0)
    }

    @Test("an app option named like the runtime's is refused at startup with exit 64, before anything runs", arguments: ["--quit", "-h", "--manifest"])
    func aConflictingDeclarationIsRefused(name: String) throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_OPTIONS=--verbose,\(name)"])
        let run = try sandbox.run(["loadprobe://record/1/1"])
        #expect(run.status == ExitStatus.usage.rawValue)
        #expect(run.error == "load-probe: the app's option \(name) is also the runtime's own; rename it\n")
        #expect(sandbox.primaryPID == nil)
        #expect(sandbox.logLines().isEmpty)
    }

    @Test("a suspending app's help does not offer --background")
    func suspendingHelp() throws {
        let sandbox = try ProbeSandbox(environment: ["LOADPROBE_EXITS_ON_SUSPEND=1"], bundleName: "org.schemerouter.suspendingprobe")
        let help = try sandbox.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("  --probe-tag TEXT  logged as 'tag TEXT' when the app launches\n"))
        #expect(!help.output.contains("--background"))
    }
}
