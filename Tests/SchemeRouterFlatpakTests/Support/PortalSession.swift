import Glibc

import SchemeRouterPlatform

/// The desktop's OpenURI portal on a test's bus: the real `xdg-desktop-portal`, with the tests'
/// AppChooser backend (`stub-appchooser.py`: answers without a window and logs every request) as
/// its only backend. Started in the world's environment, because the portal finds handlers in its
/// own `HOME`/`XDG_*` directories; write the handlers' desktop files first. ``stop()`` ends both.
final class PortalSession {
    /// `XDG_CURRENT_DESKTOP` for the world: the `.portal` file's `UseIn`.
    static let desktop = "schemerouter-test"
    /// The backend's bus name.
    static let chooserName = "org.schemerouter.TestAppChooser"

    /// One line per `ChooseApplication` the portal asked (the app it asked for and the choices).
    let chooserLog: String
    /// The portal's debug log (why it skipped the chooser, what it launched).
    let portalLog: String
    private let chooser: ChildProcess.Running
    private let frontend: ChildProcess.Running

    /// Starts the backend, then the portal, each awaited on the bus (`gdbus wait`), then checks
    /// that the portal exports OpenURI.
    /// - Parameter chooserChoice: The desktop file id the chooser answers (default: the first offered).
    init(directory: String, environment: [String: String], chooserChoice: String?) throws {
        try FileSystem.makeDirectories(directory + "/portals")
        chooserLog = directory + "/chooser.log"
        portalLog = directory + "/portal.log"
        try FileSystem.writeAtomically(Array("""
            [portal]
            DBusName=\(Self.chooserName)
            Interfaces=org.freedesktop.impl.portal.AppChooser;
            UseIn=\(Self.desktop)

            """.utf8), to: directory + "/portals/test.portal")
        try FileSystem.writeAtomically([], to: chooserLog)
        var variables = environment
        variables["STUB_LOG"] = chooserLog
        variables["STUB_CHOICE"] = chooserChoice
        // Only this .portal file: the system's backends (GTK, GNOME) need a display.
        variables["XDG_DESKTOP_PORTAL_DIR"] = directory + "/portals"
        variables["G_MESSAGES_DEBUG"] = "all"
        let entries = variables.map { "\($0.key)=\($0.value)" }
        let stub = FlatpakRuntime.packageRoot + "/Tests/SchemeRouterFlatpakTests/Support/stub-appchooser.py"
        chooser = try ChildProcess.start(
            ["python3", stub].map { Array($0.utf8) }, executable: "/usr/bin/python3", environment: entries,
            output: .file(directory + "/chooser.err"))
        guard let frontendPath = Self.frontendExecutable() else {
            chooser.signal(SIGTERM)
            _ = chooser.wait(deadline: .seconds(10))
            throw FlatpakTestFailure("xdg-desktop-portal is not installed (bash scripts/setup flatpak)")
        }
        var started: ChildProcess.Running?
        do {
            try Self.waitForName(Self.chooserName, environment: entries, log: directory + "/chooser.err")
            let running = try ChildProcess.start(
                [frontendPath, "--verbose"].map { Array($0.utf8) }, environment: entries, output: .file(portalLog))
            started = running
            try Self.waitForName("org.freedesktop.portal.Desktop", environment: entries, log: portalLog)
            let introspection = try ChildProcess.run(
                FlatpakRuntime.which("gdbus") ?? "/usr/bin/gdbus",
                arguments: ["gdbus", "introspect", "--session", "--dest", "org.freedesktop.portal.Desktop", "--object-path", "/org/freedesktop/portal/desktop"],
                environment: entries, deadline: .seconds(30))
            guard introspection.standardOutputText.contains("interface org.freedesktop.portal.OpenURI") else {
                throw FlatpakTestFailure("the portal exports no OpenURI (no AppChooser backend?): \(FileWatch.read(portalLog).suffix(2000))")
            }
        } catch {
            for process in [started, chooser].compactMap({ $0 }) {
                process.signal(SIGTERM)
                _ = process.wait(deadline: .seconds(10))
            }
            throw error
        }
        frontend = started!
    }

    /// The portal frontend's executable, from its D-Bus service file.
    private static func frontendExecutable() -> String? {
        let service = FileWatch.read("/usr/share/dbus-1/services/org.freedesktop.portal.Desktop.service")
        return service.split(separator: "\n").first { $0.hasPrefix("Exec=") }.map { String($0.dropFirst(5)) }
    }

    /// `gdbus wait` for `name` to appear on the bus, at most 20 s.
    private static func waitForName(_ name: String, environment: [String], log: String) throws {
        let waited = try ChildProcess.run(
            FlatpakRuntime.which("gdbus") ?? "/usr/bin/gdbus", arguments: ["gdbus", "wait", "--session", "--timeout", "20", name],
            environment: environment, deadline: .seconds(30))
        guard waited.termination == .exited(0) else {
            throw FlatpakTestFailure("\(name) did not appear on the bus within 20 s: \(FileWatch.read(log).suffix(2000))")
        }
    }

    /// The `ChooseApplication` requests so far.
    var chooserRequests: [String] {
        FileWatch.read(chooserLog).split(separator: "\n").filter { $0.hasPrefix("ChooseApplication") }.map(String.init)
    }

    /// Stops the portal and the backend (SIGTERM, waited for).
    func stop() {
        for process in [frontend, chooser] {
            process.signal(SIGTERM)
            _ = process.wait(deadline: .seconds(10))
        }
    }
}
