import SchemeRouterFuzzing
import SchemeRouterPlatform
import Testing

/// `schemectl fuzz` as a user runs it: the summary, `--json`, replay, exit statuses.
@Suite struct FuzzCommandTests {
    static let schemectl = FuzzFixtures.product("schemectl")
    /// Every example's manifest: `Examples/*/Schemes/*.json` (16 routes).
    static let schemes = FuzzFixtures.packageRoot + "/Examples"

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
        #expect(json.contains("\"execsPerSecond\": ") && json.contains("\"findings\": []") && json.contains("\"routes\": 16"))
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
        #expect(text.contains("fuzz: 2000 inputs in ") && text.contains("execs/s), seed 3, 16 routes"))
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

/// The in-process crash and hang path end to end, through FuzzProbe (Examples/FuzzProbe: built,
/// not a product): SchemeRouter's own target with a planted trap or hang, run by the fuzzing
/// library's campaign under its watchdog. The watchdog saves the input, the process becomes the
/// continuation, which minimises the input in child processes and writes the finding; the shipped
/// `schemectl` replays the finding file and passes (it has no planted fault).
@Suite struct InProcessCrashTests {
    static let probe = FuzzFixtures.product("FuzzProbe")
    /// A directory of manifests, as FuzzProbe reads one (its `*.json`, not the ones below it).
    static let schemes = FuzzFixtures.packageRoot + "/Examples/TodoList/Schemes"

    /// A campaign of up to 100,000 inputs (seed 1) with a fault planted by `environment`.
    static func campaign(_ environment: String, timeoutMilliseconds: Int, findings: TemporaryDirectory) throws -> ChildProcess.Result {
        try ChildProcess.run(
            [probe, "campaign", Self.schemes, findings.path, String(timeoutMilliseconds), "1", "100000"].map { Array($0.utf8) },
            environment: ChildProcess.environment(overriding: [environment, "SWIFT_BACKTRACE=enable=no"]), deadline: .seconds(300))
    }

    /// The one finding file the campaign wrote, as text.
    static func finding(in findings: TemporaryDirectory) throws -> (file: String, text: String) {
        let files = try FuzzFiles.files(in: findings.path)
        #expect(files.count == 1, "\(files)")
        let file = try #require(files.first, "no finding was written")
        return (file, String(decoding: try FuzzFiles.read(file), as: UTF8.self))
    }

    @Test func crashIsSavedMinimisedAndWritten() throws {
        let findings = TemporaryDirectory()
        let result = try Self.campaign("FUZZ_PROBE_TRAP=%C0%AF", timeoutMilliseconds: 1000, findings: findings)
        #expect(result.termination == .exited(1), "\(String(decoding: result.standardError, as: UTF8.self))")
        #expect(String(decoding: result.standardError, as: UTF8.self).contains("an input crashed the target"))
        let (file, text) = try Self.finding(in: findings)
        #expect(text.contains("signature: crash:SIGILL\n"), "\(text)")
        #expect(text.contains("Fatal error: probe trap"), "\(text)")
        let input = FindingFile.input(fromFileContents: Array(text.utf8))
        #expect(input == Array("%C0%AF".utf8), "not minimised to the planted bytes: \(FuzzFinding.printable(input))")
        // The minimised input crashes the probe the same way on its own.
        let replay = try ChildProcess.run(
            [Self.probe, "replay", Self.schemes, "1000", Hex.encode(input)].map { Array($0.utf8) },
            environment: ChildProcess.environment(overriding: ["FUZZ_PROBE_TRAP=%C0%AF", "SWIFT_BACKTRACE=enable=no"]),
            deadline: .seconds(60))
        #expect(replay.termination == .signalled(4))
        // The shipped schemectl reads the finding file and has no planted fault: the replay passes.
        let shipped = try ChildProcess.run(
            [FuzzCommandTests.schemectl, "fuzz", "--schemes", Self.schemes, "--replay", file].map { Array($0.utf8) },
            environment: ChildProcess.environment(overriding: ["FUZZ_PROBE_TRAP=%C0%AF"]), deadline: .seconds(60))
        #expect(shipped.termination == .exited(0))
        #expect(String(decoding: shipped.standardOutput, as: UTF8.self).contains("\(file): passes"))
    }

    @Test func hangIsSavedMinimisedAndWritten() throws {
        let findings = TemporaryDirectory()
        let result = try Self.campaign("FUZZ_PROBE_HANG=%ED%A0%80", timeoutMilliseconds: 200, findings: findings)
        #expect(result.termination == .exited(1), "\(String(decoding: result.standardError, as: UTF8.self))")
        #expect(String(decoding: result.standardError, as: UTF8.self).contains("an input ran past the 0.2 s deadline"))
        let (_, text) = try Self.finding(in: findings)
        #expect(text.contains("signature: hang\n"), "\(text)")
        let input = FindingFile.input(fromFileContents: Array(text.utf8))
        #expect(input == Array("%ED%A0%80".utf8), "not minimised to the planted bytes: \(FuzzFinding.printable(input))")
    }
}
