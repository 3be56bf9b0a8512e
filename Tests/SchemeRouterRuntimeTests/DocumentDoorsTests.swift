import Glibc
import Testing

/// Files through the desktop's own doors (issue 50): D-Bus `Open` with `file://` URIs on a real
/// `dbus-daemon`, `gio launch` of a desktop file whose Exec ends in `%U` (GLib passes local
/// paths, both in one process), and a real document portal's path (`xdg-document-portal` on a
/// FUSE mount in the sandbox's runtime directory, the file exported by `flatpak document-export`).
@Suite("Documents through D-Bus, gio launch and the document portal (real dbus-daemon, gio, xdg-document-portal)", .serialized)
struct DocumentDoorsTests {
    /// The bus fixture of the D-Bus door's tests, with a directory of documents.
    final class Fixture {
        let door: DBusDoorTests.Fixture
        let documents: String

        init() throws(TestFailure) {
            door = try DBusDoorTests.Fixture()
            documents = door.sandbox.root + "/docs dir"
            mkdir(documents, 0o755)
            for name in ["a.probedoc", "b.probelog", "my list #1.probedoc"] {
                TestFiles.write(documents + "/" + name, "contents of \(name)\n")
            }
        }

        var sandbox: ProbeSandbox { door.sandbox }

        /// The canonical `file:` URL of a file of the fixture.
        func url(_ name: String) -> String {
            Self.url(forPath: documents + "/" + name)
        }

        /// The `file:` URL of an absolute path with the characters the fixture's names use encoded.
        static func url(forPath path: String) -> String {
            "file://" + path.replacing("%", with: "%25").replacing(" ", with: "%20").replacing("#", with: "%23")
        }

        /// The log's `document` lines, as `<url> <type name>`.
        func documents(in lines: [Substring]? = nil) -> [String] {
            (lines ?? sandbox.logLines()).filter { $0.hasPrefix("document ") }.map { line in
                let fields = line.dropFirst("document ".count).split(separator: " ", maxSplits: 1)
                let type = fields[1].split(separator: " mime=").first.map { $0.dropFirst("type=".count) } ?? ""
                return "\(fields[0]) \(type)"
            }
        }
    }

    @Test("D-Bus Open with file:// URIs starts the app through its service file: the first file is the launch URL, the next follows, each once")
    func busActivatedOpen() throws {
        let fixture = try Fixture()
        fixture.door.installService()
        let opened = try fixture.door.call("Open", ["['\(fixture.url("a.probedoc"))', '\(fixture.url("my list #1.probedoc"))']", "{}"])
        #expect(opened.status == 0, "\(opened.error)")
        #expect(opened.output == "()\n")
        #expect(fixture.documents() == [
            "\(fixture.url("a.probedoc")) Probe document", "\(fixture.url("my list #1.probedoc")) Probe document",
        ])
        #expect(fixture.door.hooks() == ["willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive", "open"])
    }

    @Test("D-Bus Open on a running app: the good files are delivered once, in order; a FIFO and an undeclared type get Rejected by name, no hook")
    func openOnARunningApp() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let fifo = fixture.documents + "/pipe.probedoc"
        try #require(mkfifo(fifo, 0o600) == 0)
        TestFiles.write(fixture.documents + "/plain.txt", "x")
        let good = try fixture.door.call("Open", ["['\(fixture.url("b.probelog"))', '\(fixture.url("a.probedoc"))']", "{}"])
        #expect(good.status == 0, "\(good.error)")
        let hooks = fixture.door.hooks()
        for (name, message) in [
            ("pipe.probedoc", "rejected (not-a-regular-file): \(fifo): a FIFO, not a regular file"),
            ("plain.txt", "rejected (undeclared-type): 'plain.txt' is of no document type the app declares"),
        ] {
            let refused = try fixture.door.call("Open", ["['\(fixture.url(name))']", "{}"])
            #expect(refused.status != 0)
            #expect(refused.error.contains("GDBus.Error:\(DBusDoorTests.errors).Rejected: "), "\(refused.error)")
            #expect(refused.error.contains(message), "\(refused.error)")
        }
        #expect(fixture.door.hooks() == hooks, "no hook ran for a refused file")
        #expect(fixture.documents() == ["\(fixture.url("b.probelog")) Probe log", "\(fixture.url("a.probedoc")) Probe document"])
    }

    @Test("gio launch of a desktop file with %U and two files: one process gets both paths; each delivered once, in order, cold and on a wake")
    func gioLaunchTwoFiles() throws {
        let fixture = try Fixture()
        // A minimal desktop file whose Exec records each process it starts (its pid and arguments)
        // before it becomes the probe.
        let record = fixture.sandbox.root + "/exec.log"
        let script = fixture.sandbox.root + "/probe-recorded"
        TestFiles.write(script, "#!/bin/sh\necho \"$$ $#:$*\" >> '\(record)'\nexec '\(fixture.sandbox.probe)' \"$@\"\n")
        chmod(script, 0o755)
        let desktopFile = fixture.sandbox.root + "/data/applications/org.schemerouter.loadprobe.desktop"
        mkdir(fixture.sandbox.root + "/data/applications", 0o755)
        TestFiles.write(desktopFile, "[Desktop Entry]\nType=Application\nName=LoadProbe\nExec=\(script) %U\n")
        let environment = fixture.sandbox.environment(["XDG_DATA_HOME=\(fixture.sandbox.root)/data"])
        let files = [fixture.documents + "/a.probedoc", fixture.documents + "/my list #1.probedoc"]

        let cold = try fixture.door.bus.run("/usr/bin/gio", ["launch", desktopFile] + files, environment: environment)
        #expect(cold.status == 0, "\(cold.error)")
        let first = try Self.waitForRun(record, count: 1)
        #expect(first.arguments == "2:\(files.joined(separator: " "))", "GLib passes both local paths to one process")
        try ProcessWatch.waitForExit(first.pid, timeout: .seconds(30))
        #expect(fixture.door.hooks() == ["willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive", "open"])

        let wake = try fixture.door.bus.run("/usr/bin/gio", ["launch", desktopFile] + files.reversed(), environment: environment)
        #expect(wake.status == 0, "\(wake.error)")
        let second = try Self.waitForRun(record, count: 2)
        try ProcessWatch.waitForExit(second.pid, timeout: .seconds(30))
        #expect(TestFiles.read(record).split(separator: "\n").count == 2, "one process per gio launch")
        let a = "\(fixture.url("a.probedoc")) Probe document", list = "\(fixture.url("my list #1.probedoc")) Probe document"
        #expect(fixture.documents() == [a, list, list, a])
    }

    /// Waits for the `count`th process the recording Exec started; its pid and `<argc>:<argv>`.
    static func waitForRun(_ record: String, count: Int) throws(TestFailure) -> (pid: pid_t, arguments: String) {
        let text = try FileWatch.wait(for: record, timeout: .seconds(30)) { $0.split(separator: "\n").count >= count }
        let line = text.split(separator: "\n")[count - 1]
        let pid = pid_t(line.prefix { $0 != " " }) ?? 0
        return (pid, String(line.drop { $0 != " " }.dropFirst()))
    }

    @Test(
        "a document portal path (a real xdg-document-portal): delivered as its canonical file URL, cold on the command line and by D-Bus Open on a wake",
        .enabled(if: DocumentPortal.unavailableReason == nil, "\(DocumentPortal.unavailableReason ?? "")"))
    func documentPortalPath() throws {
        let fixture = try Fixture()
        let portal = try DocumentPortal(fixture: fixture)
        defer { portal.stop() }
        let exported = try portal.export(fixture.documents + "/a.probedoc")
        #expect(exported.hasPrefix(fixture.sandbox.runtimeBase + "/doc/"), "\(exported)")
        #expect(exported.hasSuffix("/a.probedoc"))
        let cold = try fixture.sandbox.run([exported])
        #expect(cold.status == 0, "\(cold.error)")
        let exportedLog = try portal.export(fixture.documents + "/b.probelog")
        let opened = try fixture.door.call("Open", ["['\(Fixture.url(forPath: exportedLog))']", "{}"])
        #expect(opened.status == 0, "\(opened.error)")
        #expect(fixture.documents() == ["\(Fixture.url(forPath: exported)) Probe document", "\(Fixture.url(forPath: exportedLog)) Probe log"])
    }
}

/// A real document portal for one test: `xdg-document-portal` on the test's bus, mounted at
/// `$XDG_RUNTIME_DIR/doc` of the sandbox (its permission store started by the bus), and
/// `flatpak document-export` to put a file in it, as a Flatpak app's files arrive.
final class DocumentPortal {
    static let daemon = "/usr/libexec/xdg-document-portal"
    static let permissionStore = "/usr/libexec/xdg-permission-store"
    static let flatpak = "/usr/bin/flatpak"

    /// Why the portal cannot run here, or `nil`.
    static var unavailableReason: String? {
        for path in [daemon, permissionStore, flatpak] where access(path, X_OK) != 0 {
            return "\(path) is not installed (xdg-desktop-portal, flatpak): no document portal to test with"
        }
        guard access("/dev/fuse", R_OK | W_OK) == 0 else {
            return "/dev/fuse is not usable by this user: the document portal cannot mount"
        }
        return nil
    }

    private let fixture: DocumentDoorsTests.Fixture
    private let process: ChildProcess
    private let mount: String

    init(fixture: DocumentDoorsTests.Fixture) throws(TestFailure) {
        self.fixture = fixture
        mount = fixture.sandbox.runtimeBase + "/doc"
        TestFiles.write(
            fixture.door.bus.serviceDirectory + "/org.freedesktop.impl.portal.PermissionStore.service",
            "[D-BUS Service]\nName=org.freedesktop.impl.portal.PermissionStore\nExec=\(Self.permissionStore)\n")
        process = try fixture.door.bus.start(Self.daemon, ["--replace"], environment: fixture.sandbox.environment())
        // It mounts before it serves calls: once its name is on the bus, an export works.
        let ready = try fixture.door.bus.run(
            "/usr/bin/gdbus", ["wait", "--session", "--timeout", "20", "org.freedesktop.portal.Documents"],
            environment: fixture.sandbox.environment())
        guard ready.status == 0 else { throw TestFailure("xdg-document-portal did not appear on the bus: \(ready.error)") }
    }

    /// Exports `path` through the portal: the path of the file in the portal's mount.
    func export(_ path: String) throws(TestFailure) -> String {
        let run = try fixture.door.bus.run(Self.flatpak, ["document-export", path], environment: fixture.sandbox.environment())
        guard run.status == 0 else { throw TestFailure("flatpak document-export \(path) exited \(run.status): \(run.error)") }
        return String(run.output.prefix { $0 != "\n" })
    }

    /// Stops the portal (SIGTERM: it unmounts), the probe first (it may hold a file in the mount).
    func stop() {
        fixture.sandbox.killPrimary()
        kill(process.pid, SIGTERM)
        _ = try? process.wait(timeout: .seconds(10))
        // A portal that died without unmounting would leave the sandbox undeletable.
        if TestFiles.exists(mount + "/by-app") {
            _ = try? fixture.door.bus.run("/usr/bin/fusermount3", ["-u", "-z", mount], environment: fixture.sandbox.environment())
        }
    }
}
