/// A fuzzing campaign: generates and mutates inputs, runs them through a target and its oracles,
/// keeps inputs with new outcomes as a corpus, and minimises and records every distinct failure.
///
/// ```swift
/// var campaign = FuzzCampaign(
///     configuration: FuzzConfiguration(seed: 42, limit: .iterations(100_000)),
///     grammar: RouteGrammar(declarations), target: InProcessTarget(routes: RouteOracle(registry: registry)))
/// let summary = campaign.run()
/// print(summary.humanText)
/// ```
public struct FuzzCampaign<Target: FuzzTarget> {
    /// How the campaign runs.
    public let configuration: FuzzConfiguration
    /// The target under attack.
    public private(set) var target: Target
    /// A one-line command reproducing a finding, given the finding file's path (or `nil` when the
    /// finding was not written to a file).
    public var reproduceCommand: (String?, [UInt8]) -> String
    /// Extra lines for a finding's file and summary, given its minimised input.
    public var notes: ([UInt8]) -> [String] = { _ in [] }

    private var grammar: RouteGrammar
    private let mutator: Mutator
    private var rng: SplitMix64
    private var corpus: [[UInt8]] = []
    private var outcomes: Set<FuzzExecution.Outcome> = []
    private var signatures: Set<String> = []
    private var findings: [FuzzFinding] = []
    private var problems: [String] = []

    /// Creates a campaign.
    public init(
        configuration: FuzzConfiguration, grammar: RouteGrammar, target: Target,
        reproduceCommand: @escaping (String?, [UInt8]) -> String = { _, _ in "" }
    ) {
        self.configuration = configuration
        self.grammar = grammar
        self.target = target
        self.reproduceCommand = reproduceCommand
        self.mutator = Mutator(maximumLength: configuration.maximumLength)
        self.rng = SplitMix64(seed: configuration.seed)
    }

    /// Runs the campaign to its limit and returns the summary. `observer` hears about progress
    /// (about four times a second) and every finding as it is recorded.
    public mutating func run(observer: FuzzObserver = FuzzObserver()) -> FuzzSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var lastProgress = start
        seedCorpus()

        var iterations = 0
        let limitIterations: Int
        var deadline: ContinuousClock.Instant? = nil
        switch configuration.limit {
        case .iterations(let count): limitIterations = count
        case .duration(let duration):
            limitIterations = Int.max
            deadline = start + duration
        }
        var stopReason: String? = nil

        while iterations < limitIterations {
            let input = nextInput()
            let execution = input.withUnsafeBufferPointer { buffer in
                InputWatchdog.begin(buffer)
                defer { InputWatchdog.end() }
                return target.execute(input)
            }
            if outcomes.insert(execution.outcome).inserted { remember(input) }
            if let failure = execution.failure, signatures.insert(failure.signature).inserted {
                let finding = record(failure, input: input, iteration: iterations)
                observer.onFinding(finding)
                if let stop = configuration.stopAfterFindings, findings.count >= stop {
                    iterations += 1
                    stopReason = "stopped after \(findings.count) finding\(findings.count == 1 ? "" : "s")"
                    break
                }
            }
            iterations += 1
            if iterations & 255 == 0 {
                let now = clock.now
                if let deadline, now >= deadline { break }
                if now - lastProgress >= .milliseconds(250) {
                    lastProgress = now
                    observer.onProgress(progress(iterations: iterations, elapsed: now - start))
                }
            }
        }
        let elapsed = clock.now - start
        return FuzzSummary(
            seed: configuration.seed, limit: configuration.limit, iterations: iterations, elapsed: elapsed,
            findings: findings, tallies: target.tallies, differential: target.differential,
            corpusSize: corpus.count, distinctOutcomes: outcomes.count, routeCount: grammar.routeCount,
            stopReason: stopReason, problems: problems)
    }

    private func progress(iterations: Int, elapsed: Duration) -> FuzzProgress {
        FuzzProgress(
            iterations: iterations, elapsed: elapsed, findings: findings.count, corpusSize: corpus.count, limit: configuration.limit)
    }

    /// The corpus starts with the given seeds and a few URLs generated for every route.
    private mutating func seedCorpus() {
        for input in configuration.seedInputs where corpus.count < configuration.corpusLimit { corpus.append(input) }
        for index in 0..<grammar.routeCount {
            for _ in 0..<4 { corpus.append(grammar.generate(route: index, rng: &rng)) }
        }
        if corpus.isEmpty { corpus.append(grammar.generic(rng: &rng)) }
    }

    private mutating func remember(_ input: [UInt8]) {
        if corpus.count < configuration.corpusLimit {
            corpus.append(input)
        } else {
            corpus[rng.below(corpus.count)] = input
        }
    }

    /// A fresh generated URL, or a generated or corpus input with a few mutations.
    private mutating func nextInput() -> [UInt8] {
        if rng.chance(configuration.generatedPercent) { return grammar.generate(rng: &rng) }
        var input = rng.chance(30) ? grammar.generate(rng: &rng) : rng.pick(corpus)
        let donor = rng.pick(corpus)
        mutator.mutate(&input, donor: donor, rng: &rng)
        return input
    }

    /// Minimises a failure, writes it, and returns the finding.
    private mutating func record(_ failure: FuzzFailure, input: [UInt8], iteration: Int) -> FuzzFinding {
        var minimised = input
        var tests = 0
        if configuration.minimise {
            var target = self.target
            let result = Minimiser(budget: configuration.minimisationBudget).minimise(input) { candidate in
                candidate.withUnsafeBufferPointer { buffer in
                    InputWatchdog.begin(buffer)
                    defer { InputWatchdog.end() }
                    return target.reproduces(failure.signature, on: candidate)
                }
            }
            minimised = result.input
            tests = result.tests
        }
        var finding = FuzzFinding(failure: failure, input: minimised, original: input, iteration: iteration, minimisationTests: tests)
        finding.notes = notes(minimised)
        if let directory = configuration.findingsDirectory {
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + FindingFile.name(for: failure)
            finding.file = path
            finding.reproduce = reproduceCommand(path, minimised)
            do {
                try FuzzFiles.makeDirectory(directory)
                try FuzzFiles.write(Array(finding.fileText.utf8), to: path)
            } catch {
                problems.append("could not write a finding: \(error)")
                finding.file = nil
            }
        } else {
            finding.reproduce = reproduceCommand(nil, minimised)
        }
        findings.append(finding)
        return finding
    }
}

/// Callbacks a campaign makes while it runs.
public struct FuzzObserver {
    /// Called about four times a second.
    public var onProgress: (FuzzProgress) -> Void
    /// Called for every distinct finding, after minimisation.
    public var onFinding: (FuzzFinding) -> Void

    /// Creates an observer; both callbacks default to doing nothing.
    public init(onProgress: @escaping (FuzzProgress) -> Void = { _ in }, onFinding: @escaping (FuzzFinding) -> Void = { _ in }) {
        self.onProgress = onProgress
        self.onFinding = onFinding
    }
}

/// A snapshot of a running campaign.
public struct FuzzProgress: Sendable, Hashable {
    /// Inputs run so far.
    public var iterations: Int
    /// Time since the start.
    public var elapsed: Duration
    /// Distinct findings so far.
    public var findings: Int
    /// Inputs in the corpus.
    public var corpusSize: Int
    /// The campaign's limit.
    public var limit: FuzzConfiguration.Limit

    /// Inputs per second so far.
    public var execsPerSecond: Double { FuzzSummary.rate(iterations, elapsed) }

    /// How far through its limit the campaign is, 0…1.
    public var fraction: Double {
        switch limit {
        case .iterations(let count): count > 0 ? min(1, Double(iterations) / Double(count)) : 1
        case .duration(let duration): min(1, FuzzSummary.seconds(elapsed) / max(FuzzSummary.seconds(duration), 1e-9))
        }
    }
}
