import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// One test's desktop: throwaway `HOME` and `XDG_*` directories under `/tmp`, its own display
/// server (an X server with openbox unless the test asks for a Wayland compositor), and the real
/// `notes` registered as the `notes:` handler with `schemectl register`. ``stop()`` quits Notes,
/// stops the display server and removes everything.
struct NotesDesktop {
    let root: String
    let display: any DisplayServer
    let environment: ProcessEnvironment
    let notes: String
    let schemectl: String

    var trace: String { root + "/trace.jsonl" }
    var runtimeDirectory: String { root + "/run" }
    /// Where Notes preserves its windows (`$XDG_STATE_HOME/com.example.notes`).
    var stateDirectory: String { root + "/home/.local/state/com.example.notes" }

    static var manifest: String {
        #filePath.replacing("Tests/SchemeRouterGLibTests/Support/NotesDesktop.swift", with: "Examples/Notes/Schemes/notes.json")
    }

    /// - Parameter start: Starts the display server in the desktop's directory and runtime
    ///   directory (`XDG_RUNTIME_DIR`, where a Wayland compositor puts its socket).
    init(display start: (_ root: String, _ runtimeDirectory: String) throws -> any DisplayServer = { root, _ in try XServer(directory: root) })
        throws
    {
        var template = Array("/tmp/srg.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil, "mkdtemp failed")
        root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for directory in ["/home/.local/share", "/home/.config", "/usr/share/applications", "/etc/xdg", "/run"] {
            try FileSystem.makeDirectories(root + directory)
        }
        chmod(root + "/run", 0o700)
        do {
            display = try start(root, root + "/run")
        } catch {
            _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", root], environment: [], deadline: .seconds(30))
            throw error
        }
        var variables = [
            "HOME": root + "/home",
            "XDG_DATA_HOME": root + "/home/.local/share",
            "XDG_CONFIG_HOME": root + "/home/.config",
            "XDG_STATE_HOME": root + "/home/.local/state",
            "XDG_DATA_DIRS": root + "/usr/share",
            "XDG_CONFIG_DIRS": root + "/etc/xdg",
            "XDG_RUNTIME_DIR": root + "/run",
            "PATH": ProcessEnvironment.current()["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "SCHEMEROUTER_TRACE": root + "/trace.jsonl",
            // No accessibility bus or D-Bus session here: GTK would wait for them.
            "NO_AT_BRIDGE": "1",
            "GTK_A11Y": "none",
        ]
        variables.merge(display.environment) { _, server in server }
        environment = ProcessEnvironment(variables)
        let directory = FileSystem.split(FileSystem.realPath("/proc/self/exe") ?? "").directory
        notes = directory + "/notes"
        schemectl = directory + "/schemectl"
        try #require(FileSystem.isExecutableFile(notes), "\(notes) is missing: swift build --build-tests")
        let register = try run(schemectl, ["register", Self.manifest, "--exec", notes])
        try #require(register.termination == .exited(0), "\(register.standardErrorText)")
    }

    /// Runs a program (a path or a tool on `PATH`) with the desktop's environment plus `extra`.
    func run(_ program: String, _ arguments: [String], extra: [String: String] = [:], timeout: Duration = .seconds(30))
        throws -> ChildProcess.Result
    {
        var env = environment
        for (key, value) in extra { env[key] = value }
        let path = try #require(program.hasPrefix("/") ? program : env.which(program), "\(program) is not installed")
        let name = FileSystem.split(program).name
        return try ChildProcess.run(path, arguments: [name] + arguments, environment: env.entries, deadline: timeout)
    }

    /// The trace's lines once at least `count` exist (nil at the timeout).
    func traceLines(_ count: Int, timeout: Duration = .seconds(20)) -> [String]? {
        FileWait.until(trace, timeout: timeout) { $0.split(separator: "\n").count >= count }
            .map { $0.split(separator: "\n").map(String.init) }
    }

    /// The trace's hook lines (no restoration lines) once at least `count` exist.
    func hookLines(_ count: Int, timeout: Duration = .seconds(20)) -> [String]? {
        hookLines(timeout: timeout) { $0.count >= count }
    }

    /// The trace's hook lines (no restoration lines) once `condition` holds for them.
    func hookLines(timeout: Duration = .seconds(20), until condition: ([String]) -> Bool) -> [String]? {
        let hooks = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("{\"hook\"") }.map(String.init) }
        return FileWait.until(trace, timeout: timeout) { condition(hooks($0)) }.map(hooks)
    }

    /// The trace's lines once one contains `text` (nil at the timeout).
    func traceLines(containing text: String, timeout: Duration = .seconds(20)) -> [String]? {
        FileWait.until(trace, timeout: timeout) { $0.contains(text) }.map { $0.split(separator: "\n").map(String.init) }
    }

    /// The session of each line (`scene-1`), `nil` for an app hook.
    func sessions(_ lines: [String]) -> [String?] {
        lines.map { line in
            guard let start = line.firstRange(of: "\"session\": \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// The titles of the visible windows, sorted.
    func visibleWindowTitles() throws -> [String] {
        let ids = try run("xdotool", ["search", "--onlyvisible", "--name", "."]).standardOutputText.split(separator: "\n")
        return try ids.map { id in
            try run("xdotool", ["getwindowname", String(id)]).standardOutputText.split(separator: "\n").first.map(String.init) ?? ""
        }.filter { !$0.isEmpty }.sorted()
    }

    /// The trace's hooks in order.
    func hooks(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            guard let start = line.firstRange(of: "\"hook\": \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// The id of the window titled exactly `title`, waiting for it (`xdotool search --sync`, which
    /// searches again every half second; bounded by `timeout`).
    func window(titled title: String) throws -> String? {
        let found = try run("timeout", ["15", "xdotool", "search", "--sync", "--name", "^\(title)$"])
        guard found.termination == .exited(0) else { return nil }
        return found.standardOutputText.split(separator: "\n").first.map(String.init)
    }

    /// Asks the window manager to activate `window` (`xdotool windowactivate --sync`). Its exit
    /// status proves nothing (0 even when it gave up waiting; a minimised window is often not
    /// active yet when it returns), so a test waits for what activation does: the app's hooks.
    func requestActivation(_ window: String) throws {
        _ = try run("xdotool", ["windowactivate", "--sync", window])
    }

    /// Starts a private session bus (`dbus-daemon --session --fork`): the environment entry that
    /// reaches it, and the daemon's pid to stop it with.
    func startSessionBus() throws -> (environment: [String: String], pid: pid_t) {
        let daemon = try run("dbus-daemon", ["--session", "--fork", "--print-address=1", "--print-pid=1"])
        let printed = daemon.standardOutputText.split(separator: "\n").map(String.init)
        try #require(daemon.termination == .exited(0) && printed.count == 2, "\(daemon.standardErrorText)")
        return (["DBUS_SESSION_BUS_ADDRESS": printed[0]], try #require(pid_t(printed[1])))
    }

    /// `gdbus call` of `org.freedesktop.Application.Activate` on `name` with `platformData`.
    func busActivate(_ name: String, platformData: String, bus: [String: String]) throws -> ChildProcess.Result {
        try busCall(name, "Activate", [platformData], bus: bus)
    }

    /// `gdbus call` of `org.freedesktop.Application.Open` on `name`: `uris` with `platformData`.
    func busOpen(_ name: String, uris: [String], platformData: String, bus: [String: String]) throws -> ChildProcess.Result {
        try busCall(name, "Open", ["[" + uris.map { "'\($0)'" }.joined(separator: ", ") + "]", platformData], bus: bus)
    }

    /// `gdbus call` of `org.freedesktop.Application.METHOD` on the object of `name`, text arguments.
    private func busCall(_ name: String, _ method: String, _ arguments: [String], bus: [String: String]) throws -> ChildProcess.Result {
        let path = "/" + name.split(separator: ".").joined(separator: "/")
        return try run(
            "gdbus",
            ["call", "--session", "--dest", name, "--object-path", path, "--method", "org.freedesktop.Application." + method]
                + arguments, extra: bus)
    }

    /// The primary's pid, from its lock file.
    var primaryPID: pid_t? {
        let text = ((try? RegularFile.readIfExists(runtimeDirectory + "/schemerouter/com.example.notes.lock")) ?? nil)
            .map { String(decoding: $0, as: UTF8.self) }
        return text.flatMap { $0.split(separator: "\n").first.flatMap { pid_t($0) } }
    }

    /// The display server as the type the test started.
    func display<Server: DisplayServer>(_ type: Server.Type) throws -> Server {
        try #require(display as? Server)
    }

    func stop() {
        _ = try? run(notes, ["--quit"])
        display.stop()
        _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", root], environment: [], deadline: .seconds(30))
    }
}
