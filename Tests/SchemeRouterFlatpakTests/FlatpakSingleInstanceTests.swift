import Glibc
import Testing

import SchemeRouterPlatform

/// TodoList installed as a Flatpak (built with `schemectl flatpak` and flatpak-builder): host
/// launchers and senders reach its one sandboxed primary in `$XDG_RUNTIME_DIR/app/<id>/`, each
/// URL is stored once, the primary recovers from SIGKILL inside the sandbox, and senders are
/// named as the kernel can vouch for them across PID namespaces (Docs/Desktop.md, "Flatpak").
@Suite("Flatpak: one primary for host and sandbox", .serialized)
struct FlatpakSingleInstanceTests {
    /// A world with TodoList installed, or the test is cancelled where Flatpak cannot run.
    static func world() throws -> FlatpakWorld {
        let runtime = try FlatpakRuntime.require()
        let repository = try TodoListFlatpak.repository(runtime)
        let world = try FlatpakWorld(runtime: runtime)
        do {
            try world.install(from: repository)
        } catch {
            world.tearDown()
            throw error
        }
        return world
    }

    /// The trace lines of the sandboxed primary (written to the shared directory, read on the host).
    static func trace(_ world: FlatpakWorld, lines count: Int) throws -> [String] {
        let path = world.appRuntimeDirectory + "/trace.jsonl"
        let text = FileWatch.wait(for: path) { $0.split(separator: "\n").count >= count }
        return try #require(text, "the trace has fewer than \(count) lines: \(FileWatch.read(path))").split(separator: "\n").map(String.init)
    }

    @Test("host gio open launches the sandboxed TodoList; schemectl open, flatpak run and D-Bus Open reach the same primary; each URL stored once")
    func hostAndSandboxReachOnePrimary() throws {
        let world = try Self.world()
        defer { world.tearDown() }
        // The exported desktop file: Flatpak's Exec and X-Flatpak, schemectl's claims and bundle name.
        let exported = FileWatch.read(world.exportedDesktopFile)
        #expect(exported.contains("\nX-Flatpak=com.acme.todolist\n"), "\(exported)")
        #expect(exported.contains("--file-forwarding com.acme.todolist @@u %u @@"), "\(exported)")
        #expect(exported.contains("\nMimeType=x-scheme-handler/todolist;\n") && exported.contains("\nX-SchemeRouter-BundleName=com.acme.todolist\n"))

        // The trace goes to the directory both sides see; inside the sandbox it is under /run/user.
        let trace = ["SCHEMEROUTER_TRACE": world.sandboxAppRuntimeDirectory + "/trace.jsonl"]
        let gio = try world.run("gio", ["open", "todolist://?from%20gio"], extra: trace.merging(["XDG_ACTIVATION_TOKEN": "token-gio"]) { $1 })
        #expect(gio.termination == .exited(0), "\(gio.standardErrorText)")
        let launch = try Self.trace(world, lines: 4)
        #expect(launch[0].hasPrefix("{\"hook\": \"willFinishLaunching\""))
        // Launched by whoever ran `flatpak run` outside: not named (the sandbox's init is its parent).
        #expect(launch[2].contains("\"url\": \"todolist://?from%20gio\", \"source\": {\"name\": \"unknown (sandboxed)\", \"uid\": \(getuid()), \"claimed\": false}"))
        #expect(launch[2].contains("\"activationToken\": \"token-gio\""), "the token passes through flatpak run: \(launch[2])")
        let primary = try #require(try world.primaryProcessID(), "no primary listens in \(world.appRuntimeDirectory)")
        // The host sees the sandboxed primary's real pid, and into its sandbox.
        #expect(FileWatch.read("/proc/\(primary)/root/.flatpak-info").contains("name=com.acme.todolist"))
        // The lock holds no pid: the sandbox's own (2) would name another process out here.
        #expect(FileWatch.read(world.appRuntimeDirectory + "/com.acme.todolist.lock").isEmpty)

        let woken = try world.schemectl(["open", "--json", "todolist://?from%20schemectl"], extra: trace)
        #expect(woken.termination == .exited(0), "\(woken.standardErrorText)")
        #expect(woken.standardOutputText.contains("\"verdict\": \"handled\"") && woken.standardOutputText.contains("\"route\": \"woken\""),
            "\(woken.standardOutputText)")

        let sandboxed = try world.flatpakRun(["todolist://?from%20flatpak%20run"], extra: trace)
        #expect(sandboxed.termination == .exited(0), "\(sandboxed.standardErrorText)")

        let bus = try world.run("gdbus", [
            "call", "--session", "--dest", "com.acme.todolist", "--object-path", "/com/acme/todolist",
            "--method", "org.freedesktop.Application.Open", "['todolist://?from%20D-Bus']", "{}",
        ])
        #expect(bus.termination == .exited(0), "the D-Bus door in the sandbox owns com.acme.todolist: \(bus.standardErrorText)")

        let all = try Self.trace(world, lines: 7)
        #expect(all.filter { $0.contains("\"hook\": \"willFinishLaunching\"") }.count == 1, "one primary: \(all)")
        // The sender in another sandbox and the host senders have no pid in the sandbox's namespace.
        #expect(all[4].contains("\"source\": {\"name\": \"schemectl\", \"uid\": \(getuid()), \"claimed\": true}"), "\(all[4])")
        #expect(all[5].contains("\"source\": {\"name\": \"unknown (sandboxed)\", \"uid\": \(getuid()), \"claimed\": false}"), "\(all[5])")
        #expect(all[6].contains("\"url\": \"todolist://?from%20D-Bus\", \"source\": {\"name\": \"unknown (sandboxed)\""), "\(all[6])")
        #expect(try world.primaryProcessID() == primary)
        #expect(world.storedTasks == ["from gio", "from schemectl", "from flatpak run", "from D-Bus"])
        // Control commands from the host find the same primary (its app id is its bundle name).
        let state = try world.schemectl(["lifecycle", "com.acme.todolist", "state"])
        #expect(state.termination == .exited(0) && state.standardOutputText.contains("active"), "\(state.standardOutputText)\(state.standardErrorText)")
    }

    @Test("SIGKILL of the primary inside the sandbox: the next schemectl open launches a new one through flatpak run with a verdict; nothing is lost or doubled")
    func killedInsideTheSandboxThenRecovery() throws {
        let world = try Self.world()
        defer { world.tearDown() }
        let first = try world.flatpakRun(["todolist://?one"])
        #expect(first.termination == .exited(0), "a cold launch by flatpak run exits with the verdict: \(first.standardErrorText)")
        let killed = try #require(try world.primaryProcessID())
        #expect(FileWatch.read("/proc/\(killed)/root/.flatpak-info").contains("name=com.acme.todolist"))
        kill(killed, SIGKILL)
        #expect(FileWatch.waitForExit(of: killed), "the primary survived SIGKILL")
        // The stale socket stays behind; nobody listens, and the lock is free.
        #expect(FileSystem.kind(of: world.appRuntimeDirectory + "/com.acme.todolist.sock") != .missing)
        #expect(try world.primaryProcessID() == nil)

        let recovered = try world.schemectl(["open", "--json", "todolist://?two"])
        #expect(recovered.termination == .exited(0), "\(recovered.standardErrorText)")
        #expect(recovered.standardOutputText.contains("\"verdict\": \"handled\"") && recovered.standardOutputText.contains("\"route\": \"launched\""),
            "launched through the exported Exec (flatpak run), its verdict back over the pipe: \(recovered.standardOutputText)")
        let successor = try #require(try world.primaryProcessID())
        #expect(successor != killed)
        let woken = try world.flatpakRun(["todolist://?three"])
        #expect(woken.termination == .exited(0), "\(woken.standardErrorText)")
        #expect(try world.primaryProcessID() == successor)
        #expect(world.storedTasks == ["one", "two", "three"])
    }

    @Test("a host primary in the shared directory: a sender in the sandbox reaches it and is named by its Flatpak app id, with its host pid")
    func sandboxedSenderNamedByAppID() throws {
        let world = try Self.world()
        defer { world.tearDown() }
        // The app ran as a Flatpak once in this session: its directory exists, so the host binary
        // elects there too (one lock, one socket for both sides).
        try world.expectSuccess(world.flatpakRun([], command: "/bin/true"))
        let trace = world.appRuntimeDirectory + "/host-trace.jsonl"
        let todolist = try Binaries.path("todolist")
        let host = try world.run(
            todolist, ["todolist://?on%20the%20host"], extra: ["SCHEMEROUTER_TRACE": trace, "XDG_DATA_HOME": world.appDataHome])
        #expect(host.termination == .exited(0), "\(host.standardErrorText)")
        let primary = try #require(try world.primaryProcessID())
        #expect(FileWatch.read("/proc/\(primary)/root/.flatpak-info").isEmpty, "the primary runs on the host")
        // On the host, the lock says who holds it.
        #expect(FileWatch.read(world.appRuntimeDirectory + "/com.acme.todolist.lock") == "\(primary)\n")

        let sandboxed = try world.flatpakRun(["todolist://?from%20the%20sandbox"])
        #expect(sandboxed.termination == .exited(0), "\(sandboxed.standardErrorText)")
        let lines = try #require(FileWatch.wait(for: trace) { $0.contains("from%20the%20sandbox") }, "\(FileWatch.read(trace))")
        let line = try #require(lines.split(separator: "\n").first { $0.contains("from%20the%20sandbox") })
        #expect(line.contains("\"source\": {\"name\": \"com.acme.todolist\", \"pid\": "), "\(line)")
        #expect(line.contains("\"claimed\": false, \"flatpak\": \"com.acme.todolist\"}"), "\(line)")
        #expect(world.storedTasks == ["on the host", "from the sandbox"])
    }
}
