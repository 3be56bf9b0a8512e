import SchemeRouter
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// `register`/`unregister` against the real desktop-file-utils, xdg-utils and gio in a throwaway home.
@Suite struct RegistrarTests {
    static let name = try! ReverseDNSName("com.acme.todolist")
    static let scheme = try! SchemeName("todolist")
    static let mimeType = "x-scheme-handler/todolist"

    /// Writes an executable stub at `path` inside the sandbox.
    static func executable(_ sandbox: Sandbox, _ relative: String) throws -> String {
        let path = sandbox.root + "/" + relative
        try sandbox.write("#!/bin/sh\nexit 0\n", to: path, mode: 0o755)
        return path
    }

    static func handler(_ path: String, schemes: [SchemeName] = [scheme]) throws -> HandlerDesktopFile {
        try HandlerDesktopFile(name: name, schemes: schemes, executable: path)
    }

    @Test(arguments: [
        "bin/todolist",
        "my apps/todo list",
        #"quote"d/it's/todolist"#,
        "dollar/$HOME/$(id)/todolist",
        #"back\slash/todolist"#,
        "percent/todo",
        "semi;colon&amp|pipe/`tick`/todolist",
        "ünïcødé/~tilde/(paren)*?#/todolist",
    ])
    func registeredFilePassesDesktopFileValidate(relative: String) throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = try Self.executable(sandbox, relative)
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let report = try registrar.register(try Self.handler(path))
        #expect(report.desktopFileChange == .created)
        let validation = try sandbox.run("desktop-file-validate", [report.desktopFile])
        #expect(validation.termination == .exited(0), "\(validation.standardOutputText)\(validation.standardErrorText)")
        #expect(validation.standardOutputText.isEmpty, "desktop-file-validate warned: \(validation.standardOutputText)")
        // GLib reads the Exec line back to exactly the path (gio's view of the file).
        let entry = DesktopEntry(bytes: try #require(try RegularFile.readIfExists(report.desktopFile)))
        #expect(entry.program == path)
        #expect(try ExecLine.arguments(exec: #require(entry.exec), url: "todolist://x") == [path, "todolist://x"])
        // Both xdg-mime (through mimeinfo.cache when it cannot run a quoted Exec) and gio name it.
        let query = try sandbox.run("xdg-mime", ["query", "default", Self.mimeType])
        #expect(query.standardOutputText == "com.acme.todolist.desktop\n")
        let gio = try sandbox.run("gio", ["mime", Self.mimeType])
        #expect(gio.standardOutputText.contains("Default application for “x-scheme-handler/todolist”: com.acme.todolist.desktop"))
    }

    @Test func writesTheDocumentedFile() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = try Self.executable(sandbox, "bin/todolist")
        let handler = try Self.handler(path, schemes: [Self.scheme, try SchemeName("todo")])
        #expect(handler.text == """
            # Written by schemectl register; `schemectl unregister com.acme.todolist` removes it.
            [Desktop Entry]
            Type=Application
            Version=1.0
            Terminal=false
            NoDisplay=true
            Name=com.acme.todolist
            Exec=\(path) %u
            StartupNotify=true
            MimeType=x-scheme-handler/todolist;x-scheme-handler/todo;
            X-SchemeRouter-BundleName=com.acme.todolist
            X-SchemeRouter-Added=Name;Exec;StartupNotify;MimeType=x-scheme-handler/todolist;MimeType=x-scheme-handler/todo;X-SchemeRouter-BundleName;

            """)
    }

    @Test func registeringTwiceChangesNothing() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = try Self.executable(sandbox, "bin/todolist")
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let first = try registrar.register(try Self.handler(path))
        #expect(first.mimeAppsListChange == .created)
        #expect(first.changedMimeTypes == [Self.mimeType])
        guard case .refreshed = first.databaseRefresh else {
            Issue.record("expected a refresh, got \(first.databaseRefresh)")
            return
        }
        let desktop = try sandbox.read(first.desktopFile)
        let list = try sandbox.read(sandbox.mimeAppsList)
        let second = try registrar.register(try Self.handler(path))
        #expect(second.desktopFileChange == .unchanged)
        #expect(second.mimeAppsListChange == .unchanged)
        #expect(second.changedMimeTypes == [])
        #expect(second.databaseRefresh == .notNeeded)
        #expect(try sandbox.read(first.desktopFile) == desktop)
        #expect(try sandbox.read(sandbox.mimeAppsList) == list)
    }

    @Test func unregisterLeavesEverythingElseByteForByte() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let before = MimeAppsListTests.busyFile + "[Default Applications]\nx-scheme-handler/todolist=previous.desktop;\n"
        try sandbox.write(before, to: sandbox.mimeAppsList)
        let path = try Self.executable(sandbox, "bin/todolist")
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        _ = try registrar.register(try Self.handler(path))
        let registered = try #require(try sandbox.read(sandbox.mimeAppsList))
        #expect(registered.contains("x-scheme-handler/todolist=com.acme.todolist.desktop;previous.desktop;\n"))
        let query = try sandbox.run("xdg-mime", ["query", "default", Self.mimeType])
        #expect(query.standardOutputText == "com.acme.todolist.desktop\n")

        let report = try registrar.unregister(Self.name)
        #expect(report.desktopFileChange == .removed)
        #expect(report.mimeAppsListChange == .updated)
        #expect(report.changedMimeTypes == [Self.mimeType])
        #expect(try sandbox.read(sandbox.mimeAppsList) == before)
        #expect(!sandbox.exists(report.desktopFile))
        // Unregistering again finds nothing to do.
        let again = try registrar.unregister(Self.name)
        #expect(again.desktopFileChange == .absent)
        #expect(again.mimeAppsListChange == .unchanged)
    }

    @Test func unregisterRemovesAFileItCreated() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        _ = try registrar.register(try Self.handler(try Self.executable(sandbox, "bin/todolist")))
        let report = try registrar.unregister(Self.name)
        #expect(report.mimeAppsListChange == .removed)
        #expect(!sandbox.exists(sandbox.mimeAppsList))
    }

    @Test func refusesSomeoneElsesFileAndMissingExecutables() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        #expect(throws: RegistrationError.executableMissing(path: sandbox.root + "/nope")) {
            try registrar.register(try Self.handler(sandbox.root + "/nope"))
        }
        try sandbox.write("data", to: sandbox.root + "/plain", mode: 0o644)
        #expect(throws: RegistrationError.executableNotExecutable(path: sandbox.root + "/plain")) {
            try registrar.register(try Self.handler(sandbox.root + "/plain"))
        }
        let foreign = "[Desktop Entry]\nType=Application\nName=Impostor\nExec=/bin/true %u\n"
        let path = sandbox.userApplications + "/com.acme.todolist.desktop"
        try sandbox.write(foreign, to: path)
        #expect(throws: RegistrationError.foreignDesktopFile(path: path, bundleName: nil)) {
            try registrar.register(try Self.handler(try Self.executable(sandbox, "bin/todolist")))
        }
        #expect(throws: RegistrationError.foreignDesktopFile(path: path, bundleName: nil)) {
            try registrar.unregister(Self.name)
        }
        #expect(try sandbox.read(path) == foreign)
        #expect(!sandbox.exists(sandbox.mimeAppsList))
    }

    @Test func saysSoWhenUpdateDesktopDatabaseIsMissing() throws {
        let sandbox = try Sandbox(extra: ["PATH": "/nonexistent"])
        defer { sandbox.remove() }
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let report = try registrar.register(try Self.handler(try Self.executable(sandbox, "bin/todolist")))
        #expect(report.databaseRefresh == .toolMissing("update-desktop-database"))
        #expect(report.desktopFileChange == .created)
    }

    @Test func reportsCompetingClaimants() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let rival = "[Desktop Entry]\nType=Application\nName=Rival\nExec=/bin/true %u\nMimeType=x-scheme-handler/todolist;\n"
        try sandbox.write(rival, to: sandbox.systemApplications + "/org.rival.Todo.desktop")
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let report = try registrar.register(try Self.handler(try Self.executable(sandbox, "bin/todolist")))
        #expect(report.competingClaimants.map(\.id.rawValue) == ["org.rival.Todo.desktop"])
    }
}
