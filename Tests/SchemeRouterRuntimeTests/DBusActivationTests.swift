import Foundation
import Glibc
import Testing

/// D-Bus activation of TodoList as a launcher does it (issue 18): `schemectl register
/// --dbus-activatable`, then `gio open URL` calls `org.freedesktop.Application.Open` on the
/// private bus, which starts the app from its service file; `dbus-monitor` shows the call.
@Suite("D-Bus activation (schemectl register --dbus-activatable, gio open, dbus-monitor)", .serialized)
struct DBusActivationTests {
    final class Fixture {
        let sandbox: TodoSandbox
        let bus: SessionBus
        let schemectl: String
        let manifest: String

        init() throws(TestFailure) {
            sandbox = try TodoSandbox()
            bus = try SessionBus(root: sandbox.root, environment: sandbox.environment())
            sandbox.extraEnvironment.append(bus.environmentEntry)
            schemectl = try Executables.path("schemectl")
            manifest = sandbox.root + "/todolist.json"
            let printed = try sandbox.run(["--manifest"])
            TestFiles.write(manifest, printed.output)
        }

        deinit {
            sandbox.killPrimary()
            bus.stop()
        }

        func schemectl(_ arguments: [String], environment: [String]? = nil) throws(TestFailure) -> AppSandbox.Run {
            try bus.run(schemectl, arguments, environment: environment ?? sandbox.environment())
        }

        var servicePath: String { sandbox.dataHome + "/dbus-1/services/com.acme.todolist.service" }
    }

    @Test("gio open on a DBusActivatable registration calls Open on the bus, which starts the app with the URL")
    func gioOpenUsesTheBus() throws {
        let fixture = try Fixture()
        let registered = try fixture.schemectl(["register", fixture.manifest, "--exec", fixture.sandbox.todolist, "--dbus-activatable"])
        #expect(registered.status == 0, "\(registered.output)\(registered.error)")
        #expect(TestFiles.read(fixture.servicePath).contains("Exec=\(fixture.sandbox.todolist) --gapplication-service"))
        #expect(TestFiles.read(fixture.sandbox.dataHome + "/applications/com.acme.todolist.desktop").contains("DBusActivatable=true"))

        let monitor = try fixture.bus.start("/usr/bin/dbus-monitor", ["--session"], environment: fixture.sandbox.environment())
        _ = try FileWatch.wait(for: monitor.stdoutPath) { $0.contains("member=NameLost") || $0.contains("member=NameAcquired") }
        let opened = try fixture.bus.run("/usr/bin/gio", ["open", "todolist://?x#today"], environment: fixture.sandbox.environment())
        #expect(opened.status == 0, "\(opened.error)")
        _ = try FileWatch.wait(for: fixture.sandbox.trace) { $0.contains("didBecomeActive") }
        #expect(fixture.sandbox.hooks() == ["willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive"])
        #expect(fixture.sandbox.traceLines().first { $0.hook == "open" }?.url == "todolist://?x#today")
        let seen = try FileWatch.wait(for: monitor.stdoutPath) { $0.contains("string \"todolist://?x#today\"") }
        #expect(seen.contains("interface=org.freedesktop.Application; member=Open"), "gio called Open")
        let pid = try #require(fixture.sandbox.primaryPID)
        #expect(TestFiles.read("/proc/\(pid)/cmdline").contains("--gapplication-service"), "started by the bus, not by Exec")

        let status = try fixture.schemectl(["status", "com.acme.todolist"])
        #expect(status.status == 0, "\(status.output)")
        #expect(!status.output.contains("dbus-"), "\(status.output)")

        let unregistered = try fixture.schemectl(["unregister", "com.acme.todolist"])
        #expect(unregistered.status == 0, "\(unregistered.error)")
        #expect(!TestFiles.exists(fixture.servicePath))
    }

    @Test("schemectl status: no session bus → D-Bus activation unavailable and why; a missing service file → an error")
    func statusWithoutBus() throws {
        let fixture = try Fixture()
        let registered = try fixture.schemectl(["register", fixture.manifest, "--exec", fixture.sandbox.todolist, "--dbus-activatable"])
        #expect(registered.status == 0, "\(registered.error)")
        let withoutBus = fixture.sandbox.environment(["DBUS_SESSION_BUS_ADDRESS="])
        let status = try fixture.bus.run(fixture.schemectl, ["status", "com.acme.todolist"], environment: withoutBus)
        #expect(status.output.contains("D-Bus activation is unavailable: no session bus"), "\(status.output)")
        #expect(status.status == 0, "a warning, not an error: \(status.output)")
        unlink(fixture.servicePath)
        let broken = try fixture.schemectl(["status", "com.acme.todolist"])
        #expect(broken.status == 1)
        #expect(broken.output.contains("dbus-service-missing") || broken.output.contains("is missing"), "\(broken.output)")
    }
}
