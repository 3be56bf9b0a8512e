import Glibc
import Testing

import SchemeRouterPlatform

/// Sending from inside the sandbox: `schemectl open` (URLOpener) in TodoList's sandbox hands
/// another app's URL to the real OpenURI portal (xdg-desktop-portal on the test's bus, the tests'
/// AppChooser backend), which starts the host handler with the activation token; the verdict is
/// what the portal can know.
@Suite("Flatpak: a sandboxed sender opens URLs through the OpenURI portal", .serialized)
struct FlatpakPortalTests {
    /// A host handler of `hostapp:` URLs: a script appending its arguments and token to a file.
    static func registerHostHandler(_ world: FlatpakWorld) throws -> String {
        let record = world.root + "/host-handler.log"
        let script = world.root + "/bin/host-handler"
        try FileSystem.makeDirectories(world.root + "/bin")
        try FileSystem.writeAtomically(
            Array("#!/bin/sh\nprintf '%s token=%s\\n' \"$*\" \"${XDG_ACTIVATION_TOKEN-unset}\" >> '\(record)'\n".utf8), to: script,
            mode: 0o755)
        try FileSystem.writeAtomically(
            Array("[Desktop Entry]\nType=Application\nName=Host handler\nExec=\(script) %u\nMimeType=x-scheme-handler/hostapp;\nNoDisplay=true\n".utf8),
            to: world.dataHome + "/applications/org.example.HostHandler.desktop")
        // The portal skips its chooser for a custom scheme only when exactly one app claims it in
        // mimeinfo.cache (xdg-desktop-portal 1.16), so the cache is written.
        try world.expectSuccess(world.run("update-desktop-database", [world.dataHome + "/applications"]))
        return record
    }

    @Test("schemectl open in the sandbox: the portal starts the host handler with the token (exit 11, delivered); --ask asks the chooser; no handler: exit 14, not opened")
    func sandboxedSchemectlOpensThroughThePortal() throws {
        let world = try FlatpakSingleInstanceTests.world()
        defer { world.tearDown() }
        guard FileSystem.isExecutableFile("/usr/bin/python3"),
            try world.run("/usr/bin/python3", ["-c", "from gi.repository import Gio"]).termination == .exited(0)
        else {
            throw FlatpakTestFailure("the portal's test backend needs python3-gi: run `bash scripts/setup flatpak`")
        }
        let record = try Self.registerHostHandler(world)
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

    /// A host handler of `.hostdoc` files (`application/x-hostdoc`, defined in the world's MIME
    /// database): a script appending its arguments and token to a file.
    static func registerHostDocumentHandler(_ world: FlatpakWorld) throws -> String {
        let record = world.root + "/host-documents.log"
        let script = world.root + "/bin/host-documents"
        try FileSystem.makeDirectories(world.root + "/bin")
        try FileSystem.makeDirectories(world.dataHome + "/mime/packages")
        try FileSystem.writeAtomically(
            Array("#!/bin/sh\nprintf '%s token=%s\\n' \"$*\" \"${XDG_ACTIVATION_TOKEN-unset}\" >> '\(record)'\n".utf8), to: script,
            mode: 0o755)
        try FileSystem.writeAtomically(Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-hostdoc"><comment>Host document</comment><glob pattern="*.hostdoc"/></mime-type>
            </mime-info>

            """.utf8), to: world.dataHome + "/mime/packages/org.example.HostDocuments.xml")
        try world.expectSuccess(world.run("update-mime-database", [world.dataHome + "/mime"]))
        try FileSystem.writeAtomically(
            Array("[Desktop Entry]\nType=Application\nName=Host documents\nExec=\(script) %u\nMimeType=application/x-hostdoc;\nNoDisplay=true\n".utf8),
            to: world.dataHome + "/applications/org.example.HostDocuments.desktop")
        // One app claims the type in mimeinfo.cache: the portal does not ask.
        try world.expectSuccess(world.run("update-desktop-database", [world.dataHome + "/applications"]))
        return record
    }

    @Test("schemectl open FILE in the sandbox: OpenFile starts the host's handler of its type with the path and token (exit 11); a file the host cannot see: exit 14; a missing file: exit 2, the portal not asked")
    func sandboxedSchemectlOpensFilesThroughThePortal() throws {
        let world = try FlatpakSingleInstanceTests.world()
        defer { world.tearDown() }
        guard FileSystem.isExecutableFile("/usr/bin/python3"),
            try world.run("/usr/bin/python3", ["-c", "from gi.repository import Gio"]).termination == .exited(0)
        else {
            throw FlatpakTestFailure("the portal's test backend needs python3-gi: run `bash scripts/setup flatpak`")
        }
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
