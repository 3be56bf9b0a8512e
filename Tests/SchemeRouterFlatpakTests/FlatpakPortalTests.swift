import Glibc
import Testing

import SchemeRouterPlatform

/// Sending from inside the sandbox: `schemectl open` (URLOpener) in TodoList's sandbox hands
/// another app's URL to the real OpenURI portal (xdg-desktop-portal on the test's bus, the tests'
/// AppChooser backend), which starts the host handler with the activation token; the verdict is
/// what the portal can know.
@Suite("Flatpak: a sandboxed sender opens URLs through the OpenURI portal", .serialized)
struct FlatpakPortalTests {
    /// A world with TodoList installed, where the portal's test backend (python3-gi) can run.
    static func world() throws -> FlatpakWorld {
        let world = try FlatpakSingleInstanceTests.world()
        guard FileSystem.isExecutableFile("/usr/bin/python3"),
            try world.run("/usr/bin/python3", ["-c", "from gi.repository import Gio"]).termination == .exited(0)
        else {
            world.tearDown()
            throw FlatpakTestFailure("the portal's test backend needs python3-gi: run `bash scripts/setup flatpak`")
        }
        return world
    }

    /// A host handler `<id>.desktop` claiming `mimeType`: a script appending its arguments and
    /// token to a file (returned). The portal skips its chooser only when exactly one app claims
    /// the type in mimeinfo.cache (xdg-desktop-portal 1.16), so the cache is written.
    static func registerHostHandler(_ world: FlatpakWorld, id: String, mimeType: String) throws -> String {
        let record = world.root + "/\(id).log"
        let script = world.root + "/bin/\(id)"
        try FileSystem.makeDirectories(world.root + "/bin")
        try FileSystem.writeAtomically(
            Array("#!/bin/sh\nprintf '%s token=%s\\n' \"$*\" \"${XDG_ACTIVATION_TOKEN-unset}\" >> '\(record)'\n".utf8), to: script,
            mode: 0o755)
        try FileSystem.writeAtomically(
            Array("[Desktop Entry]\nType=Application\nName=\(id)\nExec=\(script) %u\nMimeType=\(mimeType);\nNoDisplay=true\n".utf8),
            to: world.dataHome + "/applications/\(id).desktop")
        try world.expectSuccess(world.run("update-desktop-database", [world.dataHome + "/applications"]))
        return record
    }

    @Test("schemectl open in the sandbox: the portal starts the host handler with the token (exit 11, delivered); --ask asks the chooser; no handler: exit 14, not opened")
    func sandboxedSchemectlOpensThroughThePortal() throws {
        let world = try Self.world()
        defer { world.tearDown() }
        let record = try Self.registerHostHandler(world, id: "org.example.HostHandler", mimeType: "x-scheme-handler/hostapp")
        let portal = try world.startPortal()

        let opened = try world.flatpakRun(
            ["open", "--json", "hostapp://from-sandbox?x=1"], command: "/app/bin/schemectl", extra: ["XDG_ACTIVATION_TOKEN": "token-portal"])
        #expect(opened.termination == .exited(11), "\(opened.standardErrorText)")
        #expect(opened.standardOutputText.contains("\"verdict\": \"delivered\"") && opened.standardOutputText.contains("\"route\": \"portal\""),
            "\(opened.standardOutputText)")
        // The portal starts the handler after it answers: wait for its line.
        let first = FileWatch.wait(for: record) { $0.contains("\n") }
        #expect(first == "hostapp://from-sandbox?x=1 token=token-portal\n", "\(FileWatch.read(portal.portalLog).suffix(3000))")
        #expect(portal.chooserRequests.isEmpty, "one app claims hostapp: the portal does not ask")

        let asked = try world.flatpakRun(["open", "--ask", "hostapp://asked"], command: "/app/bin/schemectl")
        #expect(asked.termination == .exited(11), "\(asked.standardErrorText)")
        #expect(FileWatch.wait(for: record) { $0.contains("hostapp://asked token=unset\n") } != nil)
        #expect(portal.chooserRequests == ["ChooseApplication app=com.acme.todolist choices=org.example.HostHandler"])

        let nowhere = try world.flatpakRun(["open", "--json", "nohandler://x"], command: "/app/bin/schemectl")
        #expect(nowhere.termination == .exited(14), "\(nowhere.standardErrorText)")
        #expect(nowhere.standardOutputText.contains("\"verdict\": \"notOpened\""), "\(nowhere.standardOutputText)")
        #expect(FileWatch.read(record).split(separator: "\n").count == 2, "nothing else was started")
    }

    /// Defines `application/x-hostdoc` (`*.hostdoc`) in the world's MIME database, and a host handler for it.
    static func registerHostDocumentHandler(_ world: FlatpakWorld) throws -> String {
        try FileSystem.makeDirectories(world.dataHome + "/mime/packages")
        try FileSystem.writeAtomically(Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-hostdoc"><comment>Host document</comment><glob pattern="*.hostdoc"/></mime-type>
            </mime-info>

            """.utf8), to: world.dataHome + "/mime/packages/org.example.HostDocuments.xml")
        try world.expectSuccess(world.run("update-mime-database", [world.dataHome + "/mime"]))
        return try registerHostHandler(world, id: "org.example.HostDocuments", mimeType: "application/x-hostdoc")
    }

    @Test("schemectl open FILE in the sandbox: OpenFile starts the host's handler of its type with the path and token (exit 11); a file the host cannot see: exit 14; a missing file: exit 2, the portal not asked")
    func sandboxedSchemectlOpensFilesThroughThePortal() throws {
        let world = try Self.world()
        defer { world.tearDown() }
        let record = try Self.registerHostDocumentHandler(world)
        // A directory host and sandbox both see at the same path (the app is given it, read-only).
        let shared = world.root + "/shared docs"
        try FileSystem.makeDirectories(shared)
        try FileSystem.writeAtomically(Array("first\n".utf8), to: shared + "/list.hostdoc")
        try world.expectSuccess(world.run("flatpak", ["--user", "override", "--filesystem=\(shared):ro", world.appID]))
        let portal = try world.startPortal()

        let opened = try world.flatpakRun(
            ["open", "--json", shared + "/list.hostdoc"], command: "/app/bin/schemectl", extra: ["XDG_ACTIVATION_TOKEN": "token-file"])
        #expect(opened.termination == .exited(11), "\(opened.standardErrorText)")
        #expect(opened.standardOutputText.contains("\"verdict\": \"delivered\"") && opened.standardOutputText.contains("\"route\": \"portal\""),
            "\(opened.standardOutputText)")
        // GLib gives the handler's %u a local file as its path.
        let first = FileWatch.wait(for: record) { $0.contains("\n") }
        #expect(first == "\(shared)/list.hostdoc token=token-file\n", "\(FileWatch.read(portal.portalLog).suffix(3000))")
        #expect(portal.chooserRequests.isEmpty, "one app claims application/x-hostdoc: the portal does not ask")

        // A file in the sandbox's own /tmp, which the host sees elsewhere if at all: the portal refuses the descriptor.
        let hidden = try world.flatpakRun(
            ["-c", "printf 'x\\n' > /tmp/private.hostdoc && exec /app/bin/schemectl open --json /tmp/private.hostdoc"], command: "/bin/sh")
        #expect(hidden.termination == .exited(14), "\(hidden.standardOutputText)\(hidden.standardErrorText)")
        #expect(hidden.standardOutputText.contains("\"verdict\": \"notOpened\""), "\(hidden.standardOutputText)")

        let missing = try world.flatpakRun(["open", "--json", shared + "/gone.hostdoc"], command: "/app/bin/schemectl")
        #expect(missing.termination == .exited(2), "\(missing.standardErrorText)")
        #expect(missing.standardOutputText.contains("\"code\": \"missing-file\""), "\(missing.standardOutputText)")
        #expect(FileWatch.read(record).split(separator: "\n").count == 1, "nothing else was started")
        #expect(portal.chooserRequests.isEmpty)
    }
}
