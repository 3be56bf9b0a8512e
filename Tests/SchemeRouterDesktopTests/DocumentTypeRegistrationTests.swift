import Glibc
import SchemeRouter
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// `register`, `unregister` and `status` for an app's document types, against the real
/// `update-mime-database`, `xdg-mime`, `gio` and `mimetype` in a throwaway home: the package
/// teaches the desktop the type the app defines, the Owner type's default is the app, the other
/// ranks only list it, and `unregister` takes all of it away again.
@Suite struct DocumentTypeRegistrationTests {
    static let name = try! ReverseDNSName("com.example.notes")
    static let id = "com.example.notes.desktop"
    static let note = "application/x-notes-note"

    /// Notes: owns `.note` files (a type it defines, a kind of text), also opens Markdown, and
    /// opens `.txt` only when handed one (rank None).
    static func handler(_ executable: String, exported: Bool = true) throws -> HandlerDesktopFile {
        var handler = try HandlerDesktopFile(name: name, schemes: [try SchemeName("notes")], executable: executable)
        handler.documentTypes = [
            DocumentType(name: "Note", role: .editor, rank: .owner, mimeTypes: [try MIMEType(note)]),
            DocumentType(name: "Markdown", role: .viewer, rank: .alternate, mimeTypes: [try MIMEType("text/markdown")], extensions: [try FileExtension("md")]),
            DocumentType(name: "Text", role: .viewer, rank: .none, mimeTypes: [try MIMEType("text/plain")], extensions: [try FileExtension("txt")]),
        ]
        if exported {
            handler.exportedTypes = [
                ExportedTypeDeclaration(
                    identifier: try MIMEType(note), typeDescription: "Note & more", conformsTo: [try MIMEType("text/plain")],
                    extensions: [try FileExtension("note")])
            ]
        }
        return handler
    }

    /// A throwaway home whose only MIME database is the one `register` makes: nothing of the
    /// machine's (`/usr/share/mime`, its applications) can answer for the type.
    static func sandbox() throws -> Sandbox { try Sandbox() }

    /// A throwaway home, the real tools required, with a stand-in executable for Notes.
    struct Home {
        let sandbox: Sandbox
        let executable: String
        let registrar: DesktopRegistrar

        init(requiringTools: Bool = true) throws {
            if requiringTools { try DocumentTypeRegistrationTests.requireTools() }
            sandbox = try DocumentTypeRegistrationTests.sandbox()
            executable = try RegistrarTests.executable(sandbox, "bin/notes")
            registrar = try DesktopRegistrar(environment: sandbox.environment)
        }
    }

    static func requireTools() throws {
        try Tools.require()
        for tool in ["update-mime-database", "mimetype"] {
            try #require(ProcessEnvironment.current().which(tool) != nil, "\(tool) is not installed: run `bash scripts/setup desktop`")
        }
    }

    @Test("register claims the types, writes the package, makes the Owner type's default; twice changes nothing")
    func registerTeachesTheDesktopTheTypes() throws {
        let home = try Home()
        defer { home.sandbox.remove() }
        let (sandbox, executable, registrar) = (home.sandbox, home.executable, home.registrar)
        let report = try registrar.register(try Self.handler(executable))

        let desktop = try #require(try sandbox.read(report.desktopFile))
        #expect(desktop.contains("\nExec=\(executable) %U\n"), "\(desktop)")
        #expect(desktop.contains("\nMimeType=x-scheme-handler/notes;application/x-notes-note;text/markdown;\n"), "\(desktop)")
        #expect(desktop.contains("\n\(HandlerDesktopFile.ownedTypesKey)=application/x-notes-note;\n"), "\(desktop)")
        try AppDesktopEntryTests.expectValid(sandbox, report.desktopFile)
        #expect(report.changedMimeTypes == ["x-scheme-handler/notes", Self.note])

        let packagePath = sandbox.dataHome + "/mime/packages/com.example.notes.xml"
        #expect(report.mimePackage == packagePath)
        #expect(report.mimePackageChange == .created)
        guard case .refreshed = report.mimeDatabaseRefresh else {
            Issue.record("update-mime-database did not run: \(report.mimeDatabaseRefresh)")
            return
        }
        let package = try #require(try sandbox.read(packagePath))
        #expect(package.contains("<comment>Note &amp; more</comment>\n    <sub-class-of type=\"text/plain\"/>\n    <glob pattern=\"*.note\"/>"))
        // The compiled database knows the type, its parent and its glob.
        #expect(try sandbox.read(sandbox.dataHome + "/mime/types")?.contains("application/x-notes-note\n") == true)
        #expect(try sandbox.read(sandbox.dataHome + "/mime/subclasses")?.contains("application/x-notes-note text/plain\n") == true)

        // What the desktop's own tools make of it.
        let file = sandbox.root + "/Groceries.note"
        try sandbox.write("Groceries\nmilk\n", to: file)
        let info = try sandbox.run("gio", ["info", "-a", "standard::content-type", file])
        #expect(info.standardOutputText.contains("standard::content-type: application/x-notes-note"), "\(info.standardOutputText)")
        let filetype = try sandbox.run("xdg-mime", ["query", "filetype", file])
        #expect(filetype.standardOutputText == "application/x-notes-note\n", "\(filetype.standardOutputText)\(filetype.standardErrorText)")
        let mimetype = try sandbox.run("mimetype", ["-b", file])
        #expect(mimetype.standardOutputText == "application/x-notes-note\n")
        let query = try sandbox.run("xdg-mime", ["query", "default", Self.note])
        #expect(query.standardOutputText == Self.id + "\n")
        let gio = try sandbox.run("gio", ["mime", Self.note])
        #expect(gio.standardOutputText.contains("Default application for “application/x-notes-note”: \(Self.id)"), "\(gio.standardOutputText)")
        // Alternate: offered (GLib falls back to the only app offered), never written as the
        // user's default; None: not offered.
        let markdown = try sandbox.run("gio", ["mime", "text/markdown"])
        #expect(markdown.standardOutputText.contains("Registered applications:\n\t\(Self.id)\n"), "\(markdown.standardOutputText)")
        #expect(MimeAppsList(bytes: Array(try #require(try sandbox.read(sandbox.mimeAppsList)).utf8)).firstDefaultLine(for: "text/markdown") == nil)
        let plain = try sandbox.run("gio", ["mime", "text/plain"])
        #expect(!plain.standardOutputText.contains(Self.id), "\(plain.standardOutputText)")

        // Twice: every file byte-identical, no tool run.
        let list = try sandbox.read(sandbox.mimeAppsList)
        let again = try registrar.register(try Self.handler(executable))
        #expect(again.desktopFileChange == .unchanged && again.mimeAppsListChange == .unchanged && again.mimePackageChange == .unchanged)
        #expect(again.mimeDatabaseRefresh == .notNeeded)
        #expect(try sandbox.read(report.desktopFile) == desktop)
        #expect(try sandbox.read(packagePath) == package)
        #expect(try sandbox.read(sandbox.mimeAppsList) == list)
    }

    @Test("unregister removes the package, the type from the database, and the defaults register set; the user's own stay")
    func unregisterRemovesEverything() throws {
        let home = try Home()
        defer { home.sandbox.remove() }
        let (sandbox, executable) = (home.sandbox, home.executable)
        // The user chose the app for Markdown by hand: not register's to take away.
        let userList = "[Default Applications]\ntext/markdown=com.example.notes.desktop;\n"
        try sandbox.write(userList, to: sandbox.mimeAppsList)
        let registrar = home.registrar
        _ = try registrar.register(try Self.handler(executable))
        #expect(try sandbox.run("xdg-mime", ["query", "default", Self.note]).standardOutputText == Self.id + "\n")

        let report = try registrar.unregister(Self.name)
        #expect(report.desktopFileChange == .removed)
        #expect(report.mimePackageChange == .removed)
        #expect(report.changedMimeTypes == ["x-scheme-handler/notes", Self.note])
        #expect(try sandbox.read(sandbox.mimeAppsList) == userList)
        #expect(!sandbox.exists(sandbox.dataHome + "/mime/packages/com.example.notes.xml"))
        #expect(try sandbox.read(sandbox.dataHome + "/mime/types")?.contains(Self.note) != true)
        #expect(try sandbox.run("xdg-mime", ["query", "default", Self.note]).standardOutputText.split(separator: "\n").isEmpty)
        let file = sandbox.root + "/Groceries.note"
        try sandbox.write("Groceries\n", to: file)
        let info = try sandbox.run("gio", ["info", "-a", "standard::content-type", file])
        #expect(!info.standardOutputText.contains(Self.note), "\(info.standardOutputText)")

        let twice = try registrar.unregister(Self.name)
        #expect(twice.desktopFileChange == .absent && twice.mimePackageChange == .absent)
    }

    @Test("a manifest that no longer defines a type loses its package on the next register")
    func aDroppedTypeLosesItsPackage() throws {
        let home = try Home()
        defer { home.sandbox.remove() }
        let (sandbox, executable, registrar) = (home.sandbox, home.executable, home.registrar)
        let first = try registrar.register(try Self.handler(executable))
        let second = try registrar.register(try Self.handler(executable, exported: false))
        #expect(second.mimePackageChange == .removed)
        #expect(!sandbox.exists(try #require(first.mimePackage)))
        #expect(try sandbox.read(sandbox.dataHome + "/mime/types")?.contains(Self.note) != true)
    }

    @Test("a package of the same name that register did not write is left alone, and nothing is written")
    func aForeignPackageWritesNothing() throws {
        let home = try Home(requiringTools: false)
        defer { home.sandbox.remove() }
        let (sandbox, executable) = (home.sandbox, home.executable)
        let path = sandbox.dataHome + "/mime/packages/com.example.notes.xml"
        let foreign = "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\"/>\n"
        try sandbox.write(foreign, to: path)
        let registrar = home.registrar
        #expect(throws: RegistrationError.foreignMimePackage(path: path)) { try registrar.register(try Self.handler(executable)) }
        #expect(try sandbox.read(path) == foreign)
        #expect(!sandbox.exists(registrar.desktopFilePath(for: Self.name)))
        #expect(!sandbox.exists(sandbox.mimeAppsList))
        #expect(throws: RegistrationError.foreignMimePackage(path: path)) { try registrar.unregister(Self.name) }
    }

    @Test("the app's own entry with its own types survives register twice, changed only in the managed keys")
    func theAppsOwnEntryWithTypesSurvives() throws {
        let home = try Home()
        defer { home.sandbox.remove() }
        let (sandbox, executable) = (home.sandbox, home.executable)
        let source = sandbox.root + "/src/com.example.notes.desktop"
        let entry = """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Name[de]=Notizen
            Icon=accessories-text-editor
            Categories=Office;
            Keywords=note;memo;
            MimeType=text/x-notes-legacy;application/x-notes-note;

            """
        try sandbox.write(entry, to: source)
        let registrar = home.registrar
        let first = try registrar.register(try Self.handler(executable), desktopEntry: source)
        let written = try #require(try sandbox.read(first.desktopFile))
        let expected = """
            # Written by schemectl register; `schemectl unregister com.example.notes` removes it.
            [Desktop Entry]
            Type=Application
            Name=Notes
            Name[de]=Notizen
            Icon=accessories-text-editor
            Categories=Office;
            Keywords=note;memo;
            MimeType=text/x-notes-legacy;application/x-notes-note;x-scheme-handler/notes;text/markdown;
            Exec=\(executable) %U
            StartupNotify=true
            X-SchemeRouter-Owns=application/x-notes-note;
            X-SchemeRouter-BundleName=com.example.notes
            X-SchemeRouter-Added=Exec;StartupNotify;MimeType=x-scheme-handler/notes;MimeType=text/markdown;X-SchemeRouter-Owns;X-SchemeRouter-BundleName;

            """
        #expect(written == expected)
        try AppDesktopEntryTests.expectValid(sandbox, first.desktopFile)
        let second = try registrar.register(try Self.handler(executable), desktopEntry: source)
        #expect(second.desktopFileChange == .unchanged)
        #expect(try sandbox.read(first.desktopFile) == expected)
        #expect(try sandbox.read(source) == entry)
        // An entry with the URL-only Exec is a conflict once the app opens files.
        try sandbox.write(entry + "Exec=\(executable) %u\n", to: source)
        #expect(throws: RegistrationError.self) { try registrar.register(try Self.handler(executable), desktopEntry: source) }
    }

    @Test("status shows per type the default and every rival, and an Owner type another app took is an error")
    func statusShowsDefaultsAndRivals() throws {
        let home = try Home()
        defer { home.sandbox.remove() }
        let (sandbox, executable) = (home.sandbox, home.executable)
        let rival = try RegistrarTests.executable(sandbox, "bin/rival")
        try sandbox.write(
            "[Desktop Entry]\nType=Application\nName=Rival\nExec=\(rival) %f\nMimeType=application/x-notes-note;text/markdown;\n",
            to: sandbox.systemApplications + "/org.rival.Editor.desktop")
        _ = try sandbox.run("update-desktop-database", [sandbox.systemApplications])
        let registrar = home.registrar
        _ = try registrar.register(try Self.handler(executable))
        let doctor = try DesktopDoctor(environment: sandbox.environment)

        let healthy = try #require(doctor.examineDocumentTypes(app: Self.name))
        #expect(healthy.map(\.mimeType) == [Self.note, "text/markdown"])
        let owned = healthy[0]
        #expect(owned.owned && owned.known)
        #expect(owned.defaultHandler?.file.id.rawValue == Self.id)
        #expect(owned.rivals.map(\.id.rawValue) == ["org.rival.Editor.desktop"])
        #expect(owned.xdgMimeDefault == Self.id)
        #expect(owned.problems.map(\.code) == ["rival-claimant"])
        let markdown = healthy[1]
        #expect(!markdown.owned && markdown.rivals.map(\.id.rawValue) == ["org.rival.Editor.desktop"])
        #expect(markdown.problems.filter { $0.severity == .error }.isEmpty)

        // The user (or the rival's installer) makes the rival the default of the owned type.
        _ = try sandbox.run("xdg-mime", ["default", "org.rival.Editor.desktop", Self.note])
        let taken = try #require(doctor.examineDocumentTypes(app: Self.name))[0]
        #expect(taken.defaultHandler?.file.id.rawValue == "org.rival.Editor.desktop")
        #expect(taken.problems.map(\.code).contains("other-default"))
        #expect(!taken.isHealthy)
    }

    @Test("status names an owned type the database does not know (update-mime-database did not run)")
    func statusNamesAnUnknownType() throws {
        let home = try Home()
        defer { home.sandbox.remove() }
        let (sandbox, executable) = (home.sandbox, home.executable)
        _ = try home.registrar.register(try Self.handler(executable))
        // The compiled database goes; the package stays.
        unlink(sandbox.dataHome + "/mime/types")
        let status = try #require(try DesktopDoctor(environment: sandbox.environment).examineDocumentTypes(app: Self.name))[0]
        #expect(!status.known)
        let problem = try #require(status.problems.first { $0.code == "unknown-type" })
        #expect(problem.fix == "update-mime-database \(sandbox.dataHome)/mime")
    }
}
