import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// The desktop commands of `schemectl` as a user runs them: exit statuses, --json, help text.
@Suite struct SchemectlDesktopTests {
    static var manifest: String {
        #filePath.replacing("Tests/SchemeRouterDesktopTests/SchemectlDesktopTests.swift", with: "Examples/TodoList/Schemes/todolist.json")
    }

    static func schemectl(_ sandbox: Sandbox, _ arguments: [String], extra: [String: String] = [:]) throws -> ChildProcess.Result {
        let binary = try Binaries.path("schemectl")
        var environment = sandbox.environment
        for (key, value) in extra { environment[key] = value }
        return try ChildProcess.run(binary, arguments: ["schemectl"] + arguments, environment: environment.entries, deadline: .seconds(60))
    }

    @Test func registerOpenStatusUnregister() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Recorder(in: sandbox)
        let register = try Self.schemectl(sandbox, ["register", Self.manifest, "--exec", recorder.script, "--json"])
        #expect(register.termination == .exited(0), "\(register.standardErrorText)")
        #expect(register.standardOutputText.contains(#""change": "created""#))
        #expect(try Self.schemectl(sandbox, ["status"]).termination == .exited(0))

        let open = try Self.schemectl(sandbox, ["open", "--json", "todolist://x?Buy%20milk#today"])
        #expect(open.termination == .exited(0))
        #expect(open.standardOutputText.hasPrefix(#"{"version": 1, "url": "todolist://x?Buy%20milk#today", "verdict": "handled""#))
        #expect(recorder.arguments() == ["todolist://x?Buy%20milk#today"])

        let unregister = try Self.schemectl(sandbox, ["unregister", "com.acme.todolist"])
        #expect(unregister.termination == .exited(0))
        #expect(!sandbox.exists(sandbox.userApplications + "/com.acme.todolist.desktop"))
        #expect(try Self.schemectl(sandbox, ["open", "todolist://x"]).termination == .exited(10))
    }

    /// `register --help` says so: a launcher runs Exec from another directory, so the desktop
    /// file never holds a relative path.
    @Test("a relative --exec is made absolute against the working directory: exit 0, Exec= holds the absolute path")
    func relativeExecIsMadeAbsolute() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write("#!/bin/sh\nexit 0\n", to: sandbox.root + "/todolist", mode: 0o755)
        var environment = sandbox.environment
        environment["SCHEMECTL"] = try Binaries.path("schemectl")
        let register = try ChildProcess.run(
            "/bin/sh", arguments: ["sh", "-c", "cd \"$0\" && exec \"$SCHEMECTL\" register \"$1\" --exec ./todolist", sandbox.root, Self.manifest],
            environment: environment.entries, deadline: .seconds(60))
        #expect(register.termination == .exited(0), "\(register.standardErrorText)")
        let desktop = try #require(try sandbox.read(sandbox.userApplications + "/com.acme.todolist.desktop"))
        #expect(desktop.contains("\nExec=\(sandbox.root)/todolist %u\n"), "\(desktop)")
    }

    @Test("relative XDG variables are ignored with a warning, and nothing is created from them")
    func relativeXDGValuesWarned() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let run = try Self.schemectl(
            sandbox, ["register", Self.manifest, "--exec", "/bin/true"],
            extra: ["XDG_DATA_HOME": "reldata", "XDG_DATA_DIRS": "rel/share:/usr/share"])
        #expect(run.termination == .exited(0), "\(run.standardErrorText)")
        #expect(run.standardErrorText.contains("ignoring the relative XDG_DATA_HOME=reldata"))
        #expect(run.standardErrorText.contains("ignoring the relative entry rel/share of XDG_DATA_DIRS"))
        #expect(sandbox.exists(sandbox.home + "/.local/share/applications/com.acme.todolist.desktop"))
        #expect(!sandbox.exists("reldata"), "created relative to the working directory")
    }

    @Test func exitStatusesOfFailures() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // 66: the executable does not exist; 65: invalid manifest; 64: bad name.
        #expect(try Self.schemectl(sandbox, ["register", Self.manifest, "--exec", "/nonexistent/app"]).termination == .exited(66))
        try sandbox.write("{\"CFBundleURLName\": \"com.acme-corp.todo\"}", to: sandbox.root + "/bad.json")
        #expect(try Self.schemectl(sandbox, ["register", sandbox.root + "/bad.json", "--exec", "/bin/true"]).termination == .exited(65))
        #expect(try Self.schemectl(sandbox, ["register", sandbox.root + "/none.json", "--exec", "/bin/true"]).termination == .exited(66))
        #expect(try Self.schemectl(sandbox, ["unregister", "com.acme-corp.todo"]).termination == .exited(64))
        // 73: someone else's file has our id.
        try sandbox.write("[Desktop Entry]\nType=Application\nName=X\nExec=/bin/true\n", to: sandbox.userApplications + "/com.acme.todolist.desktop")
        #expect(try Self.schemectl(sandbox, ["register", Self.manifest, "--exec", "/bin/true"]).termination == .exited(73))
        // 78: no HOME.
        #expect(try Self.schemectl(sandbox, ["status", "todolist"], extra: ["HOME": "", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": ""]).termination == .exited(78))
        // open: 2 malformed, 10 no handler; status: 1 broken.
        let rejected = try Self.schemectl(sandbox, ["open", "--json", "todolist:a b"])
        #expect(rejected.termination == .exited(2))
        #expect(rejected.standardOutputText.contains(#""rejection": {"code": "space", "offset": 10"#))
        #expect(try Self.schemectl(sandbox, ["open", "other:x"]).termination == .exited(10))
        #expect(try Self.schemectl(sandbox, ["status", "todolist"]).termination == .exited(1))
        #expect(try Self.schemectl(sandbox, ["status", "com.acme.todolist", "--json"]).standardOutputText.contains(#""healthy": false"#))
    }

    @Test("register takes <target>/<id>.desktop beside Schemes/, or --desktop-entry; a conflict exits 65 naming line and key")
    func registerMergesTheAppsEntry() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let manifest = sandbox.root + "/App/Schemes/todolist.json"
        try sandbox.write(try #require(try sandbox.read(Self.manifest)), to: manifest)
        let target = sandbox.root + "/App/com.acme.todolist.desktop"
        try sandbox.write("[Desktop Entry]\nType=Application\nName=Todo List\nIcon=todo\n", to: target)
        let register = try Self.schemectl(sandbox, ["register", manifest, "--exec", "/bin/true", "--json"])
        #expect(register.termination == .exited(0), "\(register.standardErrorText)")
        #expect(register.standardOutputText.contains(#""desktopEntry": {"source": "file", "path": "\#(target)"}"#), "\(register.standardOutputText)")
        let installed = sandbox.userApplications + "/com.acme.todolist.desktop"
        #expect(try sandbox.read(installed)?.contains("\nName=Todo List\nIcon=todo\n") == true)
        let human = try Self.schemectl(sandbox, ["register", manifest, "--exec", "/bin/true"])
        #expect(human.standardOutputText.contains("  unchanged \(installed)\n    from the app's entry \(target)\n"), "\(human.standardOutputText)")

        let other = sandbox.root + "/other.desktop"
        try sandbox.write("[Desktop Entry]\nType=Application\nName=Todo\nDBusActivatable=true\n", to: other)
        let conflict = try Self.schemectl(sandbox, ["register", manifest, "--exec", "/bin/true", "--desktop-entry", other, "--json"])
        #expect(conflict.termination == .exited(65))
        #expect(conflict.standardOutputText.contains(#""code": "desktop-entry-conflict""#))
        #expect(conflict.standardOutputText.contains(#""file": "\#(other)", "line": 4, "key": "DBusActivatable"}"#), "\(conflict.standardOutputText)")
        let plain = try Self.schemectl(sandbox, ["register", manifest, "--exec", "/bin/true", "--desktop-entry", other])
        #expect(plain.standardErrorText.hasPrefix("schemectl: \(other):4: DBusActivatable=true conflicts with SchemeRouter"))
        #expect(try sandbox.read(installed)?.contains("\nName=Todo List\n") == true, "a refused register changed the file")
        #expect(try Self.schemectl(sandbox, ["register", manifest, "--exec", "/bin/true", "--desktop-entry", sandbox.root + "/none"]).termination == .exited(66))
    }

    /// A manifest with document types, registered, checked and removed from the shell.
    static let documentsManifest = """
        {
          "CFBundleURLName": "com.example.sketches",
          "CFBundleURLSchemes": ["sketches"],
          "routes": [{"name": "recent", "host": "recent", "path": "/"}],
          "CFBundleDocumentTypes": [
            {"CFBundleTypeName": "Sketch", "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner",
             "CFBundleTypeMIMETypes": ["application/vnd.example.sketch"]},
            {"CFBundleTypeName": "Picture", "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate",
             "CFBundleTypeMIMETypes": ["image/png"], "CFBundleTypeExtensions": ["png"]}
          ],
          "UTExportedTypeDeclarations": [
            {"UTTypeIdentifier": "application/vnd.example.sketch", "UTTypeDescription": "Sketch",
             "UTTypeConformsTo": ["application/json"], "UTTypeTagSpecification": {"public.filename-extension": ["sketch"]}}
          ]
        }
        """

    @Test("register, status and unregister of document types from the shell: the package, the Owner default, exit 73 for a foreign package")
    func documentTypesFromTheShell() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let manifest = sandbox.root + "/Schemes/sketches.json"
        try sandbox.write(Self.documentsManifest, to: manifest)
        let executable = try RegistrarTests.executable(sandbox, "bin/sketches")
        let package = sandbox.dataHome + "/mime/packages/com.example.sketches.xml"

        let register = try Self.schemectl(sandbox, ["register", manifest, "--exec", executable])
        #expect(register.termination == .exited(0), "\(register.standardErrorText)")
        #expect(register.standardOutputText.contains("\n  created \(package)\n  compiled the MIME database with "), "\(register.standardOutputText)")
        let json = try Self.schemectl(sandbox, ["register", manifest, "--exec", executable, "--json"])
        #expect(json.standardOutputText.contains(#""mimePackage": {"path": "\#(package)", "change": "unchanged"}"#), "\(json.standardOutputText)")

        let status = try Self.schemectl(sandbox, ["status", "com.example.sketches"])
        #expect(status.termination == .exited(0), "\(status.standardOutputText)")
        #expect(status.standardOutputText.contains("application/vnd.example.sketch (Owner, com.example.sketches.desktop): → com.example.sketches.desktop"), "\(status.standardOutputText)")
        #expect(status.standardOutputText.contains("image/png (offered, com.example.sketches.desktop): → "), "\(status.standardOutputText)")
        let statusJSON = try Self.schemectl(sandbox, ["status", "com.example.sketches", "--json"])
        #expect(statusJSON.standardOutputText.contains(#""mimeType": "application/vnd.example.sketch", "owned": true, "defined": true, "known": true"#), "\(statusJSON.standardOutputText)")

        // The user makes another app the default of the owned type: status exits 1 and says so.
        try sandbox.write("[Desktop Entry]\nType=Application\nName=Other\nExec=\(executable) %f\nMimeType=application/vnd.example.sketch;\n", to: sandbox.userApplications + "/org.other.Draw.desktop")
        _ = try sandbox.run("xdg-mime", ["default", "org.other.Draw.desktop", "application/vnd.example.sketch"])
        let taken = try Self.schemectl(sandbox, ["status", "com.example.sketches"])
        #expect(taken.termination == .exited(1))
        #expect(taken.standardOutputText.contains("error: application/vnd.example.sketch files open in org.other.Draw.desktop, not com.example.sketches.desktop"), "\(taken.standardOutputText)")

        let unregister = try Self.schemectl(sandbox, ["unregister", "com.example.sketches"])
        #expect(unregister.termination == .exited(0))
        #expect(unregister.standardOutputText.contains("\n  removed \(package)\n"), "\(unregister.standardOutputText)")
        #expect(!sandbox.exists(package))

        try sandbox.write("<mime-info/>\n", to: package)
        let foreign = try Self.schemectl(sandbox, ["register", manifest, "--exec", executable, "--json"])
        #expect(foreign.termination == .exited(73))
        #expect(foreign.standardOutputText.contains(#""code": "conflict""#))
    }

    @Test func noWaitAndForeignHandlersExitDelivered() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Recorder(in: sandbox)
        _ = try Self.schemectl(sandbox, ["register", Self.manifest, "--exec", recorder.script])
        #expect(try Self.schemectl(sandbox, ["open", "--no-wait", "todolist://x"]).termination == .exited(11))
        #expect(recorder.arguments() == ["todolist://x"])
    }

    @Test func plistRoundTripThroughTheCLI() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let exported = try Self.schemectl(sandbox, ["plist", "export", Self.manifest])
        #expect(exported.termination == .exited(0))
        try sandbox.write(exported.standardOutput, to: sandbox.root + "/Info.plist")
        let imported = try Self.schemectl(sandbox, ["plist", "import", sandbox.root + "/Info.plist"])
        #expect(imported.termination == .exited(0))
        #expect(imported.standardOutputText == "{\n  \"CFBundleURLName\": \"com.acme.todolist\",\n  \"CFBundleURLSchemes\": [\"todolist\"],\n  \"routes\": []\n}\n")
        try sandbox.write("<plist><dict><key>CFBundleURLTypes</key><string>x</string></dict></plist>", to: sandbox.root + "/bad.plist")
        let bad = try Self.schemectl(sandbox, ["plist", "import", sandbox.root + "/bad.plist"])
        #expect(bad.termination == .exited(65))
        #expect(bad.standardErrorText.contains("CFBundleURLTypes: expected an array of dictionaries"))
    }

    /// Every exit status is documented in --help.
    @Test(arguments: [
        ("open", ["0 handled", "1 declined", "2 rejected", "4 launch failed", "7 no answer", "10 no handler", "11 delivered", "13 the app's primary is unresponsive", "75 the app's primary is busy", "77 the app's socket", "64 usage"]),
        ("register", ["0 registered", "65 invalid manifest, or the app's desktop entry", "66 manifest or desktop entry unreadable", "73 a desktop file", "74 a file", "78 HOME"]),
        ("unregister", ["0 removed", "64 usage", "73 NAME.desktop", "74 a file", "78 HOME"]),
        ("status", ["0 no errors", "1 at least one error", "64 usage", "78 HOME"]),
    ])
    func helpDocumentsExitStatuses(command: String, phrases: [String]) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let help = try Self.schemectl(sandbox, [command, "--help"], extra: ["COLUMNS": "1000"])
        let text = help.standardOutputText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in phrases { #expect(text.contains(phrase), "\(command) --help lacks '\(phrase)'") }
    }
}
