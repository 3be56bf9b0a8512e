import Glibc
import Testing

/// A sender links no server: `share-to-todo` and `schemectl` (which `register`, `open` and
/// `fuzz` share) import neither a listening socket nor the D-Bus door, nor libuv's loop. Read from
/// the dynamic symbols the executables import (`nm -D --undefined-only`); TodoList, an app, is the
/// control that shows the check sees them when they are there.
@Suite("Senders link no server (nm)")
struct LinkedServerTests {
    /// What only a primary imports: its listening socket, its bus name and object, its loop.
    static let serverSymbols = [
        "listen", "accept", "accept4", "dbus_bus_request_name", "dbus_connection_register_object_path",
        "dbus_connection_try_register_object_path", "uv_run", "uv_listen",
    ]

    /// The imported symbols of a built executable, without their version suffixes.
    static func importedSymbols(_ name: String) throws -> Set<String> {
        let executable = try Executables.path(name)
        let directory = TestFiles.temporaryDirectory()
        defer { TestFiles.removeTree(directory) }
        let nm = try ChildProcess(
            "/usr/bin/env", ["nm", "-D", "--undefined-only", executable].map { Array($0.utf8) },
            environment: ["PATH=/usr/bin:/bin"], outputPrefix: directory + "/nm")
        let status = try nm.wait(timeout: .seconds(60))
        try #require(status == 0, "nm failed: \(nm.standardError)")
        return Set(nm.standardOutput.split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.map { String($0.split(separator: "@").first ?? $0) }
        })
    }

    @Test("share-to-todo and schemectl import no listening socket, no D-Bus door, no libuv loop", arguments: ["share-to-todo", "schemectl"])
    func senderLinksNoServer(executable: String) throws {
        let imported = try Self.importedSymbols(executable)
        #expect(!imported.isEmpty)
        #expect(imported.intersection(Self.serverSymbols).isEmpty, "\(executable) imports \(imported.intersection(Self.serverSymbols).sorted())")
    }

    @Test("the control: TodoList, an app, imports them")
    func appLinksTheServer() throws {
        let imported = try Self.importedSymbols("todolist")
        #expect(imported.isSuperset(of: ["listen", "accept4", "dbus_bus_request_name", "uv_run"]))
    }
}
