import Foundation
import SchemeRouter
import SchemeRouterFuzzing
import Testing

/// Finding files: one per signature, the input exactly recoverable, a reproduce command.
@Suite struct FindingTests {
    @Test func fileTextRoundTripsTheInput() {
        let input: [UInt8] = Array("fragile:/note/%25".utf8) + [0x00, 0xFF, 0x0A, UInt8(ascii: "\\")]
        let finding = FuzzFinding(
            failure: FuzzFailure(.crash, "SIGILL", message: "died\nbadly"), input: input, original: input + [1, 2],
            iteration: 12, minimisationTests: 40, file: "x", reproduce: "schemectl fuzz --replay x")
        let text = finding.fileText
        #expect(FindingFile.input(fromFileContents: Array(text.utf8)) == input)
        #expect(text.contains("reproduce: schemectl fuzz --replay x\n"))
        #expect(text.contains("input: fragile:/note/%25\\x00\\xff\\x0a\\\\\n"))
        #expect(text.contains("message: died badly\n"))
        #expect(text.split(separator: "\n").allSatisfy { !$0.isEmpty })
    }

    @Test func rawFilesAreTheirOwnInput() {
        let raw = Array("todolist:?a\n".utf8)
        #expect(FindingFile.input(fromFileContents: raw) == raw)
    }

    @Test func namesAreStablePerSignature() {
        let a = FuzzFailure(.roundTrip, "add:parameters", message: "one")
        let b = FuzzFailure(.roundTrip, "add:parameters", message: "another message")
        let c = FuzzFailure(.roundTrip, "add:route", message: "one")
        #expect(FindingFile.name(for: a) == FindingFile.name(for: b))
        #expect(FindingFile.name(for: a) != FindingFile.name(for: c))
        #expect(FindingFile.name(for: a).hasPrefix("round-trip-") && FindingFile.name(for: a).hasSuffix(".txt"))
        #expect(FindingFile.name(for: a).count == "round-trip-".count + 16 + 4)
    }

    @Test func shellQuoting() {
        #expect(FindingFile.shellQuoted(Array("a:b'c".utf8)) == "'a:b'\\''c'")
        #expect(FindingFile.shellQuoted([0x61, 0x3A, 0xFF, 0x27]) == "$'a:\\xff\\''")
    }

    /// A campaign with a planted bug finds it, minimises it to the planted bytes, writes one file
    /// per distinct failure and stops where asked.
    @Test func campaignFindsMinimisesAndWritesAPlantedBug() throws {
        let directory = TemporaryDirectory()
        let registry = try FuzzFixtures.registry(FuzzFixtures.kitchenSinkJSON)
        // The planted bug: any input holding an overlong encoding of '/'.
        let target = PlantedBugTarget(
            target: InProcessTarget(routes: RouteOracle(registry: registry), differentialInterval: 0), plant: Array("%C0%AF".utf8))
        var campaign = FuzzCampaign(
            configuration: FuzzConfiguration(
                seed: 11, limit: .iterations(200_000), findingsDirectory: directory.path, stopAfterFindings: 1),
            grammar: FuzzFixtures.grammar(registry), target: target,
            reproduceCommand: { file, _ in "schemectl fuzz --replay \(file ?? "")" })
        var announced: [FuzzFinding] = []
        let summary = campaign.run(observer: FuzzObserver(onFinding: { announced.append($0) }))
        #expect(summary.findings.count == 1)
        #expect(summary.stopReason == "stopped after 1 finding")
        #expect(summary.iterations < 200_000)
        let finding = try #require(summary.findings.first)
        #expect(announced == summary.findings)
        #expect(finding.input == Array("%C0%AF".utf8))
        #expect(finding.original.count >= 6)
        let file = try #require(finding.file)
        #expect(file == directory.path + "/" + FindingFile.name(for: finding.failure))
        #expect(FindingFile.input(fromFileContents: try FuzzFiles.read(file)) == Array("%C0%AF".utf8))
        #expect(finding.reproduce == "schemectl fuzz --replay \(file)")
        #expect(try FuzzFiles.files(in: directory.path) == [file])
    }

    @Test func summaryJSONHasTheRequiredFields() throws {
        var campaign = FuzzCampaign(
            configuration: FuzzConfiguration(seed: 18_446_744_073_709_551_615, limit: .iterations(500)),
            grammar: FuzzFixtures.grammar(try FuzzFixtures.registry(FuzzFixtures.todolistJSON)), target: InProcessTarget())
        // Any Encoder reads it (schemectl prints it with its own, in field order).
        let data = try JSONEncoder().encode(campaign.run())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["seed"] as? String == "18446744073709551615")
        #expect(object["iterations"] as? Int == 500)
        #expect(object["execsPerSecond"] is Double)
        #expect((object["findings"] as? [Any])?.isEmpty == true)
        #expect(object["stopReason"] is NSNull || object["stopReason"] is String)
    }
}

/// The one hex codec of finding files, `--replay-hex` and the escapes the mutators read.
@Suite struct HexTests {
    @Test func decodesEitherCaseAndRefusesTheRest() {
        #expect(Hex.decode("3aFf00".utf8) == [0x3A, 0xFF, 0x00])
        #expect(Hex.decode("".utf8) == [])
        #expect(Hex.decode("3".utf8) == nil)
        #expect(Hex.decode("3g".utf8) == nil)
        #expect(Hex.decode("3a ".utf8) == nil)
        #expect(Hex.digitValue(UInt8(ascii: "F")) == 15)
        #expect(Hex.digitValue(UInt8(ascii: "G")) == nil)
    }

    @Test func encodesLowerCaseAndReadsBack() {
        let bytes = (0...255).map(UInt8.init)
        let text = Hex.encode(bytes)
        #expect(text.hasPrefix("000102") && text.hasSuffix("fdfeff"))
        #expect(Hex.decode(text.utf8) == bytes)
    }
}
