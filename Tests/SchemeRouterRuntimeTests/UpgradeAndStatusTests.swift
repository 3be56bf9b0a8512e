import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// A primary whose executable was replaced on disk, and a stopped primary, as the desktop's
/// senders (`schemectl open`, `schemectl status`) see them (real processes).
@Suite("Replaced executables and unresponsive primaries seen by schemectl (real processes)")
struct UpgradeAndStatusTests {
    /// A sandbox whose app runs from a private copy of load-probe, registered for its scheme.
    static func registeredCopy() throws -> (ProbeSandbox, String, String) {
        let sandbox = try ProbeSandbox(environment: [
            "SCHEMEROUTER_RECEIPT_TIMEOUT_MS=300",
        ])
        let bin = sandbox.root + "/bin"
        mkdir(bin, 0o755)
        let copy = bin + "/load-probe"
        #expect(try ChildProcess("/bin/cp", [sandbox.probe, copy].map { Array($0.utf8) }, environment: [], outputPrefix: sandbox.root + "/cp").wait() == 0)
        let manifest = try sandbox.run(["--manifest"])
        TestFiles.write(sandbox.root + "/probe.json", manifest.output)
        let environment = sandbox.environment(["XDG_DATA_HOME=\(sandbox.root)/data", "XDG_CONFIG_HOME=\(sandbox.root)/config"])
        let register = try ChildProcess(
            try Executables.path("schemectl"), ["register", sandbox.root + "/probe.json", "--exec", copy].map { Array($0.utf8) },
            environment: environment, outputPrefix: sandbox.root + "/register")
        #expect(try register.wait() == 0, "\(register.standardError)")
        return (sandbox, copy, sandbox.root + "/data")
    }

    static func schemectl(_ sandbox: ProbeSandbox, _ arguments: [String], name: String) throws -> ChildProcess {
        let environment = sandbox.environment(["XDG_DATA_HOME=\(sandbox.root)/data", "XDG_CONFIG_HOME=\(sandbox.root)/config"])
        let process = try ChildProcess(
            try Executables.path("schemectl"), arguments.map { Array($0.utf8) }, environment: environment,
            outputPrefix: sandbox.root + "/" + name)
        _ = try process.wait(timeout: .seconds(30))
        return process
    }

    @Test("after the app's executable is replaced, a sender says the primary runs the old one, the trace says so, and status warns with the fix")
    func replacedExecutable() throws {
        let (sandbox, copy, _) = try Self.registeredCopy()
        let launch = try ChildProcess(copy, [Array("--background".utf8)], environment: sandbox.environment(), outputPrefix: sandbox.root + "/launch")
        #expect(try launch.wait() == 0, "\(launch.standardError)")
        let pid = try #require(sandbox.primaryPID)
        // An upgrade: the new file is renamed over the old one.
        #expect(try ChildProcess("/bin/cp", [sandbox.probe, copy + ".new"].map { Array($0.utf8) }, environment: [], outputPrefix: sandbox.root + "/cp2").wait() == 0)
        #expect(rename(copy + ".new", copy) == 0)
        let sender = try ChildProcess(copy, [Array("loadprobe://record/1/0".utf8)], environment: sandbox.environment(), outputPrefix: sandbox.root + "/sender")
        #expect(try sender.wait() == 0, "\(sender.standardError)")
        #expect(sender.standardError.contains("runs a replaced executable"))
        #expect(sender.standardError.contains("(pid \(pid))"))
        #expect(TestFiles.read(sandbox.trace).contains("\"event\": \"replaced-executable\""))
        let status = try Self.schemectl(sandbox, ["status", ProbeSandbox.bundleName], name: "status")
        #expect(status.standardOutput.contains("runs a replaced executable"), "\(status.standardOutput)")
        #expect(status.standardOutput.contains("schemectl lifecycle \(ProbeSandbox.bundleName) terminate"))
    }

    @Test("a stopped primary: schemectl open exits 13 and the URL is not delivered after SIGCONT; schemectl status reports it unresponsive with the fix")
    func stoppedPrimary() throws {
        let (sandbox, copy, _) = try Self.registeredCopy()
        let launch = try ChildProcess(copy, [Array("--background".utf8)], environment: sandbox.environment(), outputPrefix: sandbox.root + "/launch")
        #expect(try launch.wait() == 0, "\(launch.standardError)")
        let pid = try #require(sandbox.primaryPID)
        kill(pid, SIGSTOP)
        let open = try Self.schemectl(sandbox, ["open", "loadprobe://record/2/0"], name: "open")
        let status = try Self.schemectl(sandbox, ["status", ProbeSandbox.bundleName], name: "status")
        kill(pid, SIGCONT)
        #expect(try open.wait() == 13, "\(open.standardOutput)\(open.standardError)")
        #expect(open.standardOutput.contains("unresponsive"))
        #expect(try status.wait() == 1)
        #expect(status.standardOutput.contains("does not read its socket"), "\(status.standardOutput)")
        #expect(status.standardOutput.contains("kill -CONT \(pid)"))
        // Both requests (the URL and status's state query) are dropped when it resumes.
        try FileWatch.wait(for: sandbox.trace) { $0.split(separator: "\n").filter { $0.contains("\"event\": \"dropped\"") }.count == 2 }
        #expect(sandbox.deliveries().isEmpty)
    }
}
