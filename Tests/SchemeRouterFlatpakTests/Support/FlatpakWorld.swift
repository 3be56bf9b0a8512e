import Glibc
import Testing

import SchemeRouterPlatform
import SchemeRouterSender

/// One test's desktop with Flatpak: a throwaway directory under `/tmp` holding `HOME`, the
/// `XDG_*` directories, `XDG_RUNTIME_DIR`, a user Flatpak installation (`FLATPAK_USER_DIR`) whose
/// exported desktop files host launchers see (`XDG_DATA_DIRS`), and a private session bus. The
/// runtime comes from the shared read-only installation (``FlatpakRuntime``). ``tearDown()``
/// quits the app, stops what the world started and removes the directory.
///
/// Paths are given twice where host and sandbox differ: the app's shared runtime directory is
/// ``appRuntimeDirectory`` on the host and ``sandboxAppRuntimeDirectory`` inside
/// (`/run/user/<uid>/app/<id>`); the app's data is under `~/.var/app/<id>/` on the host.
final class FlatpakWorld {
    let root: String
    let runtime: FlatpakRuntime.Ready
    let appID: String
    /// The environment every tool runs with (``run(_:_:extra:timeout:)``).
    private(set) var environment: [String: String]
    private var bus: PrivateBus?
    /// The OpenURI portal, once ``startPortal(chooserChoice:)`` ran.
    private(set) var portal: PortalSession?

    var home: String { root + "/home" }
    var dataHome: String { home + "/.local/share" }
    var configHome: String { home + "/.config" }
    var runtimeDirectory: String { root + "/run" }
    var userInstallation: String { root + "/flatpak" }
    /// The app's directory in the runtime directory, as the host sees it.
    var appRuntimeDirectory: String { runtimeDirectory + "/app/" + appID }
    /// The same directory inside the sandbox.
    var sandboxAppRuntimeDirectory: String { "/run/user/\(getuid())/app/\(appID)" }
    /// The app's `XDG_DATA_HOME` (Flatpak gives each app its own under `~/.var/app/<id>/`).
    var appDataHome: String { home + "/.var/app/\(appID)/data" }
    /// The exported desktop file (`flatpak build-finish` rewrote its `Exec`, added `X-Flatpak`).
    var exportedDesktopFile: String { userInstallation + "/exports/share/applications/\(appID).desktop" }

    /// Creates the directories and starts the bus.
    init(appID: String = TodoListFlatpak.appID, runtime: FlatpakRuntime.Ready) throws {
        var template = Array("/tmp/srfp.XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw FlatpakTestFailure("mkdtemp failed") }
        root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.runtime = runtime
        self.appID = appID
        environment = [
            "HOME": root + "/home",
            "XDG_DATA_HOME": root + "/home/.local/share",
            "XDG_CONFIG_HOME": root + "/home/.config",
            "XDG_CACHE_HOME": root + "/home/.cache",
            "XDG_STATE_HOME": root + "/home/.local/state",
            "XDG_RUNTIME_DIR": root + "/run",
            // The exports first, as a Flatpak-enabled session has them; /usr/share for MIME data.
            "XDG_DATA_DIRS": root + "/flatpak/exports/share:/usr/share",
            "XDG_CONFIG_DIRS": root + "/etc/xdg",
            "FLATPAK_USER_DIR": root + "/flatpak",
            "FLATPAK_SYSTEM_DIR": runtime.systemDirectory,
            "XDG_CURRENT_DESKTOP": PortalSession.desktop,
            "PATH": Sys.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        for directory in [home, dataHome + "/applications", configHome, root + "/etc/xdg", runtimeDirectory, root + "/bus"] {
            try FileSystem.makeDirectories(directory)
        }
        chmod(runtimeDirectory, 0o700)
        let started = try PrivateBus(directory: root + "/bus", environment: entries)
        bus = started
        environment["DBUS_SESSION_BUS_ADDRESS"] = started.address
    }

    /// `NAME=value` entries of ``environment``.
    var entries: [String] { environment.map { "\($0.key)=\($0.value)" }.sorted() }

    /// Installs the app from `repository` into this world's user installation, and lets the
    /// debug build read the toolchain's Swift runtime (``FlatpakRuntime/Ready/toolchainLibraries``).
    func install(from repository: String) throws {
        try expectSuccess(run("flatpak", ["--user", "remote-add", "--no-gpg-verify", "tests", "file://" + repository]))
        try expectSuccess(run("flatpak", ["--user", "install", "-y", "--noninteractive", "tests", "app/\(appID)//master"], timeout: .seconds(120)))
        let readable = runtime.toolchainLibraries.map { "--filesystem=\($0):ro" }
        if !readable.isEmpty { try expectSuccess(run("flatpak", ["--user", "override"] + readable + [appID])) }
    }

    /// Runs `tool` (a path, or a name on `PATH`) with the world's environment plus `extra`.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], extra: [String: String] = [:], timeout: Duration = .seconds(60)) throws
        -> ChildProcess.Result
    {
        var variables = environment
        for (key, value) in extra { variables[key] = value }
        guard let path = tool.hasPrefix("/") ? tool : FlatpakRuntime.which(tool) else { throw FlatpakTestFailure("\(tool) is not installed") }
        let name = String(tool.split(separator: "/").last ?? Substring(tool))
        return try ChildProcess.run(
            path, arguments: [name] + arguments, environment: variables.map { "\($0.key)=\($0.value)" }, deadline: timeout)
    }

    /// Runs `flatpak run <app id> ARGUMENTS` (or `--command=COMMAND`).
    @discardableResult
    func flatpakRun(_ arguments: [String], command: String? = nil, extra: [String: String] = [:]) throws -> ChildProcess.Result {
        try run("flatpak", ["run"] + (command.map { ["--command=\($0)"] } ?? []) + [appID] + arguments, extra: extra)
    }

    /// Runs the host's (debug) `schemectl`.
    @discardableResult
    func schemectl(_ arguments: [String], extra: [String: String] = [:]) throws -> ChildProcess.Result {
        try run(try Binaries.path("schemectl"), arguments, extra: extra)
    }

    /// The pid (in the host's namespace) of the primary listening in the app's directory, as the
    /// kernel reports it to a host client (`SO_PEERCRED`, what `WakeClient` reads), or `nil` when
    /// none listens. The connection closes without a frame.
    func primaryProcessID() throws -> Int32? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw FlatpakTestFailure("socket failed") }
        defer { close(descriptor) }
        let path = appRuntimeDirectory + "/\(appID).sock"
        let connected = SocketAddress.withUnixAddress(path) { Glibc.connect(descriptor, $0, $1) }
        guard connected == 0 else { return nil }
        return try PeerCredentials(socket: descriptor).pid
    }

    /// The lines of the app's TodoList store (`todos.jsonl` under the app's own data directory).
    var storedTasks: [String] {
        FileWatch.read(appDataHome + "/\(appID)/todos.jsonl").split(separator: "\n").compactMap { line in
            // `{"task":"…",…}`, with or without blanks after the colon (the tests' tasks hold no quotes).
            guard let key = line.firstRange(of: "\"task\":")?.upperBound,
                let start = line[key...].firstIndex(of: "\"").map(line.index(after:)), let end = line[start...].firstIndex(of: "\"")
            else { return nil }
            return String(line[start..<end])
        }
    }

    /// Starts the OpenURI portal on the world's bus (``PortalSession``).
    func startPortal(chooserChoice: String? = nil) throws -> PortalSession {
        let session = try PortalSession(directory: root + "/portal", environment: environment, chooserChoice: chooserChoice)
        portal = session
        return session
    }

    /// Quits a primary still running (through the app's own `--quit`, from the host), stops the
    /// portal and the bus, and removes the directory.
    func tearDown() {
        if let todolist = try? Binaries.path("todolist") {
            _ = try? run(todolist, ["--quit"], timeout: .seconds(20))
        }
        portal?.stop()
        bus?.stop()
        _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", root], environment: [], deadline: .seconds(60))
    }

    /// Fails with the tool's output unless it exited 0.
    func expectSuccess(_ result: ChildProcess.Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard result.termination == .exited(0) else {
            throw FlatpakTestFailure("\(result.termination): \(result.standardErrorText)\(result.standardOutputText)")
        }
    }
}
