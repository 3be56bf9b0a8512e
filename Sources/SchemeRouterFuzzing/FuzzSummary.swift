internal import SchemeRouter

/// What a campaign did: how many inputs, how fast, what it found, and the differential's questions.
public struct FuzzSummary: Sendable {
    /// The campaign's seed (replay with `--seed`).
    public var seed: UInt64
    /// The campaign's limit.
    public var limit: FuzzConfiguration.Limit
    /// Inputs run (minimisation's tests not included).
    public var iterations: Int
    /// Wall-clock time, minimisation included.
    public var elapsed: Duration
    /// Distinct findings, in the order found.
    public var findings: [FuzzFinding]
    /// The target's tallies (accepted, rejected, routed…).
    public var tallies: [(String, Int)]
    /// The differential comparison, when the target ran one.
    public var differential: DifferentialReport?
    /// Inputs in the corpus at the end.
    public var corpusSize: Int
    /// Distinct outcomes seen.
    public var distinctOutcomes: Int
    /// Routes the grammar generated for.
    public var routeCount: Int
    /// Why the campaign stopped before its limit, if it did.
    public var stopReason: String?
    /// Things that went wrong around the campaign (a finding that could not be written…).
    public var problems: [String]

    /// Creates a summary.
    public init(
        seed: UInt64, limit: FuzzConfiguration.Limit, iterations: Int, elapsed: Duration, findings: [FuzzFinding],
        tallies: [(String, Int)], differential: DifferentialReport?, corpusSize: Int, distinctOutcomes: Int, routeCount: Int,
        stopReason: String? = nil, problems: [String] = []
    ) {
        self.seed = seed
        self.limit = limit
        self.iterations = iterations
        self.elapsed = elapsed
        self.findings = findings
        self.tallies = tallies
        self.differential = differential
        self.corpusSize = corpusSize
        self.distinctOutcomes = distinctOutcomes
        self.routeCount = routeCount
        self.stopReason = stopReason
        self.problems = problems
    }

    /// Inputs per second.
    public var execsPerSecond: Double { Self.rate(iterations, elapsed) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func rate(_ count: Int, _ elapsed: Duration) -> Double {
        let seconds = seconds(elapsed)
        return seconds > 0 ? Double(count) / seconds : 0
    }

    /// The summary for people, several lines.
    public var humanText: String {
        var lines: [String] = []
        let seconds = Self.seconds(elapsed)
        let routes = "\(routeCount) route\(routeCount == 1 ? "" : "s")"
        if elapsed == .zero && tallies.isEmpty {
            lines.append("fuzz: \(iterations) inputs, seed \(seed), \(routes)")
        } else {
            lines.append(
                "fuzz: \(iterations) inputs in \(Self.format(seconds, digits: 2)) s (\(Self.format(execsPerSecond, digits: 0)) execs/s), seed \(seed), \(routes)"
            )
        }
        if let stopReason { lines.append("fuzz: \(stopReason)") }
        if !tallies.isEmpty {
            lines.append("fuzz: " + tallies.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ", corpus \(corpusSize), outcomes \(distinctOutcomes)")
        }
        if let differential {
            lines.append(
                "fuzz: differential against FoundationEssentials: \(differential.compared) compared, \(differential.documented) documented differences, \(differential.disagreements) disagreements to look at"
            )
            for kind in differential.sortedKinds {
                lines.append("  \(kind.count)× \(kind.kind), e.g. \(FuzzFinding.printable(Array(kind.example.utf8)))")
            }
        }
        for problem in problems { lines.append("fuzz: problem: \(problem)") }
        if findings.isEmpty {
            lines.append("fuzz: no findings")
        } else {
            lines.append("fuzz: \(findings.count) finding\(findings.count == 1 ? "" : "s"):")
            for finding in findings {
                lines.append("  \(finding.failure.signature): \(finding.failure.message)")
                lines.append("    input (\(finding.input.count) bytes): \(finding.printableInput)")
                if let file = finding.file { lines.append("    file: \(file)") }
                if !finding.reproduce.isEmpty { lines.append("    reproduce: \(finding.reproduce)") }
                for note in finding.notes { lines.append("    note: \(note)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `value` with `digits` decimals, without Foundation.
    static func format(_ value: Double, digits: Int) -> String {
        JSONValue.fixed(value, decimals: digits)
    }
}
