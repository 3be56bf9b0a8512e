import Glibc
import SchemeRouter
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// The desktop's senders against a primary that sheds load (issue 20, "No false 'primary died'"):
/// `schemectl open` and `schemectl lifecycle` report `busy` (exit 75, a typed `--json` value)
/// after their retry time, nothing is delivered, and the same URL goes through once a slot frees.
@Suite struct BusyDeliveryTests {
    /// A client connection that holds one of the primary's slots while it lives.
    final class HeldConnection {
        private var descriptor: Int32

        init(path: String) throws {
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(result == 0, "connect \(path): errno \(errno)")
        }

        /// Closes the connection: the primary forgets it when it reads the end of the stream.
        func release() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }

        deinit { release() }
    }

    /// Starts TodoList in the background with one connection slot and takes that slot (the
    /// backlog is first in, first out, so this connection is served first): every sender is shed.
    static func holdTheOneSlot(_ setup: TodoListDeliveryTests.Setup) throws -> HeldConnection {
        var environment = setup.sandbox.environment
        environment["SCHEMEROUTER_MAX_CONNECTIONS"] = "1"
        environment["SCHEMEROUTER_IDLE_TIMEOUT_MS"] = "60000"
        let launch = try ChildProcess.run(setup.todolist, arguments: ["todolist", "--background"], environment: environment.entries)
        try #require(launch.termination == .exited(0), "\(launch.standardErrorText)")
        return try HeldConnection(path: setup.sandbox.root + "/run/schemerouter/com.acme.todolist.sock")
    }

    @Test func schemectlOpenAndLifecycleReportBusyAndDeliverNothing() throws {
        let setup = try TodoListDeliveryTests.Setup()
        defer { setup.tearDown() }
        let held = try Self.holdTheOneSlot(setup)
        let url = "todolist://?Shed%20then%20stored"
        let shed = try SchemectlDesktopTests.schemectl(
            setup.sandbox, ["open", "--json", url], extra: ["SCHEMEROUTER_BUSY_RETRY_MS": "200"])
        #expect(shed.termination == .exited(75), "\(shed.standardOutputText)\(shed.standardErrorText)")
        #expect(shed.standardOutputText.contains(#""verdict": "busy""#))
        #expect(shed.standardOutputText.contains(#""route": "woken""#))
        #expect(shed.standardOutputText.contains("not delivered"))
        let state = try SchemectlDesktopTests.schemectl(
            setup.sandbox, ["lifecycle", "com.acme.todolist", "state", "--json"], extra: ["SCHEMEROUTER_BUSY_RETRY_MS": "200"])
        #expect(state.termination == .exited(75))
        #expect(state.standardOutputText.contains(#""outcome": "busy""#))
        #expect(try !setup.list().contains("Shed then stored"), "a shed URL was stored")
        held.release()
        let served = try SchemectlDesktopTests.schemectl(setup.sandbox, ["open", "--json", url])
        #expect(served.termination == .exited(0), "\(served.standardOutputText)")
        #expect(served.standardOutputText.contains(#""verdict": "handled""#))
        #expect(try setup.list().ranges(of: "Shed then stored").count == 1, "stored exactly once")
    }

    /// `OpenURLOptions.busyRetry` reaches the launched handler: with the environment's retry time
    /// at a minute, the option's 200 ms still ends the send as `busy` well within the verdict timeout.
    @Test func openerBusyRetryOptionBoundsTheRetries() throws {
        let setup = try TodoListDeliveryTests.Setup()
        defer { setup.tearDown() }
        let held = try Self.holdTheOneSlot(setup)
        defer { held.release() }
        var environment = setup.sandbox.environment
        environment["SCHEMEROUTER_BUSY_RETRY_MS"] = "60000"
        let options = OpenURLOptions(timeout: .seconds(15), busyRetry: .milliseconds(200))
        let result = try URLOpener(environment: environment).open("todolist://?Shed%20by%20option", options: options)
        guard case .busy = result.verdict else {
            Issue.record("expected busy, got \(result.verdict)")
            return
        }
        #expect(try !setup.list().contains("Shed by option"), "a shed URL was stored")
    }
}
