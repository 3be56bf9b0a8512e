import Glibc
import PropertyBased
import SchemeRouterLifecycle
import Testing

import SchemeRouterPlatform
@testable import SchemeRouterSender

/// How a process knows it is in Flatpak, where its primary listens then, and how a sender is
/// named when the kernel gives no pid (pid 0: another PID namespace). The Flatpak tests run the
/// same rules in real sandboxes.
@Suite struct FlatpakSandboxTests {
    @Test func theAppIDComesFromTheApplicationGroupOfFlatpakInfo() {
        let info = "[Application]\nname=com.acme.todolist\nruntime=runtime/org.x.Platform/x86_64/1\n\n[Instance]\ninstance-id=42\n"
        #expect(FlatpakSandbox(info: Array(info.utf8))?.appID == "com.acme.todolist")
        // A runtime's own sandbox (`flatpak run --runtime`) has no app, so no app directory.
        #expect(FlatpakSandbox(info: Array("[Runtime]\nname=org.x.Platform\n".utf8)) == nil)
        #expect(FlatpakSandbox(info: Array("[Instance]\nname=com.acme.todolist\n".utf8)) == nil)
        #expect(FlatpakSandbox(info: Array("[Application]\nname=../../etc\n".utf8)) == nil)
    }

    /// Whatever `/.flatpak-info` says, an accepted app id names exactly one directory below
    /// `app/`: no `/`, no empty, `.` or `..` element, and at least three elements as Flatpak wants.
    @Test func anAcceptedAppIDNamesOneDirectory() async {
        // Elements of a few characters, joined by dots: many ids pass, many do not.
        let alphabet = Array("ab9Z_-/ .\u{0}é".unicodeScalars)
        let element = Gen<Int>.int(in: 0..<alphabet.count).array(of: 0...3).map { indices in
            String(String.UnicodeScalarView(indices.map { alphabet[$0] }))
        }
        let ids = element.array(of: 1...5).map { $0.joined(separator: ".") }
        await propertyCheck(count: 2000, input: ids) { id in
            let parsed = FlatpakSandbox(info: Array("[Application]\nname=\(id)\n".utf8))
            #expect(parsed?.appID == (FlatpakSandbox.isValidAppID(id) ? id : nil))
            guard FlatpakSandbox.isValidAppID(id) else { return }
            let elements = id.split(separator: ".", omittingEmptySubsequences: false)
            #expect(!id.contains("/") && !id.contains("\u{0}") && elements.count >= 3)
            #expect(!elements.contains { $0.isEmpty || $0 == "." || $0 == ".." })
        }
        #expect(FlatpakSandbox.isValidAppID("com.acme.todolist") && !FlatpakSandbox.isValidAppID("acme.todolist"))
        #expect(!FlatpakSandbox.isValidAppID("com.acme.9lives") && !FlatpakSandbox.isValidAppID("com..todolist"))
    }

    @Test func insideASandboxThePrimaryListensInTheAppsSharedDirectory() throws {
        let environment = { (name: String) in name == "XDG_RUNTIME_DIR" ? "/run/user/1000/" : nil }
        let sandbox = try #require(FlatpakSandbox(appID: "com.acme.todolist"))
        #expect(RuntimeDirectory.path(environment: environment, sandbox: sandbox) == "/run/user/1000/app/com.acme.todolist")
        #expect(RuntimeDirectory.path(environment: environment, sandbox: nil) == "/run/user/1000/schemerouter")
        #expect(RuntimeDirectory.flatpakPath(appID: "com.acme.todolist", environment: environment) == "/run/user/1000/app/com.acme.todolist")
        #expect(RuntimeDirectory.flatpakPath(appID: "com.acme.todolist", environment: { _ in nil }) == nil)
    }

    @Test("a host sender never creates a Flatpak app's directory, refuses an unsafe one, and uses it when it exists")
    func theHostLooksInTheAppsDirectoryWithoutCreatingIt() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let base = sandbox.root + "/run"
        let environment = { (name: String) in name == "XDG_RUNTIME_DIR" ? base : nil }
        #expect(try RuntimeDirectory.prepare(flatpakApp: "com.acme.todolist", environment: environment) == nil)
        #expect(FileSystem.kind(of: base + "/app") == .missing, "nothing was created")
        // The app's own invocation falls back to the usual directory.
        #expect(try RuntimeDirectory.prepare(forApp: "com.acme.todolist", environment: environment).path == base + "/schemerouter")
        #expect(throws: RuntimeError.self) { try RuntimeDirectory.prepare(flatpakApp: "../../tmp", environment: environment) }

        try FileSystem.makeDirectories(base + "/app/com.acme.todolist", mode: 0o755)
        chmod(base + "/app/com.acme.todolist", 0o755)
        #expect(throws: RuntimeError.self) { try RuntimeDirectory.prepare(flatpakApp: "com.acme.todolist", environment: environment) }
        chmod(base + "/app/com.acme.todolist", 0o700)
        #expect(try RuntimeDirectory.prepare(flatpakApp: "com.acme.todolist", environment: environment)?.path == base + "/app/com.acme.todolist")
        // Flatpak made it: host and sandbox elect in the same directory.
        #expect(try RuntimeDirectory.prepare(forApp: "com.acme.todolist", environment: environment).path == base + "/app/com.acme.todolist")
        // A two-label bundle name is no Flatpak app id: the usual directory.
        #expect(try RuntimeDirectory.prepare(forApp: "acme.todolist", environment: environment).path == base + "/schemerouter")
    }

    /// A Flatpak app writes its own directory: a link there must not lead a host sender to any
    /// other socket of the user, and a FIFO must not stall it.
    @Test func aLinkInPlaceOfTheSocketIsNeverFollowedAndAFIFOBlocksNobody() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let base = sandbox.root + "/run"
        let app = base + "/app/com.acme.todolist"
        try FileSystem.makeDirectories(app, mode: 0o700)
        chmod(app, 0o700)
        let other = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(other) }
        let otherPath = sandbox.root + "/other.sock"
        try #require(SocketAddress.withUnixAddress(otherPath) { bind(other, $0, $1) } == 0 && listen(other, 8) == 0)
        try #require(symlink(otherPath, app + "/com.acme.todolist.sock") == 0)
        try #require(mkfifo(app + "/com.acme.todolist.busy", 0o600) == 0)

        let directory = try #require(try RuntimeDirectory.prepare(flatpakApp: "com.acme.todolist", environment: { $0 == "XDG_RUNTIME_DIR" ? base : nil }))
        let files = try directory.files(for: "com.acme.todolist")
        do {
            _ = try ClientConnection.connect(files, timeout: .seconds(1))
            Issue.record("the sender connected through a symbolic link")
        } catch {
            #expect(error.exitStatus == .runtimeDirectoryRefused && error.description.contains("symbolic link"), "\(error)")
        }
        #expect(accept(other, nil, nil) < 0 && errno == EAGAIN, "nothing reached the other socket")
        #expect(BusyMarker.busyUntil(files) == nil)

        // The real socket in its place: connected.
        unlink(app + "/com.acme.todolist.sock")
        let own = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(own) }
        try #require(SocketAddress.withUnixAddress(app + "/com.acme.todolist.sock") { bind(own, $0, $1) } == 0 && listen(own, 8) == 0)
        guard case .connected = try ClientConnection.connect(files, timeout: .seconds(1)) else {
            Issue.record("the app's own socket was not connected")
            return
        }
    }

    @Test func aSenderInAnotherPIDNamespaceIsUnknownNeverAPid() {
        let source = PeerCredentials(pid: 0, uid: 1000).verifiedSource(socket: nil)
        #expect(source == SourceApplication(name: "unknown (sandboxed)", pid: nil, uid: 1000, isClaimed: false))
        // This process, seen from itself: its executable, not sandboxed.
        let own = PeerCredentials(pid: getpid(), uid: getuid()).verifiedSource(socket: nil)
        #expect(own.pid == getpid() && own.flatpakAppID == nil && own.name.hasPrefix("/"))
    }
}
