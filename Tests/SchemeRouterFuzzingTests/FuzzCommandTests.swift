import SchemeRouterFuzzing
import SchemeRouterPlatform
import Testing

/// `schemectl fuzz` as a user runs it: the summary, `--json`, replay, exit statuses.
@Suite struct FuzzCommandTests {
    static let schemectl = FuzzFixtures.product("schemectl")
    static let schemes = FuzzFixtures.packageRoot + "/Schemes"

    static func run(_ arguments: [String], deadline: Duration = .seconds(120)) throws -> ChildProcess.Result {
        try ChildProcess.run(([schemectl, "fuzz"] + arguments).map { Array($0.utf8) }, deadline: deadline)
    }

    static func output(_ result: ChildProcess.Result) -> String { String(decoding: result.standardOutput, as: UTF8.self) }

    @Test func inProcessCampaignOnTodoListFindsNothing() throws {
        let findings = TemporaryDirectory()
        let result = try Self.run(["--schemes", Self.schemes, "--iterations", "30000", "--seed", "7", "--json", "--findings", findings.path])
        #expect(result.termination == .exited(0), "\(String(decoding: result.standardError, as: UTF8.self))")
        let lines = Self.output(result).split(separator: "\n")
        #expect(lines.count == 1)
        let json = String(lines.last ?? "")
        #expect(json.hasPrefix("{\"version\": 1, \"seed\": \"7\", \"iterations\": 30000, \"elapsedSeconds\": "))
        #expect(json.contains("\"execsPerSecond\": ") && json.contains("\"findings\": []") && json.contains("\"routes\": 4"))
        #expect(json.contains("\"differential\": {\"compared\": "))
        // The seed is announced on standard error when standard output is JSON.
        #expect(String(decoding: result.standardError, as: UTF8.self).contains("fuzz: seed 7 (replay with --seed 7)"))
    }

    @Test func humanSummary() throws {
        let findings = TemporaryDirectory()
        let result = try Self.run(["--schemes", Self.schemes, "--iterations", "2000", "--seed", "3", "--findings", findings.path])
        #expect(result.termination == .exited(0))
        let text = Self.output(result)
        #expect(text.hasPrefix("fuzz: seed 3 (replay with --seed 3), in-process, "))
        #expect(text.contains("fuzz: 2000 inputs in ") && text.contains("execs/s), seed 3, 4 routes"))
        #expect(text.contains("fuzz: no findings"))
    }

    /// The same seed replays: the tallies (everything but timings) are identical.
    @Test func sameSeedSameCampaign() throws {
        func tallies() throws -> Substring {
            let findings = TemporaryDirectory()
            let json = Self.output(try Self.run(["--schemes", Self.schemes, "--iterations", "5000", "--seed", "99", "--json", "--findings", findings.path]))
            // Everything after the timings.
            let fields = json.split(separator: ", \"findings\": ", maxSplits: 1)
            try #require(fields.count == 2)
            return fields[1]
        }
        #expect(try tallies() == tallies())
    }

    @Test(arguments: [
        ["--iterations", "5", "--duration", "1s"], ["--duration", "soon"], ["--timeout", "0s"], ["--exec", "/bin/true"],
        ["--iterations", "0"], ["--differential-every", "-1"], ["--bogus"],
    ])
    func usageErrors(arguments: [String]) throws {
        #expect(try Self.run(arguments).termination == .exited(64))
    }

    @Test func unreadableAndInvalidManifests() throws {
        let directory = TemporaryDirectory()
        #expect(try Self.run(["--schemes", directory.file("missing"), "--iterations", "10"]).termination == .exited(66))
        try FuzzFiles.write(Array("{\"CFBundleURLName\": 3}".utf8), to: directory.file("bad.json"))
        #expect(try Self.run(["--schemes", directory.path, "--iterations", "10"]).termination == .exited(65))
    }

    @Test func unwritableFindingsDirectory() throws {
        let directory = TemporaryDirectory()
        try FuzzFiles.write([1], to: directory.file("file"))
        let result = try Self.run(["--schemes", Self.schemes, "--iterations", "10", "--findings", directory.file("file") + "/sub"])
        #expect(result.termination == .exited(73))
    }

    @Test func replayOfPassingInputs() throws {
        let directory = TemporaryDirectory()
        try FuzzFiles.write(Array("todolist://x?Buy%20milk#today".utf8), to: directory.file("raw"))
        let result = try Self.run(["--schemes", Self.schemes, "--replay", directory.file("raw"), "--replay-hex", "3a"])
        #expect(result.termination == .exited(0))
        let text = Self.output(result)
        #expect(text.contains("\(directory.file("raw")): passes (routed: add)"))
        #expect(text.contains("--replay-hex: passes (rejected: invalid-scheme-start)"))
    }

    /// The continuation after a crash, given an input that does not crash again: the finding is
    /// written unminimised and says the failure did not repeat.
    @Test func pendingInputThatDoesNotRepeat() throws {
        let directory = TemporaryDirectory()
        try FuzzFiles.write(Array("todolist:?a".utf8), to: directory.file("pending-input"))
        let result = try Self.run([
            "--schemes", Self.schemes, "--findings", directory.path, "--minimise-pending", directory.file("pending-input"),
            "--pending-kind", "signal:4", "--pending-iteration", "12",
        ])
        #expect(result.termination == .exited(1))
        let file = directory.file(FindingFile.name(for: FuzzFailure(.crash, "SIGILL", message: "")))
        let text = String(decoding: try FuzzFiles.read(file), as: UTF8.self)
        #expect(text.contains("did not happen again when replayed on its own"))
        #expect(text.contains("iteration: 12\n"))
        #expect(FindingFile.input(fromFileContents: Array(text.utf8)) == Array("todolist:?a".utf8))
    }

    @Test func helpDocumentsExitStatuses() throws {
        let result = try ChildProcess.run([Array(Self.schemectl.utf8), Array("fuzz".utf8), Array("--help".utf8)], deadline: .seconds(30))
        let text = Self.output(result).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Exit status: 0 nothing found; 1 at least one finding"))
        #expect(text.contains("73 the findings directory could not be written"))
    }
}

/// The in-process crash and hang path end to end, through the test-only probe (Examples/FuzzProbe:
/// `schemectl fuzz` with planted traps and hangs, which the shipped `schemectl` does not have):
/// the watchdog saves the input, the process becomes the continuation, which minimises the input
/// in child processes and writes the finding.
@Suite struct InProcessCrashTests {
    static let probe = FuzzFixtures.product("FuzzProbe")

    static func run(_ environment: String, _ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(
            ([probe, "fuzz", "--schemes", FuzzCommandTests.schemes] + arguments).map { Array($0.utf8) },
            environment: ChildProcess.environment(overriding: [environment]), deadline: .seconds(300))
    }

    @Test func crashIsSavedMinimisedAndWritten() throws {
        let findings = TemporaryDirectory()
        let result = try Self.run(
            "FUZZ_PROBE_TRAP=%C0%AF", ["--iterations", "100000", "--seed", "1", "--json", "--findings", findings.path])
        #expect(result.termination == .exited(1))
        let json = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(json.contains("\"signature\": \"crash:SIGILL\""))
        #expect(json.contains("\"input\": \"%C0%AF\""))
        #expect(json.contains("probe trap"))
        let files = try FuzzFiles.files(in: findings.path)
        #expect(files.count == 1)
        #expect(FindingFile.input(fromFileContents: try FuzzFiles.read(files[0])) == Array("%C0%AF".utf8))
        // The reproduce command crashes the same way.
        let replay = try ChildProcess.run(
            [Self.probe, "fuzz", "--schemes", FuzzCommandTests.schemes, "--replay", files[0]].map { Array($0.utf8) },
            environment: ChildProcess.environment(overriding: ["FUZZ_PROBE_TRAP=%C0%AF", "SWIFT_BACKTRACE=enable=no"]),
            deadline: .seconds(60))
        #expect(replay.termination == .signalled(4))
        // The shipped schemectl has no planted fault: the same replay passes.
        let shipped = try ChildProcess.run(
            [FuzzCommandTests.schemectl, "fuzz", "--schemes", FuzzCommandTests.schemes, "--replay", files[0]].map { Array($0.utf8) },
            environment: ChildProcess.environment(overriding: ["FUZZ_PROBE_TRAP=%C0%AF", "SCHEMECTL_FUZZ_SELF_TEST_TRAP=%C0%AF"]),
            deadline: .seconds(60))
        #expect(shipped.termination == .exited(0))
    }

    @Test func hangIsSavedMinimisedAndWritten() throws {
        let findings = TemporaryDirectory()
        let result = try Self.run(
            "FUZZ_PROBE_HANG=%ED%A0%80",
            ["--iterations", "100000", "--seed", "1", "--timeout", "200ms", "--findings", findings.path])
        #expect(result.termination == .exited(1))
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(text.contains("ended the campaign (hang)"))
        #expect(text.contains("input (9 bytes): %ED%A0%80"))
        #expect(try FuzzFiles.files(in: findings.path).count == 1)
    }
}
