/// An oracle's verdict that an input broke a rule: what broke, and a signature that says which
/// failures are the same bug.
///
/// Two failures with the same ``signature`` are one finding: the campaign keeps the first and
/// minimisation keeps an input only while it fails with the same signature.
public struct FuzzFailure: Sendable, Hashable, CustomStringConvertible {
    /// The rule that was broken.
    public enum Oracle: String, Sendable, Hashable, CaseIterable {
        /// The process died by a signal (in-process: the fuzzer itself; out-of-process: the app).
        case crash
        /// An input ran past its deadline.
        case hang
        /// An accepted URL's components do not put back together into the input, byte for byte.
        case reserialisation = "reserialisation"
        /// A rejection's (or decoding error's) byte offset lies outside the input, or not on the byte it names.
        case rejectionOffset = "rejection-offset"
        /// A route error's byte offset lies outside the input.
        case routeErrorOffset = "route-error-offset"
        /// A matched request printed back to a URL does not route to the same typed request, or prints differently.
        case roundTrip = "round-trip"
        /// Printing refused a request that routing had just produced (other than an honest `unprintable-parameter`).
        case printing
        /// The app exited with a status its runtime does not document.
        case undocumentedExitStatus = "undocumented-exit-status"
        /// The app reported success for an input the manifest says must be rejected.
        case acceptedInvalid = "accepted-invalid"
    }

    /// The rule that was broken.
    public var oracle: Oracle
    /// What makes this failure distinct, e.g. `round-trip:add:parameters` or `crash:SIGILL:route=stats`.
    public var signature: String
    /// A sentence for people: what was expected and what happened.
    public var message: String

    /// Creates a failure; the signature is prefixed with the oracle's name.
    public init(_ oracle: Oracle, _ distinction: String, message: String) {
        self.oracle = oracle
        self.signature = distinction.isEmpty ? oracle.rawValue : "\(oracle.rawValue):\(distinction)"
        self.message = message
    }

    /// `signature: message`.
    public var description: String { "\(signature): \(message)" }
}

/// What one input did to a target: an outcome class (for corpus feedback) and, when an oracle
/// objected, the failure.
public struct FuzzExecution: Sendable {
    /// A small key for what happened (`rejected/space`, `no-route`, `routed/add`…): inputs with a new
    /// outcome join the corpus, a cheap stand-in for coverage.
    public var outcome: Outcome
    /// The failure, when an oracle objected.
    public var failure: FuzzFailure?

    /// Creates an execution record.
    public init(outcome: Outcome, failure: FuzzFailure? = nil) {
        self.outcome = outcome
        self.failure = failure
    }

    /// What happened, coarsely.
    public struct Outcome: Sendable, Hashable {
        /// `parsed`, `rejected`, `route-error`, `routed`, `exit`…
        public var stage: String
        /// The rejection or error code, route name or exit status.
        public var detail: String

        /// Creates an outcome.
        public init(_ stage: String, _ detail: String) {
            self.stage = stage
            self.detail = detail
        }
    }
}

/// Something the fuzzer attacks, one input at a time.
public protocol FuzzTarget {
    /// Runs one input through the target and every oracle.
    mutating func execute(_ input: [UInt8]) -> FuzzExecution
    /// Tallies for the summary (accepted, rejected, routed…), in a stable order.
    var tallies: [(String, Int)] { get }
    /// The differential comparison so far, when the target runs one.
    var differential: DifferentialReport? { get }
}

extension FuzzTarget {
    /// No differential by default.
    public var differential: DifferentialReport? { nil }

    /// Whether `input` still fails with the same signature (the minimiser's test).
    public mutating func reproduces(_ signature: String, on input: [UInt8]) -> Bool {
        execute(input).failure?.signature == signature
    }
}
