import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// KWin `--virtual` for one test: the strict compositor. It grants a token only to the window
/// with the focus, refuses every other activation and marks the window it refused as demanding
/// attention. The test reads what it activates from a KWin script, enabled in the test's
/// `kwinrc`, that prints each activation and attention change into KWin's log, which the test
/// waits on with inotify. KWin gets its own session bus (its scripting lives there).
struct KWin: DisplayServer {
    let environment: [String: String]
    /// KWin's standard output and error, the script's lines among them.
    let log: String
    private let process: ChildProcess.Running
    private let bus: pid_t

    /// What the script prints before each event.
    private static let tag = "schemerouter-kwin "

    /// Starts KWin; cancels the test, with the reason, where KWin is not installed or cannot run.
    init(root: String, runtimeDirectory: String) throws {
        let current = ProcessEnvironment.current()
        guard let installed = current.which("kwin_wayland"), let daemon = current.which("dbus-daemon") else {
            try Test.cancel("kwin_wayland or dbus-daemon is not installed: `bash scripts/setup wayland` installs kwin-wayland")
        }
        let directory = root + "/kwin"
        let home = directory + "/home"
        let script = home + "/.local/share/kwin/scripts/schemerouterwatch"
        try FileSystem.makeDirectories(script + "/contents/code")
        try FileSystem.makeDirectories(home + "/.config")
        try FileSystem.makeDirectories(directory + "/bin")
        // The installed kwin_wayland carries the file capability cap_sys_resource; where the
        // bounding set lacks it (a container) exec fails with EPERM. A copy has none, and its
        // path must still end in kwin_wayland, or KWin's Qt platform plugin refuses to load.
        let kwin = directory + "/bin/kwin_wayland"
        let copied = try ChildProcess.run("/bin/cp", arguments: ["cp", installed, kwin], environment: [], deadline: .seconds(30))
        try #require(copied.termination == .exited(0), "\(copied.standardErrorText)")
        try FileSystem.writeAtomically(
            Array(
                """
                [Desktop Entry]
                Name=schemerouterwatch
                Type=Service
                X-KDE-ServiceTypes=KWin/Script
                X-Plasma-API=javascript
                X-Plasma-MainScript=code/main.js
                X-KDE-PluginInfo-Name=schemerouterwatch

                """.utf8), to: script + "/metadata.desktop", mode: 0o644)
        try FileSystem.writeAtomically(
            Array(
                """
                print("\(Self.tag)ready");
                workspace.clientActivated.connect(function (c) {
                    print("\(Self.tag)active " + (c ? c.caption + "\\t" + c.resourceClass : ""));
                });
                workspace.clientDemandsAttentionChanged.connect(function (c, set) {
                    print("\(Self.tag)attention " + c.caption + "\\t" + set);
                });

                """.utf8), to: script + "/contents/code/main.js", mode: 0o644)
        try FileSystem.writeAtomically(Array("[Plugins]\nschemerouterwatchEnabled=true\n".utf8), to: home + "/.config/kwinrc", mode: 0o644)

        let started = try ChildProcess.run(
            daemon, arguments: ["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
            environment: ["PATH=" + (current["PATH"] ?? "/usr/bin:/bin")], deadline: .seconds(20))
        let printed = started.standardOutputText.split(separator: "\n").map(String.init)
        try #require(started.termination == .exited(0) && printed.count == 2, "dbus-daemon: \(started.standardErrorText)")
        bus = try #require(pid_t(printed[1]))
        log = directory + "/kwin.log"
        let socket = "wayland-kwin"
        let variables = [
            "PATH=" + (current["PATH"] ?? "/usr/bin:/bin"), "HOME=" + home, "XDG_CONFIG_HOME=" + home + "/.config",
            "XDG_DATA_HOME=" + home + "/.local/share", "XDG_CACHE_HOME=" + home + "/.cache", "XDG_RUNTIME_DIR=" + runtimeDirectory,
            "DBUS_SESSION_BUS_ADDRESS=" + printed[0],
            // Software compositing: no GPU here.
            "KWIN_COMPOSE=Q",
        ]
        let arguments = [
            "kwin_wayland", "--virtual", "--width", "1280", "--height", "800", "--socket", socket, "--no-lockscreen", "--no-global-shortcuts",
        ]
        process = try ChildProcess.start(
            arguments.map { Array($0.utf8) }, executable: kwin, environment: variables, output: .file(log), newSession: true)
        let ready = FileWait.until(log, timeout: .seconds(30), unlessExited: process) { $0.contains(Self.tag + "ready") }
        guard ready != nil, FileWait.until(runtimeDirectory + "/" + socket, timeout: .seconds(10), { _ in true }) != nil else {
            let output = ((try? RegularFile.readIfExists(log)) ?? nil).map { String(decoding: $0.suffix(600), as: UTF8.self) } ?? ""
            process.signal(SIGKILL)
            _ = process.wait(deadline: .seconds(10))
            kill(bus, SIGTERM)
            try Test.cancel("KWin --virtual cannot start here: \(output)")
        }
        environment = [
            "WAYLAND_DISPLAY": socket, "DBUS_SESSION_BUS_ADDRESS": printed[0], "XDG_SESSION_TYPE": "wayland", "GDK_BACKEND": "wayland",
            "GSK_RENDERER": "cairo",
        ]
    }

    func stop() {
        process.signal(SIGTERM)
        if process.wait(deadline: .seconds(10)).termination == .timedOut { process.signal(SIGKILL) }
        kill(bus, SIGTERM)
    }

    /// KWin's events so far, oldest first: `active TITLE<TAB>APP ID` (the window KWin activated;
    /// `active ` alone when none is), `attention TITLE<TAB>true|false`.
    var events: [String] { Self.events(in: ((try? RegularFile.readIfExists(log)) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? "") }

    /// The first event after the first `count` that `matches`, waiting for it at most `timeout`;
    /// with every event before it.
    func waitForEvent(after count: Int, timeout: Duration = .seconds(15), _ matches: (String) -> Bool) -> (event: String, before: [String])? {
        let text = FileWait.until(log, timeout: timeout, unlessExited: process) { Self.events(in: $0).dropFirst(count).contains(where: matches) }
        guard let text else { return nil }
        let later = Array(Self.events(in: text).dropFirst(count))
        guard let index = later.firstIndex(where: matches) else { return nil }
        return (later[index], Array(later[..<index]))
    }

    private static func events(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in line.firstRange(of: tag).map { String(line[$0.upperBound...]) } }
            .filter { $0 != "ready" }
    }
}
