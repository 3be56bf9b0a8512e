public import SchemeRouter

/// How a campaign runs: its seed, how long, and what it does with findings.
public struct FuzzConfiguration: Sendable {
    /// When a campaign stops.
    public enum Limit: Sendable, Hashable, CustomStringConvertible {
        /// After this many inputs.
        case iterations(Int)
        /// After this much time (checked every 256 inputs).
        case duration(Duration)

        /// `100000 iterations` or `60 s`.
        public var description: String {
            switch self {
            case .iterations(let count): "\(count) iterations"
            case .duration(let duration): "\(duration.components.seconds) s"
            }
        }
    }

    /// The seed of every random choice; the same seed gives the same inputs in the same order.
    public var seed: UInt64
    /// When to stop.
    public var limit: Limit
    /// The parser's maximum length (huge inputs are generated just past it).
    public var maximumLength: Int
    /// Whether findings are minimised before they are reported.
    public var minimise: Bool
    /// The most tests one minimisation may run.
    public var minimisationBudget: Int
    /// Where findings are written (one file each); `nil` writes nothing.
    public var findingsDirectory: String?
    /// Stop after this many distinct findings (`nil`: run to the limit).
    public var stopAfterFindings: Int?
    /// Inputs to start the corpus with (conformance strings, earlier findings…), besides generated ones.
    public var seedInputs: [[UInt8]]
    /// The most inputs the corpus keeps.
    public var corpusLimit: Int
    /// Percent of inputs that are freshly generated and not mutated (valid URLs that reach deep).
    public var generatedPercent: Int

    /// Creates a configuration.
    public init(
        seed: UInt64, limit: Limit, maximumLength: Int = URLParser.defaultMaximumLength, minimise: Bool = true,
        minimisationBudget: Int = 5000, findingsDirectory: String? = nil, stopAfterFindings: Int? = nil,
        seedInputs: [[UInt8]] = [], corpusLimit: Int = 4096, generatedPercent: Int = 20
    ) {
        self.seed = seed
        self.limit = limit
        self.maximumLength = maximumLength
        self.minimise = minimise
        self.minimisationBudget = minimisationBudget
        self.findingsDirectory = findingsDirectory
        self.stopAfterFindings = stopAfterFindings
        self.seedInputs = seedInputs
        self.corpusLimit = corpusLimit
        self.generatedPercent = generatedPercent
    }
}
