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

    /// The summary as one line of JSON (see Docs/Fuzzing.md for the fields).
    public var jsonText: String {
        var fields: [(String, FuzzJSON)] = [
            ("seed", .string(String(seed))),
            ("iterations", .int(iterations)),
            ("elapsedSeconds", .double(Self.seconds(elapsed))),
            ("execsPerSecond", .double(execsPerSecond)),
            ("findings", .array(findings.map(Self.json))),
            ("routes", .int(routeCount)),
            ("corpus", .int(corpusSize)),
            ("outcomes", .int(distinctOutcomes)),
            ("tallies", .object(tallies.map { ($0.0, .int($0.1)) })),
        ]
        if let differential {
            fields.append((
                "differential",
                .object([
                    ("compared", .int(differential.compared)),
                    ("documented", .int(differential.documented)),
                    ("disagreements", .int(differential.disagreements)),
                    ("kinds", .array(differential.sortedKinds.map { .object([("kind", .string($0.kind)), ("count", .int($0.count)), ("example", .string($0.example))]) })),
                ])
            ))
        }
        fields.append(("stopReason", stopReason.map(FuzzJSON.string) ?? .null))
        fields.append(("problems", .array(problems.map(FuzzJSON.string))))
        return FuzzJSON.object(fields).text
    }

    static func json(_ finding: FuzzFinding) -> FuzzJSON {
        .object([
            ("oracle", .string(finding.failure.oracle.rawValue)),
            ("signature", .string(finding.failure.signature)),
            ("message", .string(finding.failure.message)),
            ("input", .string(finding.printableInput)),
            ("inputHex", .string(finding.input.map(FuzzFinding.hex).joined())),
            ("originalLength", .int(finding.original.count)),
            ("iteration", .int(finding.iteration)),
            ("file", finding.file.map(FuzzJSON.string) ?? .null),
            ("reproduce", .string(finding.reproduce)),
            ("notes", .array(finding.notes.map(FuzzJSON.string))),
        ])
    }

    /// `value` with `digits` decimals, without Foundation.
    static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard digits > 0 else { return String(Int(scaled)) }
        let whole = Int(scaled / scale)
        let fraction = Int(abs(scaled) - abs(Double(whole)) * scale)
        let fractionText = String(fraction)
        return "\(whole).\(String(repeating: "0", count: max(0, digits - fractionText.count)))\(fractionText)"
    }
}

/// A minimal JSON writer that keeps keys in the order given.
public enum FuzzJSON: Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([FuzzJSON])
    /// An object, keys in order.
    case object([(String, FuzzJSON)])

    /// Compact JSON text.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .string(let text): Self.writeString(text, to: &out)
        case .int(let number): out += String(number)
        case .double(let number): out += number.isFinite ? FuzzSummary.format(number, digits: 3) : "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { out += ", " }
                Self.writeString(key, to: &out)
                out += ": "
                value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
