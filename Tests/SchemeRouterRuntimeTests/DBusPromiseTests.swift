import Foundation
import Glibc
import Testing

/// The D-Bus door keeps the socket door's promises (issue 51, Docs/DBus.md, *What a caller can
/// rely on*): hostile `Open` calls sent by a GDBus program (``DBusCaller``) to LoadProbe on a real
/// private `dbus-daemon`.
@Suite("D-Bus door promises (real dbus-daemon, a GDBus caller)", .serialized)
struct DBusPromiseTests {
    static let name = ProbeSandbox.bundleName
    static let path = "/org/schemerouter/loadprobe"
    static let errors = "org.schemerouter.loadprobe.Error"

    /// ``DBusDoorTests/Fixture`` and the caller program.
    final class Fixture {
        let door: DBusDoorTests.Fixture
        let caller: String

        init() throws(TestFailure) {
            door = try DBusDoorTests.Fixture()
            caller = DBusCaller.install(in: door.sandbox.root)
        }

        var sandbox: ProbeSandbox { door.sandbox }
        var bus: SessionBus { door.bus }

        /// Starts the caller with `arguments` (after the destination and path).
        func startCaller(_ arguments: [String]) throws(TestFailure) -> ChildProcess {
            try bus.start(
                "/usr/bin/python3", [caller, DBusPromiseTests.name, DBusPromiseTests.path] + arguments,
                environment: sandbox.environment())
        }

        /// Runs the caller to completion: its first answer line and the rest of its output.
        func call(_ arguments: [String]) throws(TestFailure) -> (outcome: String, message: String) {
            let process = try startCaller(arguments)
            let status = try process.wait(timeout: .seconds(60))
            guard status == 0 else { throw TestFailure("the caller exited \(status): \(process.standardError)") }
            let lines = process.standardOutput.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            guard lines.count >= 2, lines[0] == "sent" else { throw TestFailure("caller: \(process.standardOutput)") }
            return (String(lines[1]), lines.count > 2 ? String(lines[2]) : "")
        }
    }

    @Test("an Open whose every URI is rejected gets a bounded error reply, and the door stays on the bus")
    func boundedErrorReply() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        // 1,024 URIs of 16,384 bytes, each an invalid value the rejection repeats: a reply that
        // repeated them whole would pass the daemon's 32 MiB message limit.
        let padding = 16_384 - "loadprobe://record//0".utf8.count - 4
        let (outcome, message) = try fixture.call(["--generate", "1024", "loadprobe://record/{pad}{i}/0", "\(padding)"])
        #expect(outcome == "error \(Self.errors).Rejected", "\(outcome)")
        let lines = message.split(separator: "\n")
        #expect(lines.count == 1024)
        #expect(lines.first?.hasPrefix("[1] loadprobe://record/ppp") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains("… (16381 bytes): rejected (invalid-parameter)") == true, "\(lines.first?.prefix(300) ?? "")")
        #expect(lines.allSatisfy { $0.utf8.count <= 1024 })
        #expect(message.utf8.count < 1_100_000)
        let after = try fixture.door.call("Open", ["['loadprobe://record/2/0']", "{}"])
        #expect(after.status == 0, "the door left the bus: \(after.error)")
        #expect(fixture.sandbox.deliveries().map(\.sender) == [2])
    }

    @Test("an Open with more URIs than the door takes is refused whole: LimitsExceeded, nothing delivered")
    func tooManyURIs() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let (outcome, message) = try fixture.call(["--generate", "1025", "loadprobe://record/1/{i}", "0"])
        #expect(outcome == "error org.freedesktop.DBus.Error.LimitsExceeded", "\(outcome)")
        #expect(message.contains("at most 1024 URIs per call; this one has 1025"), "\(message)")
        let after = try fixture.call(["--uri", "loadprobe://record/2/0"])
        #expect(after.outcome == "ok")
        #expect(fixture.sandbox.deliveries().map(\.sender) == [2], "none of the refused call's URIs was delivered")
    }

    @Test("the bus restarted under the primary: the door connects again and serves Open")
    func reconnects() throws {
        let sandbox = try ProbeSandbox()
        let bus = try SessionBus(root: sandbox.root, environment: sandbox.environment(), restartable: true)
        defer { bus.stop() }
        sandbox.extraEnvironment.append(bus.environmentEntry)
        let launch = try sandbox.spawn(["loadprobe://record/1/0"])
        #expect(try launch.wait() == 0, "\(launch.standardError)")
        try bus.restart()
        _ = try FileWatch.wait(for: launch.stderrPath) { $0.contains("connected to the session bus again") }
        let opened = try bus.call(Self.name, "Open", ["['loadprobe://record/1/1']", "{}"], environment: sandbox.environment())
        #expect(opened.status == 0, "\(opened.error)")
        #expect(sandbox.deliveries().map(\.sequence) == [0, 1])
    }

    @Test("an Open that passes the launch's buffer budget is refused whole (Busy), none of its URIs delivered")
    func budgetRefusesWholeCall() throws {
        let fixture = try Fixture()
        fixture.door.installService(environment: ["SCHEMEROUTER_MAX_BUFFERED_BYTES=65544"])
        let (outcome, message) = try fixture.call(["--generate", "200", "loadprobe://record/1/{i}", "0"])
        #expect(outcome == "error \(Self.errors).Busy", "\(outcome)")
        #expect(message.contains("none of them was delivered"), "\(message)")
        let fits = try fixture.call(["--generate", "10", "loadprobe://record/2/{i}", "0"])
        #expect(fits.outcome == "ok", "\(fits.message)")
        #expect(fixture.sandbox.deliveries().map(\.sender) == Array(repeating: 2, count: 10), "the refused call delivered nothing")
    }

    @Test("a running app's calls waiting for their turn count against the buffer budget: one that passes it is refused whole")
    func waitingCallsAreBudgeted() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch(environment: ["SCHEMEROUTER_MAX_BUFFERED_BYTES=65544", "LOADPROBE_SLOW_OPEN_MS=5"])
        // The first call is in progress (its URIs take their turns), so the second must wait.
        let first = try fixture.startCaller(["--generate", "400", "loadprobe://record/1/{i}", "0"])
        try fixture.sandbox.waitForLog { $0 == "1 0" }
        let (outcome, message) = try fixture.call(["--generate", "200", "loadprobe://record/2/{i}", "0"])
        #expect(outcome == "error \(Self.errors).Busy", "\(outcome): \(message)")
        #expect(message.contains("none of them was delivered"), "\(message)")
        #expect(try first.wait(timeout: .seconds(60)) == 0)
        #expect(first.standardOutput.contains("ok"), "\(first.standardOutput)")
        #expect(try fixture.call(["--generate", "200", "loadprobe://record/3/{i}", "0"]).outcome == "ok", "a call alone is not budgeted")
        #expect(!fixture.sandbox.deliveries().contains { $0.sender == 2 }, "the refused call delivered some of its URIs")
    }

    @Test("a caller that timed out and stayed connected: its URI is not delivered when the stopped primary resumes")
    func expiredCallNotDelivered() throws {
        let fixture = try Fixture()
        // The hook deadline (a user setting) leaves a 3 s call window: 25 s less 22 s.
        let pid = try fixture.sandbox.launch(environment: ["SCHEMEROUTER_HOOK_DEADLINE_MS=22000"])
        #expect(try fixture.call(["--uri", "loadprobe://record/1/0"]).outcome == "ok")
        kill(pid, SIGSTOP)
        let patient = try fixture.startCaller(["--uri", "loadprobe://record/2/0", "--timeout-ms", "4000", "--stay"])
        defer { kill(patient.pid, SIGTERM) }
        _ = try FileWatch.wait(for: patient.stdoutPath) { $0.contains("timeout") }
        kill(pid, SIGCONT)
        _ = try FileWatch.wait(for: fixture.sandbox.trace) { $0.contains("\"dropped\"") && $0.contains("D-Bus Open") }
        #expect(try fixture.call(["--uri", "loadprobe://record/3/0"]).outcome == "ok", "a call after the stop is served")
        #expect(fixture.sandbox.deliveries().map(\.sender) == [1, 3], "the timed-out call's URI was delivered")
    }

    @Test("a large Open does not hold the loop: a socket sender is served between its URIs")
    func socketServedDuringLargeCall() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch(environment: ["LOADPROBE_SLOW_OPEN_MS=5"])
        let large = try fixture.startCaller(["--generate", "1000", "loadprobe://record/1/{i}", "0"])
        try fixture.sandbox.waitForLog { $0 == "1 0" }
        let sender = try fixture.sandbox.run(["loadprobe://record/2/0"], environment: ["LOADPROBE_SLOW_OPEN_MS=5"])
        #expect(sender.status == 0, "\(sender.error)")
        #expect(try large.wait(timeout: .seconds(60)) == 0)
        #expect(large.standardOutput.contains("ok"), "\(large.standardOutput)")
        let deliveries = fixture.sandbox.deliveries()
        let socket = try #require(deliveries.firstIndex { $0.sender == 2 })
        let last = try #require(deliveries.lastIndex { $0.sender == 1 })
        #expect(socket < last, "the socket sender waited for all 1,000 URIs of the call")
        #expect(ProbeSandbox.audit(deliveries.filter { $0.sender == 1 }, senders: 1..<2, urls: 1000).isEmpty)
    }

    @Test("a sender that waited for other requests' hooks past its reply timeout: exit 13 says so, not 'stopped'")
    func unresponsiveMessageTellsTheCause() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch(environment: ["LOADPROBE_SLOW_OPEN_MS=4000"])
        let first = try fixture.sandbox.spawn(["loadprobe://record/1/0"])
        // willEnterForeground is traced when it returns: open (4 s) runs next.
        _ = try FileWatch.wait(for: fixture.sandbox.trace) { $0.contains("willEnterForeground") }
        let second = try fixture.sandbox.run(["loadprobe://record/2/0"], environment: ["SCHEMEROUTER_REPLY_TIMEOUT_MS=1500"])
        #expect(second.status == 13, "\(second.error)")
        #expect(second.error.contains("was running hooks for other requests"), "\(second.error)")
        #expect(!second.error.contains("it is stopped"), "\(second.error)")
        #expect(try first.wait() == 0)
        _ = try FileWatch.wait(for: fixture.sandbox.trace) { $0.contains("\"dropped\"") }
        #expect(fixture.sandbox.deliveries().map(\.sender) == [1], "the given-up URL was not delivered")
    }

    @Test("an activation token over 4,096 bytes is dropped with a warning on both doors; the URL is delivered")
    func oversizedTokenDropped() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let long = String(repeating: "t", count: 5000)
        let socket = try fixture.sandbox.run(["loadprobe://token/"], environment: ["XDG_ACTIVATION_TOKEN=\(long)"])
        #expect(socket.status == 0, "\(socket.error)")
        #expect(socket.error.contains("warning: ignoring XDG_ACTIVATION_TOKEN: its 5000 bytes"), "\(socket.error)")
        #expect(try fixture.call(["--uri", "loadprobe://token/", "--token-length", "5000"]).outcome == "ok")
        let largest = String(repeating: "t", count: 4096)
        #expect(try fixture.sandbox.run(["loadprobe://token/"], environment: ["XDG_ACTIVATION_TOKEN=\(largest)"]).status == 0)
        #expect(try fixture.call(["--uri", "loadprobe://token/", "--token-length", "4096"]).outcome == "ok")
        let tokens = fixture.sandbox.logLines().map { $0 == "token -" ? "none" : $0 == "token \(largest)" ? "4096 bytes" : "other" }
        #expect(tokens == ["none", "none", "4096 bytes", "4096 bytes"])
    }
}
