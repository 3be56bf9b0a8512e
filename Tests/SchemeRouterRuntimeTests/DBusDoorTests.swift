import CSchemeRouterLinux
import Foundation
import Glibc
import Testing

/// The D-Bus door (issue 18, Docs/DBus.md): `org.freedesktop.Application` on a real private
/// `dbus-daemon`, driven by the real clients (`gdbus`, `gapplication`), against LoadProbe.
@Suite("D-Bus door (real dbus-daemon, gdbus, gapplication)", .serialized)
struct DBusDoorTests {
    static let name = ProbeSandbox.bundleName
    static let errors = "org.schemerouter.loadprobe.Error"

    /// A LoadProbe sandbox with its own session bus; the primary and the apps the bus starts
    /// get the sandbox's environment and the bus address.
    final class Fixture {
        let sandbox: ProbeSandbox
        let bus: SessionBus

        init() throws(TestFailure) {
            sandbox = try ProbeSandbox()
            bus = try SessionBus(root: sandbox.root, environment: sandbox.environment(["XDG_DATA_HOME=\(sandbox.root)/data"]))
            sandbox.extraEnvironment.append(bus.environmentEntry)
        }

        deinit {
            sandbox.killPrimary()
            bus.stop()
        }

        /// Writes the service file that lets the bus start LoadProbe, with `environment`
        /// (`NAME=value`, through `env`) for the probe's behaviours.
        func installService(environment: [String] = []) {
            let command = (environment.isEmpty ? [] : ["/usr/bin/env"] + environment) + [sandbox.probe, "--gapplication-service"]
            TestFiles.write(
                bus.serviceDirectory + "/\(DBusDoorTests.name).service",
                "[D-BUS Service]\nName=\(DBusDoorTests.name)\nExec=\(command.joined(separator: " "))\n")
        }

        /// Starts `gdbus call … Open [uri] {}` without waiting for it.
        func startOpen(_ uri: String) throws(TestFailure) -> ChildProcess {
            try bus.start(
                "/usr/bin/gdbus",
                ["call", "--session", "--dest", DBusDoorTests.name, "--object-path", "/org/schemerouter/loadprobe",
                 "--method", "org.freedesktop.Application.Open", "['\(uri)']", "{}"],
                environment: sandbox.environment())
        }

        func call(_ method: String, _ arguments: [String]) throws(TestFailure) -> AppSandbox.Run {
            try bus.call(DBusDoorTests.name, method, arguments, environment: sandbox.environment())
        }

        /// The hooks of the trace, in order (`action` lines as `action:<name>`).
        func hooks() -> [String] {
            TestFiles.read(sandbox.trace).split(separator: "\n").compactMap { line in
                if let range = line.range(of: "\"hook\": \"") {
                    return String(line[range.upperBound...].prefix { $0 != "\"" })
                }
                return nil
            }
        }
    }

    @Test("bus-activated cold start: gapplication launch starts the app through its service file; the URI is the launch URL")
    func busActivatedColdStart() throws {
        let fixture = try Fixture()
        fixture.installService()
        #expect(fixture.sandbox.primaryPID == nil)
        let launch = try fixture.bus.run(
            "/usr/bin/gapplication", ["launch", Self.name, "loadprobe://token/"],
            environment: fixture.sandbox.environment(["DESKTOP_STARTUP_ID=startup-42"]))
        #expect(launch.status == 0, "\(launch.error)")
        try fixture.sandbox.waitForLog { $0.hasPrefix("token ") }
        #expect(fixture.sandbox.logLines() == ["token startup-42"])
        try FileWatch.wait(for: fixture.sandbox.trace) { $0.contains("didBecomeActive") }
        #expect(fixture.hooks() == ["willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive"])
        let pid = try #require(fixture.sandbox.primaryPID)
        #expect(TestFiles.read("/proc/\(pid)/cmdline").contains("--gapplication-service"))
    }

    @Test("Open calls queued during a bus-activated launch: each URL once, in arrival order, after didFinishLaunching; each reply after its verdict")
    func openDuringLaunch() throws {
        let fixture = try Fixture()
        let gate = fixture.sandbox.makeGate()
        fixture.installService(environment: ["LOADPROBE_LAUNCH_GATE=\(gate)", "LOADPROBE_LOG_LAUNCH=1"])
        let monitor = try fixture.bus.start("/usr/bin/dbus-monitor", ["--session"], environment: fixture.sandbox.environment())
        _ = try FileWatch.wait(for: monitor.stdoutPath) { $0.contains("member=NameAcquired") || $0.contains("member=NameLost") }
        // The first call starts the app (its URI is the launch URL); the rest arrive while
        // didFinishLaunching is held at the gate, each seen on the bus before the next is sent.
        // They are `gapplication launch`, which sends Open at once: `gdbus call` introspects
        // first and would send its Open only once the launch is over.
        let uris = ["loadprobe://record/1/0", "loadprobe://record/1/1", "loadprobe://decline/", "loadprobe://record/1/2",
                    "loadprobe://record/1/3", "loadprobe://record/1/4"]
        var callers: [ChildProcess] = []
        for (index, uri) in uris.enumerated() {
            callers.append(
                index == 0
                    ? try fixture.startOpen(uri)
                    : try fixture.bus.start("/usr/bin/gapplication", ["launch", Self.name, uri], environment: fixture.sandbox.environment()))
            _ = try FileWatch.wait(for: monitor.stdoutPath) { $0.contains("string \"\(uri)\"") }
            if index == 0 { try fixture.sandbox.waitForLog { $0 == "launching" } }
        }
        #expect(fixture.sandbox.deliveries().isEmpty, "delivered before didFinishLaunching returned")
        for caller in callers {
            #expect(!Self.hasExited(caller.pid), "a call was answered before its URL's verdict")
        }
        fixture.sandbox.openGate(gate)
        for (index, caller) in callers.enumerated() {
            let status = try caller.wait(timeout: .seconds(30))
            if uris[index].contains("decline") {
                #expect(status != 0)
                #expect(caller.standardError.contains("\(Self.errors).Declined: [1] loadprobe://decline/: declined"), "\(caller.standardError)")
            } else {
                #expect(status == 0, "\(uris[index]): \(caller.standardError)")
            }
        }
        #expect(fixture.sandbox.logLines().prefix(2) == ["launch reason=busActivation url=loadprobe://record/1/0", "launching"])
        #expect(fixture.sandbox.deliveries().map(\.sequence) == [0, 1, 2, 3, 4], "each URL once, in arrival order")
        let hooks = fixture.hooks()
        #expect(hooks.prefix(2) == ["willFinishLaunching", "didFinishLaunching"], "\(hooks)")
        #expect(hooks.filter { $0 == "open" }.count == uris.count, "\(hooks)")
    }

    /// Whether child `pid` has exited (a zombie counts), without waiting or reaping it.
    static func hasExited(_ pid: pid_t) -> Bool {
        let descriptor = schemerouter_pidfd_open(pid)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0
    }

    @Test("Open while running: the wake sequence, the caller verified by the bus, the activation token delivered")
    func openWhileRunning() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let opened = try fixture.call("Open", ["['loadprobe://token/', 'loadprobe://whoami/']", "{'activation-token': <'tok-1'>}"])
        #expect(opened.status == 0, "\(opened.error)")
        #expect(opened.output == "()\n")
        let lines = fixture.sandbox.logLines()
        #expect(lines.first == "token tok-1")
        #expect(lines.last?.hasPrefix("whoami name=/usr/bin/gdbus pid=") == true, "\(lines)")
        #expect(lines.last?.contains("uid=\(getuid()) claimed=false") == true, "\(lines)")
        #expect(fixture.hooks() == ["willFinishLaunching", "didFinishLaunching", "didEnterBackground",
                                    "shouldSaveApplicationState", "willEnterForeground", "open", "didBecomeActive", "open"])
    }

    @Test(
        "a URI that is not handled gets the error named after its verdict, with the reason and byte offset",
        arguments: [
            ("loadprobe://a b", "Rejected", "rejected (space): raw space: percent-encode it as %20 at byte 13"),
            ("other://x", "Rejected", "rejected (undeclared-scheme): org.schemerouter.loadprobe does not declare the scheme 'other'"),
            ("loadprobe://nowhere/", "Rejected", "loadprobe://nowhere/: rejected (no-route): no loadprobe: route matches: 'nowhere' is not served"),
            ("loadprobe://decline/", "Declined", "loadprobe://decline/: declined"),
            ("loadprobe://throw/", "Failed", "open failed: loadprobe://throw asked open to throw"),
        ])
    func errorNames(uri: String, error: String, message: String) throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let opened = try fixture.call("Open", ["['loadprobe://record/1/0', '\(uri)']", "{}"])
        #expect(opened.status != 0)
        #expect(opened.error.contains("GDBus.Error:\(Self.errors).\(error): "), "\(opened.error)")
        #expect(opened.error.contains(message), "\(opened.error)")
        #expect(fixture.sandbox.deliveries().map(\.sender) == [1], "the handled URI of the call was delivered once")
    }

    @Test("50 Open calls and 50 socket senders at once: every URL delivered exactly once, each sender's order kept")
    func bothDoorsAtOnce() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let urls = 5
        var callers: [ChildProcess] = []
        for sender in 0..<50 {
            let list = (0..<urls).map { "'loadprobe://record/\(sender)/\($0)'" }.joined(separator: ", ")
            callers.append(try fixture.bus.start(
                "/usr/bin/gdbus",
                ["call", "--session", "--dest", Self.name, "--object-path", "/org/schemerouter/loadprobe",
                 "--method", "org.freedesktop.Application.Open", "[\(list)]", "{}"],
                environment: fixture.sandbox.environment()))
        }
        let (status, report) = try fixture.sandbox.drive(["--senders", "50", "--urls", "\(urls)", "--first-sender", "100"])
        #expect(status == 0, "\(report)")
        for caller in callers {
            #expect(try caller.wait(timeout: .seconds(60)) == 0, "\(caller.standardError)")
        }
        let deliveries = fixture.sandbox.deliveries()
        #expect(deliveries.count == 100 * urls)
        #expect(ProbeSandbox.audit(deliveries.filter { $0.sender < 100 }, senders: 0..<50, urls: urls).isEmpty)
        #expect(ProbeSandbox.audit(deliveries.filter { $0.sender >= 100 }, senders: 100..<150, urls: urls).isEmpty)
    }

    @Test("Activate runs the wake sequence without open; ActivateAction delivers declared actions, typed")
    func activateAndActions() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let activated = try fixture.call("Activate", ["{}"])
        #expect(activated.status == 0, "\(activated.error)")
        #expect(fixture.hooks().suffix(2) == ["willEnterForeground", "didBecomeActive"])
        let note = try fixture.call("ActivateAction", ["note", "[<'milk'>]", "{}"])
        #expect(note.status == 0, "\(note.error)")
        let ping = try fixture.call("ActivateAction", ["ping", "@av []", "{}"])
        #expect(ping.status == 0, "\(ping.error)")
        #expect(fixture.sandbox.logLines() == ["action note milk", "action ping"])
        let refused = try fixture.call("ActivateAction", ["refuse", "@av []", "{}"])
        #expect(refused.error.contains("\(Self.errors).Declined: "), "\(refused.error)")
        let unknown = try fixture.call("ActivateAction", ["nope", "@av []", "{}"])
        #expect(unknown.error.contains("\(Self.errors).UnknownAction: org.schemerouter.loadprobe declares no action 'nope'"), "\(unknown.error)")
        let wrong = try fixture.call("ActivateAction", ["note", "[<42>]", "{}"])
        #expect(wrong.error.contains("\(Self.errors).UnknownAction: action 'note': takes one string parameter"), "\(wrong.error)")
        #expect(fixture.sandbox.logLines().count == 2)
    }

    @Test("the bus daemon killed mid-run: the primary does not crash and the socket door still serves")
    func busKilled() throws {
        let fixture = try Fixture()
        let launch = try fixture.sandbox.spawn(["loadprobe://record/1/0"])
        #expect(try launch.wait() == 0, "\(launch.standardError)")
        let pid = try #require(fixture.sandbox.primaryPID)
        let opened = try fixture.call("Open", ["['loadprobe://record/1/1']", "{}"])
        #expect(opened.status == 0, "\(opened.error)")
        try fixture.bus.kill9()
        _ = try FileWatch.wait(for: launch.stderrPath) { $0.contains("lost the session bus") }
        let after = try fixture.sandbox.run(["loadprobe://record/1/2"])
        #expect(after.status == 0, "\(after.error)")
        #expect(ProcessWatch.isAlive(pid))
        #expect(fixture.sandbox.deliveries().map(\.sequence) == [0, 1, 2])
    }

    @Test("a caller of another uid (nobody, via setpriv) is refused with AccessDenied and nothing is delivered")
    func otherUserRefused() throws {
        let nobody = try OtherUser.prefix()
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let refused = try fixture.bus.run(
            nobody[0],
            Array(nobody.dropFirst()) + ["/usr/bin/gdbus", "call", "--session", "--dest", Self.name,
             "--object-path", "/org/schemerouter/loadprobe", "--method", "org.freedesktop.Application.Open",
             "['loadprobe://record/9/0']", "{}"],
            environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent"])
        #expect(refused.status != 0)
        #expect(refused.error.contains("org.freedesktop.DBus.Error.AccessDenied: only uid \(getuid()) may call"), "\(refused.error)")
        #expect(fixture.sandbox.deliveries().isEmpty)
    }
}
