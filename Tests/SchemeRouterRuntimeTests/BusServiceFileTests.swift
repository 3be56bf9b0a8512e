import Foundation
import Glibc
import Testing

/// `register --dbus-activatable` writes a service file dbus-daemon can use whatever the
/// executable's path holds, and `schemectl status` reads `Exec` as the bus does (issue 51,
/// item 7): a real `dbus-daemon` starts TodoList through the file `register` wrote.
@Suite("D-Bus service files: quoting and status (real dbus-daemon)", .serialized)
struct BusServiceFileTests {
    /// A link to TodoList in a directory named `directory` inside the sandbox.
    static func linkedApp(_ fixture: DBusActivationTests.Fixture, in directory: String) -> String {
        let folder = fixture.sandbox.root + "/" + directory
        mkdir(folder, 0o755)
        let link = folder + "/todolist"
        symlink(fixture.sandbox.todolist, link)
        return link
    }

    @Test(
        "an executable whose path holds a quote, a backslash or a space: the bus starts it through the registered file",
        arguments: ["it's here", "back\\slash", "both'\\ and space"])
    func quotedExecutableStarts(directory: String) throws {
        let fixture = try DBusActivationTests.Fixture()
        let app = Self.linkedApp(fixture, in: directory)
        let registered = try fixture.schemectl(["register", fixture.manifest, "--exec", app, "--dbus-activatable"])
        #expect(registered.status == 0, "\(registered.output)\(registered.error)")
        let opened = try fixture.bus.call(
            "com.acme.todolist", "Open", ["['todolist://?x#today']", "{}"], environment: fixture.sandbox.environment())
        #expect(opened.status == 0, "the bus could not start \(app): \(opened.error)")
        _ = try FileWatch.wait(for: fixture.sandbox.trace) { $0.contains("didBecomeActive") }
        #expect(fixture.sandbox.traceLines().first { $0.hook == "open" }?.url == "todolist://?x#today")
        let status = try fixture.schemectl(["status", "com.acme.todolist"])
        #expect(status.status == 0, "\(status.output)")
        #expect(!status.output.contains("dbus-"), "\(status.output)")
    }

    @Test("status reads Exec as dbus-daemon does: a file written before the quoting fix is reported, with what the bus would run")
    func statusReadsExecAsTheBusDoes() throws {
        let fixture = try DBusActivationTests.Fixture()
        let app = Self.linkedApp(fixture, in: "back\\slash")
        let registered = try fixture.schemectl(["register", fixture.manifest, "--exec", app, "--dbus-activatable"])
        #expect(registered.status == 0, "\(registered.error)")
        let marker = "# Written by schemectl register; `schemectl unregister com.acme.todolist` removes it.\n"
        // `\s` is a key-file escape for a space: the bus runs ".../back lash/todolist".
        TestFiles.write(
            fixture.servicePath,
            marker + "[D-BUS Service]\nName=com.acme.todolist\nExec='\(app)' --gapplication-service\n")
        let backslash = try fixture.schemectl(["status", "com.acme.todolist"])
        #expect(backslash.status == 1, "\(backslash.output)")
        #expect(backslash.output.contains("dbus-service-exec") || backslash.output.contains("the bus would run"), "\(backslash.output)")
        #expect(backslash.output.contains("the bus would run \(fixture.sandbox.root)/back lash/todolist"), "\(backslash.output)")
        // `\'` is no key-file escape: the bus ignores the file.
        TestFiles.write(
            fixture.servicePath,
            marker + "[D-BUS Service]\nName=com.acme.todolist\nExec='/opt/it'\\''s/todolist' --gapplication-service\n")
        let quote = try fixture.schemectl(["status", "com.acme.todolist"])
        #expect(quote.status == 1, "\(quote.output)")
        #expect(quote.output.contains("does not start an escape dbus-daemon reads"), "\(quote.output)")
    }
}
