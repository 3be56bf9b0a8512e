import Glibc
import SchemeRouter
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// `register` with the app's own desktop entry, against the real desktop-file-validate, gio and
/// xdg-utils in a throwaway home: the entry survives byte for byte, registering twice changes
/// nothing, launchers resolve and run the app, and a conflict writes nothing.
@Suite struct AppDesktopEntryTests {
    static let name = try! ReverseDNSName("com.acme.todolist")
    static let mimeType = "x-scheme-handler/todolist"

    /// Everything an app's own entry may have, and no managed key.
    static func appEntry(executable: String) -> String {
        """
        # TodoList's own entry
        [Desktop Entry]
        Type=Application
        Version=1.4
        Name=Todo List
        Name[de]=Aufgabenliste
        Name[fr_FR]=Liste de tâches
        GenericName=Task List
        Comment=Tasks that todolist: links add
        Comment[de]=Aufgaben, die todolist:-Links hinzufügen
        Icon=com.acme.todolist
        Categories=Office;
        Keywords=todo;task;
        Keywords[de]=Aufgabe;Liste;
        MimeType=text/x-todo;
        Actions=clear;
        X-Acme-Channel=stable

        [Desktop Action clear]
        Name=Clear Done Items
        Name[de]=Erledigte löschen
        Exec=\(executable) --clear

        [X-Acme Settings]
        Theme=dark

        """
    }

    static func handler(_ executable: String, actions: [DesktopAction] = [], busActivatable: Bool = false) throws -> HandlerDesktopFile {
        var handler = try HandlerDesktopFile(name: name, schemes: [try SchemeName("todolist")], executable: executable)
        handler.actions = actions
        handler.busActivatable = busActivatable
        return handler
    }

    /// desktop-file-validate accepts the file without a word.
    static func expectValid(_ sandbox: Sandbox, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validation = try sandbox.run("desktop-file-validate", [path])
        #expect(validation.termination == .exited(0), "\(validation.standardOutputText)", sourceLocation: sourceLocation)
        #expect(validation.standardOutputText.isEmpty, "desktop-file-validate: \(validation.standardOutputText)", sourceLocation: sourceLocation)
    }

    @Test("the app's entry survives register byte for byte, twice; gio and xdg-open run the app")
    func theAppsEntrySurvivesRegisterTwice() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Recorder(in: sandbox)
        let source = sandbox.root + "/src/com.acme.todolist.desktop"
        let entry = Self.appEntry(executable: recorder.script)
        try sandbox.write(entry, to: source)
        try Self.expectValid(sandbox, source)
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let handler = try Self.handler(recorder.script, actions: [DesktopAction(id: "add", title: "Add")])

        let first = try registrar.register(handler, desktopEntry: source)
        #expect(first.desktopEntrySource == .file(source))
        #expect(first.desktopFileChange == .created)
        let written = try #require(try sandbox.read(first.desktopFile))
        try Self.expectValid(sandbox, first.desktopFile)
        // Every line of the app's entry is there, in order; only MimeType and Actions grew.
        var remaining = written.split(separator: "\n", omittingEmptySubsequences: false)[...]
        for line in entry.split(separator: "\n", omittingEmptySubsequences: false) {
            let grown: [Substring: Substring] = [
                "MimeType=text/x-todo;": "MimeType=text/x-todo;x-scheme-handler/todolist;", "Actions=clear;": "Actions=clear;add;",
            ]
            let index = try #require(remaining.firstIndex { $0 == line || $0 == grown[line] }, "'\(line)' is missing:\n\(written)")
            remaining = remaining[(index + 1)...]
        }
        #expect(written.contains("\nExec=\(recorder.script) %u\n"))
        #expect(written.contains("\n[Desktop Action add]\nName=Add\nExec=\(recorder.script)\n"))

        // The second run: byte-identical, nothing rewritten.
        let second = try registrar.register(handler, desktopEntry: source)
        #expect(second.desktopFileChange == .unchanged)
        #expect(try sandbox.read(first.desktopFile) == written)
        #expect(try sandbox.read(source) == entry)

        // The desktop's own tools resolve the scheme to it and run it with the URL.
        let query = try sandbox.run("xdg-mime", ["query", "default", Self.mimeType])
        #expect(query.standardOutputText == "com.acme.todolist.desktop\n")
        let gio = try sandbox.run("gio", ["mime", Self.mimeType])
        #expect(gio.standardOutputText.contains("Default application for “x-scheme-handler/todolist”: com.acme.todolist.desktop"))
        let open = try sandbox.run("gio", ["open", "todolist://x?Buy%20milk"])
        #expect(open.termination == .exited(0), "\(open.standardErrorText)")
        #expect(recorder.arguments() == ["todolist://x?Buy%20milk"])
        let again = try Recorder(in: sandbox, name: "recorder2")
        _ = try registrar.register(try Self.handler(again.script), desktopEntry: nil)
        let xdg = try sandbox.run("xdg-open", ["todolist://x?Call%20mum"], extra: ["DISPLAY": ":schemerouter-test"])
        #expect(xdg.termination == .exited(0), "\(xdg.standardErrorText)")
        #expect(again.arguments() == ["todolist://x?Call%20mum"])
    }

    @Test("without an entry of the app's, the file register wrote is the entry: keys added to it by hand stay")
    func keysAddedToTheRegisteredFileStay() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let executable = try RegistrarTests.executable(sandbox, "bin/todolist")
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let first = try registrar.register(try Self.handler(executable, busActivatable: true))
        #expect(first.desktopEntrySource == .minimal)
        // The user adds an icon and a type of the app's to the installed file, as the issue's user did.
        var text = try #require(try sandbox.read(first.desktopFile))
        text = text.replacing("MimeType=x-scheme-handler/todolist;", with: "MimeType=x-scheme-handler/todolist;text/x-todo;")
        text = text.replacing("NoDisplay=true\n", with: "NoDisplay=true\nIcon=todo\n")
        try sandbox.write(text, to: first.desktopFile)

        let second = try registrar.register(try Self.handler(executable))
        #expect(second.desktopEntrySource == .registered(first.desktopFile))
        let after = try #require(try sandbox.read(first.desktopFile))
        #expect(after.contains("\nIcon=todo\n"))
        #expect(after.contains("\nMimeType=text/x-todo;x-scheme-handler/todolist;\n"))
        #expect(!after.contains("DBusActivatable"), "the dropped --dbus-activatable left its key")
        try Self.expectValid(sandbox, first.desktopFile)
        let third = try registrar.register(try Self.handler(executable))
        #expect(third.desktopFileChange == .unchanged)
        #expect(try sandbox.read(first.desktopFile) == after)
    }

    @Test("an entry a package installed in XDG_DATA_DIRS carries over into the user's file, which hides it")
    func anInstalledEntryCarriesOver() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let executable = try RegistrarTests.executable(sandbox, "bin/todolist")
        let installed = sandbox.systemApplications + "/com.acme.todolist.desktop"
        try sandbox.write("[Desktop Entry]\nType=Application\nName=Todo List\nIcon=todo\nCategories=Office;\nExec=\(executable) %u\n", to: installed)
        let report = try DesktopRegistrar(environment: sandbox.environment).register(try Self.handler(executable))
        #expect(report.desktopEntrySource == .installed(installed))
        let written = try #require(try sandbox.read(report.desktopFile))
        #expect(written.contains("\nName=Todo List\nIcon=todo\nCategories=Office;\nExec=\(executable) %u\n"))
        #expect(!written.contains("NoDisplay"))
        try Self.expectValid(sandbox, report.desktopFile)
    }

    @Test("a managed key the entry sets otherwise is an error naming file, line and key; nothing is written")
    func aConflictWritesNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let executable = try RegistrarTests.executable(sandbox, "bin/todolist")
        let source = sandbox.root + "/app.desktop"
        try sandbox.write("[Desktop Entry]\nType=Application\nName=Todo\n\nExec=todolist %U\n", to: source)
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let handler = try Self.handler(executable)
        do throws(RegistrationError) {
            _ = try registrar.register(handler, desktopEntry: source)
            Issue.record("a conflicting Exec was accepted")
        } catch {
            guard case .invalidDesktopEntry(let path, .conflictingKey(let line, let key, let found, _, _)) = error else {
                Issue.record("expected a conflict, got \(error)")
                return
            }
            #expect(path == source && line == 5 && key == "Exec" && found == "todolist %U")
            #expect(error.description.hasPrefix("\(source):5: Exec=todolist %U conflicts with SchemeRouter, which needs Exec=\(executable) %u"))
        }
        #expect(!sandbox.exists(registrar.desktopFilePath(for: Self.name)))
        #expect(!sandbox.exists(sandbox.mimeAppsList))
    }

    @Test("an entry that is missing, a FIFO, or breaks the format is refused at once, naming it")
    func unreadableAndInvalidEntries() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let executable = try RegistrarTests.executable(sandbox, "bin/todolist")
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        let handler = try Self.handler(executable)
        #expect(throws: RegistrationError.self) { try registrar.register(handler, desktopEntry: sandbox.root + "/none.desktop") }
        let fifo = sandbox.root + "/fifo.desktop"
        try #require(mkfifo(fifo, 0o600) == 0)
        do throws(RegistrationError) {
            _ = try registrar.register(handler, desktopEntry: fifo)
            Issue.record("a FIFO was read")
        } catch {
            guard case .desktopEntryUnreadable(.notRegularFile) = error else {
                Issue.record("expected not a regular file, got \(error)")
                return
            }
        }
        let broken = sandbox.root + "/broken.desktop"
        try sandbox.write("[Desktop Entry]\nName=Todo\nIcon = x\nKeywords=a\\qb;\n", to: broken)
        #expect(throws: RegistrationError.invalidDesktopEntry(path: broken, .invalidEscape(line: 4, column: 11, sequence: "\\q"))) {
            try registrar.register(handler, desktopEntry: broken)
        }
        #expect(!sandbox.exists(registrar.desktopFilePath(for: Self.name)))
    }

    @Test("unregister removes what register added: the desktop file and the scheme's default, not the app's own types")
    func unregisterRemovesWhatRegisterAdded() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let executable = try RegistrarTests.executable(sandbox, "bin/todolist")
        let source = sandbox.root + "/src/com.acme.todolist.desktop"
        let entry = Self.appEntry(executable: executable)
        try sandbox.write(entry, to: source)
        // The user made the app the default for its own type with a file manager: not register's.
        let list = "[Default Applications]\ntext/x-todo=com.acme.todolist.desktop;\n"
        try sandbox.write(list, to: sandbox.mimeAppsList)
        let registrar = try DesktopRegistrar(environment: sandbox.environment)
        _ = try registrar.register(try Self.handler(executable), desktopEntry: source)
        let report = try registrar.unregister(Self.name)
        #expect(report.desktopFileChange == .removed)
        #expect(report.changedMimeTypes == [Self.mimeType])
        #expect(try sandbox.read(sandbox.mimeAppsList) == list)
        #expect(try sandbox.read(source) == entry)
    }
}
