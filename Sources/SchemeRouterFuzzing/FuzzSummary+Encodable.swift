/// `schemectl fuzz --json`: the summary as an `Encodable` value, `version` (1) first, then the
/// fields Docs/Fuzzing.md lists, in that order; a missing `differential` or `stopReason` is `null`.
extension FuzzSummary: Encodable {
    /// A field name; tallies use their own names as keys.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(_ name: String) { stringValue = name }
    }

    /// The format's version.
    public static let jsonVersion = 1

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.jsonVersion, forKey: Key("version"))
        try container.encode(String(seed), forKey: Key("seed"))
        try container.encode(iterations, forKey: Key("iterations"))
        try container.encode(Self.seconds(elapsed), forKey: Key("elapsedSeconds"))
        try container.encode(execsPerSecond, forKey: Key("execsPerSecond"))
        try container.encode(findings.map(FindingJSON.init), forKey: Key("findings"))
        try container.encode(routeCount, forKey: Key("routes"))
        try container.encode(corpusSize, forKey: Key("corpus"))
        try container.encode(distinctOutcomes, forKey: Key("outcomes"))
        try container.encode(TalliesJSON(tallies: tallies), forKey: Key("tallies"))
        try container.encode(differential.map(DifferentialJSON.init), forKey: Key("differential"))
        try container.encode(stopReason, forKey: Key("stopReason"))
        try container.encode(problems, forKey: Key("problems"))
    }

    struct FindingJSON: Encodable {
        let oracle: String
        let signature: String
        let message: String
        let input: String
        let inputHex: String
        let originalLength: Int
        let iteration: Int
        let file: String?
        let reproduce: String
        let notes: [String]

        init(_ finding: FuzzFinding) {
            oracle = finding.failure.oracle.rawValue
            signature = finding.failure.signature
            message = finding.failure.message
            input = finding.printableInput
            inputHex = Hex.encode(finding.input)
            originalLength = finding.original.count
            iteration = finding.iteration
            file = finding.file
            reproduce = finding.reproduce
            notes = finding.notes
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(oracle, forKey: Key("oracle"))
            try container.encode(signature, forKey: Key("signature"))
            try container.encode(message, forKey: Key("message"))
            try container.encode(input, forKey: Key("input"))
            try container.encode(inputHex, forKey: Key("inputHex"))
            try container.encode(originalLength, forKey: Key("originalLength"))
            try container.encode(iteration, forKey: Key("iteration"))
            try container.encode(file, forKey: Key("file"))
            try container.encode(reproduce, forKey: Key("reproduce"))
            try container.encode(notes, forKey: Key("notes"))
        }
    }

    struct TalliesJSON: Encodable {
        let tallies: [(String, Int)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (name, count) in tallies { try container.encode(count, forKey: Key(name)) }
        }
    }

    struct DifferentialJSON: Encodable {
        struct KindJSON: Encodable {
            let kind: String
            let count: Int
            let example: String
        }

        let compared: Int
        let documented: Int
        let disagreements: Int
        let kinds: [KindJSON]

        init(_ report: DifferentialReport) {
            compared = report.compared
            documented = report.documented
            disagreements = report.disagreements
            kinds = report.sortedKinds.map { KindJSON(kind: $0.kind, count: $0.count, example: $0.example) }
        }
    }
}
