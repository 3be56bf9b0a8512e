import SchemeRouter
import Testing

@testable import SchemeRouterFuzzing

/// The differential against FoundationEssentials counts agreements, documented differences and
/// disagreements (by kind, with the shortest example).
@Suite struct DifferentialTests {
    static func compare(_ inputs: [String]) -> DifferentialReport {
        var differential = FoundationDifferential()
        var oracle = ParserOracle()
        for input in inputs {
            let bytes = Array(input.utf8)
            differential.compare(bytes, verdict: oracle.check(bytes).verdict)
        }
        return differential.report
    }

    @Test func agreementsAreSilent() {
        let report = Self.compare([
            "todolist://www.acme.com?Quarterly%20Report#200806231300", "a:b", "a://[::1]:80/x", "a b:", "a:%ZZ", "relative/path",
        ])
        #expect(report.compared == 6)
        #expect(report.disagreements == 0)
        #expect(report.documented == 0)
    }

    @Test func documentedDifferencesAreCountedApart() {
        let report = Self.compare(["a://h:99999"])
        #expect(report.documented == 1)
        #expect(report.disagreements == 0)
    }

    @Test func disagreementsAreGroupedWithTheShortestExample() {
        let report = Self.compare(["todolist://[v7]/long/path", "todolist://[v7]", "x://[v7]"])
        #expect(report.disagreements == 3)
        #expect(report.sortedKinds.count == 1)
        #expect(report.sortedKinds.first?.kind == "foundation accepts, SchemeRouter rejects (invalid-ip-literal)")
        #expect(report.sortedKinds.first?.example == "x://[v7]")
    }

    @Test func invalidUTF8IsNotCompared() {
        var differential = FoundationDifferential()
        var oracle = ParserOracle()
        let bytes: [UInt8] = Array("a:".utf8) + [0xFF]
        differential.compare(bytes, verdict: oracle.check(bytes).verdict)
        #expect(differential.report.compared == 0)
    }
}
