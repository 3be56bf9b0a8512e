import SchemeRouter

/// The default target: SchemeRouter's own parser, registry and routes, in the fuzzer's process.
///
/// For each input: the parser's oracles (``ParserOracle``), then, when a registry is given, the
/// route oracles (``RouteOracle``), and every `differentialInterval`-th input the differential
/// comparison with FoundationEssentials (``FoundationDifferential``). A crash or a hang cannot be
/// reported from here: ``InputWatchdog`` catches both (see Docs/Fuzzing.md).
public struct InProcessTarget: FuzzTarget {
    /// The parser's oracles.
    public var parser: ParserOracle
    /// The route oracles, when a registry is loaded.
    public var routes: RouteOracle?
    /// Compare with FoundationEssentials every this many inputs (0: never).
    public var differentialInterval: Int

    private var foundation = FoundationDifferential()
    private var executions = 0
    private var accepted = 0
    private var rejected = 0

    /// Creates the target.
    public init(parser: ParserOracle = ParserOracle(), routes: RouteOracle? = nil, differentialInterval: Int = 8) {
        self.parser = parser
        self.routes = routes
        self.differentialInterval = differentialInterval
    }

    /// Runs one input through the parser (and the routes) and their oracles.
    public mutating func execute(_ input: [UInt8]) -> FuzzExecution {
        executions &+= 1
        let (verdict, parserFailure) = parser.check(input)
        if differentialInterval > 0 && executions % differentialInterval == 0 {
            foundation.compare(input, verdict: verdict)
        }
        switch verdict {
        case .rejected(let rejection):
            rejected += 1
            return FuzzExecution(outcome: .init("rejected", rejection.code), failure: parserFailure)
        case .accepted(let url):
            accepted += 1
            if let parserFailure {
                return FuzzExecution(outcome: .init("accepted", ""), failure: parserFailure)
            } else if routes != nil {
                return routes!.check(url, input: input)
            } else {
                return FuzzExecution(outcome: .init("accepted", url.hostKind?.rawValue ?? "no-authority"))
            }
        }
    }

    /// Executions, accepted, rejected, then the route oracle's tallies.
    public var tallies: [(String, Int)] {
        var tallies = [("executions", executions), ("accepted", accepted), ("rejected", rejected)]
        if let routes { tallies += routes.tallies }
        return tallies
    }

    /// The differential comparison so far (nil when it is off).
    public var differential: DifferentialReport? { differentialInterval > 0 ? foundation.report : nil }
}
