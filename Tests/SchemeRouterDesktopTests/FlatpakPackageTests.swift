import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterSender
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// What `schemectl flatpak` writes for flatpak-builder (the Flatpak tests build and run it), and
/// the OpenURI portal's answers as verdicts. No Flatpak needed here.
@Suite struct FlatpakPackageTests {
    static func todolist(_ other: [String] = ["/opt/todo/schemectl"]) throws -> FlatpakPackage {
        try FlatpakPackage(
            name: try ReverseDNSName("com.acme.todolist"), schemes: [try SchemeName("todolist")], executable: "/opt/todo/todolist",
            otherExecutables: other)
    }

    @Test func theDesktopFileClaimsTheSchemesAndRunsTheInstalledExecutable() throws {
        let package = try Self.todolist()
        #expect(package.desktopFileName == "com.acme.todolist.desktop")
        #expect(package.command == "todolist")
        #expect(package.desktopFileText == """
            # Written by schemectl flatpak; installed as /app/share/applications/com.acme.todolist.desktop.
            [Desktop Entry]
            Type=Application
            Version=1.0
            Terminal=false
            NoDisplay=true
            Name=com.acme.todolist
            Exec=/app/bin/todolist %u
            StartupNotify=true
            MimeType=x-scheme-handler/todolist;
            X-SchemeRouter-BundleName=com.acme.todolist
            X-SchemeRouter-Added=Name;Exec;StartupNotify;MimeType=x-scheme-handler/todolist;X-SchemeRouter-BundleName;

            """)
    }

    @Test func theBuilderManifestInstallsTheExecutablesAndTheDesktopFile() throws {
        let package = try Self.todolist()
        #expect(package.finishArguments.isEmpty, "a headless app needs no permission for its socket directory or bus name")
        #expect(package.builderManifest(desktopFilePath: "com.acme.todolist.desktop").text == """
            {"app-id": "com.acme.todolist", "runtime": "org.freedesktop.Platform", "runtime-version": "24.08", \
            "sdk": "org.freedesktop.Sdk", "command": "todolist", "finish-args": [], \
            "build-options": {"no-debuginfo": true, "strip": false}, "modules": [{"name": "com.acme.todolist", \
            "buildsystem": "simple", "build-commands": ["install -Dm755 todolist /app/bin/todolist", \
            "install -Dm755 schemectl /app/bin/schemectl", \
            "install -Dm644 com.acme.todolist.desktop /app/share/applications/com.acme.todolist.desktop"], \
            "sources": [{"type": "file", "path": "/opt/todo/todolist"}, {"type": "file", "path": "/opt/todo/schemectl"}, \
            {"type": "file", "path": "com.acme.todolist.desktop", "dest-filename": "com.acme.todolist.desktop"}]}]}
            """)
        var windowed = package
        windowed.graphical = true
        #expect(windowed.finishArguments == ["--share=ipc", "--socket=fallback-x11", "--socket=wayland"])
    }

    /// LoadProbe's manifest: an Owner type it defines (`.probedoc`), an Alternate type it does not.
    static let loadProbeManifest = #filePath.replacing(
        "Tests/SchemeRouterDesktopTests/FlatpakPackageTests.swift", with: "Examples/LoadProbe/Schemes/probe.json")

    static func loadProbe() throws -> FlatpakPackage {
        let manifest = try ManifestFile.load(loadProbeManifest)
        return try FlatpakPackage(
            name: manifest.name, schemes: manifest.schemes, executable: "/opt/probe/load-probe",
            documentTypes: manifest.documentTypes, exportedTypes: manifest.exportedTypes)
    }

    @Test("document types: MimeType= as register writes it, %U, and the MIME package installed under the app id")
    func documentTypesAreExported() throws {
        let package = try Self.loadProbe()
        let text = package.desktopFileText
        #expect(text.contains("\nExec=/app/bin/load-probe %U\n"), "\(text)")
        #expect(text.contains("\nMimeType=x-scheme-handler/loadprobe;application/x-loadprobe-document;text/x-loadprobe-log;\n"), "\(text)")
        // One implementation: the claims are register's.
        var registered = try HandlerDesktopFile(name: package.appID, schemes: package.desktopFile.schemes, executable: "/app/bin/load-probe")
        registered.documentTypes = package.desktopFile.documentTypes
        #expect(package.desktopFile.mimeTypes == registered.mimeTypes)
        #expect(package.mimePackageFileName == "org.schemerouter.loadprobe.xml")
        #expect(package.mimePackageText == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Written by schemectl flatpak; installed as /app/share/mime/packages/org.schemerouter.loadprobe.xml. -->
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-loadprobe-document">
                <comment>LoadProbe document</comment>
                <sub-class-of type="text/plain"/>
                <glob pattern="*.probedoc"/>
              </mime-type>
            </mime-info>

            """)
        let manifest = package.builderManifest(desktopFilePath: "org.schemerouter.loadprobe.desktop").text
        #expect(manifest.contains(
            "\"install -Dm644 org.schemerouter.loadprobe.xml /app/share/mime/packages/org.schemerouter.loadprobe.xml\""), "\(manifest)")
        #expect(manifest.contains(
            "{\"type\": \"file\", \"path\": \"org.schemerouter.loadprobe.xml\", \"dest-filename\": \"org.schemerouter.loadprobe.xml\"}"),
            "\(manifest)")
        // An app that defines no type gets no package, and its manifest installs none.
        let todolist = try Self.todolist()
        #expect(todolist.mimePackage == nil && todolist.mimePackageText == nil)
        #expect(!todolist.builderManifest(desktopFilePath: "com.acme.todolist.desktop").text.contains("mime"))
    }

    @Test func whatCannotBePackagedIsRefusedWithTheReason() throws {
        #expect(throws: FlatpakPackageError.invalidAppID("acme.todo")) {
            try FlatpakPackage(name: try ReverseDNSName("acme.todo"), schemes: [try SchemeName("todo")], executable: "/opt/todo")
        }
        #expect(throws: FlatpakPackageError.relativeExecutable("bin/schemectl")) { try Self.todolist(["bin/schemectl"]) }
        #expect(throws: FlatpakPackageError.duplicateName("todolist")) { try Self.todolist(["/elsewhere/todolist"]) }
        #expect(throws: FlatpakPackageError.unusableFileName("/opt/my tool")) { try Self.todolist(["/opt/my tool"]) }
        #expect(throws: FlatpakPackageError.unusableFileName("/opt/-rf")) { try Self.todolist(["/opt/-rf"]) }
        #expect(FlatpakPackageError.invalidAppID("acme.todo").description.contains("at least three"))
    }

    @Test("schemectl flatpak writes both files side by side and reports them; an invalid app id exits 65, a missing executable 66")
    func schemectlFlatpak() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let todolist = try Binaries.path("todolist")
        let output = sandbox.root + "/package"
        let written = try SchemectlDesktopTests.schemectl(
            sandbox, ["flatpak", SchemectlDesktopTests.manifest, "--executable", todolist, "--output", output, "--json"])
        #expect(written.termination == .exited(0), "\(written.standardErrorText)")
        #expect(written.standardOutputText == """
            {"version": 1, "appID": "com.acme.todolist", "builderManifest": "\(output)/com.acme.todolist.json", \
            "desktopFile": "\(output)/com.acme.todolist.desktop", "command": "todolist", "finishArgs": [], \
            "mimeTypes": ["x-scheme-handler/todolist"], "mimePackage": null}

            """)
        let package = try FlatpakPackage(
            name: try ReverseDNSName("com.acme.todolist"), schemes: [try SchemeName("todolist")], executable: todolist)
        #expect(try sandbox.read(output + "/com.acme.todolist.desktop") == package.desktopFileText)
        #expect(try sandbox.read(output + "/com.acme.todolist.json") == package.builderManifest(desktopFilePath: "com.acme.todolist.desktop").text + "\n")

        try sandbox.write(
            "{\"CFBundleURLName\": \"acme.todo\", \"CFBundleURLSchemes\": [\"todo\"], \"routes\": []}", to: sandbox.root + "/two-labels.json")
        #expect(try SchemectlDesktopTests.schemectl(
            sandbox, ["flatpak", sandbox.root + "/two-labels.json", "--executable", todolist, "--output", output]).termination == .exited(65))
        #expect(try SchemectlDesktopTests.schemectl(
            sandbox, ["flatpak", SchemectlDesktopTests.manifest, "--executable", "/nonexistent/todolist"]).termination == .exited(66))

        // With document types: the package beside the desktop file, both named after the app id.
        let probe = try Binaries.path("load-probe")
        let documents = try SchemectlDesktopTests.schemectl(
            sandbox, ["flatpak", Self.loadProbeManifest, "--executable", probe, "--output", output, "--json"])
        #expect(documents.termination == .exited(0), "\(documents.standardErrorText)")
        #expect(documents.standardOutputText.contains(
            "\"mimeTypes\": [\"x-scheme-handler/loadprobe\", \"application/x-loadprobe-document\", \"text/x-loadprobe-log\"], "
                + "\"mimePackage\": \"\(output)/org.schemerouter.loadprobe.xml\"}"), "\(documents.standardOutputText)")
        let expected = try Self.loadProbe()
        #expect(try sandbox.read(output + "/org.schemerouter.loadprobe.xml") == expected.mimePackageText)
        #expect(try sandbox.read(output + "/org.schemerouter.loadprobe.json")?.contains("/app/share/mime/packages/org.schemerouter.loadprobe.xml") == true)
    }

    @Test func thePortalsAnswersAreWhatItCanKnow() {
        #expect(OpenURIPortal.verdict(response: 0) == .delivered)
        #expect(OpenURIPortal.verdict(response: 1) == .notOpened("the user dismissed the portal's application chooser"))
        for response: UInt32? in [2, 3, nil] {
            guard case .notOpened = OpenURIPortal.verdict(response: response) else {
                Issue.record("response \(String(describing: response)) is not 'not opened'")
                continue
            }
        }
        #expect(DeliveryVerdict.notOpened("x").exitStatus.rawValue == 14)
        #expect(OpenURIPortal.requestPath(sender: ":1.42", token: "schemerouter_7f") == "/org/freedesktop/portal/desktop/request/1_42/schemerouter_7f")
    }

    @Test func withoutASessionBusNothingIsOpened() {
        let verdict = OpenURIPortal.open("hostapp://x", activationToken: nil, ask: false, timeout: .seconds(5), busAddress: nil)
        #expect(verdict == .notOpened("there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set), so the OpenURI portal cannot be asked"))
        // A bus address nobody listens at: the portal cannot be asked either.
        guard case .notOpened(let reason) = OpenURIPortal.open(
            "hostapp://x", activationToken: nil, ask: false, timeout: .seconds(5), busAddress: "unix:path=/nonexistent/bus")
        else {
            Issue.record("a missing bus is not 'not opened'")
            return
        }
        #expect(reason.contains("could not be asked"), "\(reason)")
    }
}
