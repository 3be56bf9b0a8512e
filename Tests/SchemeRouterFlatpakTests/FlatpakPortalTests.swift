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
}
