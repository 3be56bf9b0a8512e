package import SchemeRouterPlatform
/// A crash or hang that ended an in-process campaign, minimised afterwards by replaying candidates
/// in child processes (nothing in the crashed process could be trusted to do it).
///
/// ``InputWatchdog`` saves the input and `execv`s `schemectl fuzz --minimise-pending FILE
/// --pending-kind KIND`; that process uses this type with a `replay` closure that runs one
/// candidate in a fresh `schemectl fuzz --replay-hex …` child and reports how it ended.
public struct CrashReplay {
    /// How the campaign's process ended.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// Killed by this signal.
        case signal(Int32)
        /// The input ran past its deadline.
        case hang

        /// Reads `hang` or `signal:N` (as the watchdog writes them).
        public init?(argument: String) {
            if argument == "hang" {
                self = .hang
            } else if argument.hasPrefix("signal:"), let number = Int32(argument.dropFirst(7)), number > 0 {
                self = .signal(number)
            } else {
                return nil
            }
        }

        /// `hang` or `signal:N`.
        public var description: String {
            switch self {
            case .hang: "hang"
            case .signal(let number): "signal:\(number)"
            }
        }

        /// Whether a replay that ended with `termination` shows the same failure.
        package func matches(_ termination: ChildProcess.Termination) -> Bool {
            switch (self, termination) {
            case (.signal(let expected), .signalled(let actual)): expected == actual
            case (.hang, .timedOut): true
            case (.hang, .exited(let status)): status == InputWatchdog.hangExitStatus
            default: false
            }
        }

        /// The failure this kind is.
        public func failure(detail: String) -> FuzzFailure {
            switch self {
            case .hang:
                FuzzFailure(.hang, "", message: "an input ran past its deadline" + (detail.isEmpty ? "" : ": \(detail)"))
            case .signal(let number):
                FuzzFailure(
                    .crash, ChildProcess.signalName(number),
                    message: "the target died by \(ChildProcess.signalName(number))" + (detail.isEmpty ? "" : ": \(detail)"))
            }
        }
    }

    /// What ended the campaign.
    public var kind: Kind
    /// Runs one candidate in a fresh process and says how it ended (`nil`: it could not be run).
    package var replay: ([UInt8]) -> ChildProcess.Result?

    /// Creates a replay.
    package init(kind: Kind, replay: @escaping ([UInt8]) -> ChildProcess.Result?) {
        self.kind = kind
        self.replay = replay
    }

    /// Confirms that `input` still fails, minimises it, and returns the finding (not yet written).
    /// When the input does not fail again (a flaky failure), the finding keeps it unminimised and says so.
    public func finding(for input: [UInt8], iteration: Int, budget: Int) -> FuzzFinding {
        guard let first = replay(input), kind.matches(first.termination) else {
            return FuzzFinding(
                failure: kind.failure(detail: "did not happen again when replayed on its own (flaky, or it needs earlier inputs)"),
                input: input, original: input, iteration: iteration, minimisationTests: 1)
        }
        let result = Minimiser(budget: budget).minimise(input) { candidate in
            guard let outcome = replay(candidate) else { return false }
            return kind.matches(outcome.termination)
        }
        let detail = replay(result.input).map { Self.lastErrorLine($0.standardError) } ?? ""
        return FuzzFinding(
            failure: kind.failure(detail: detail), input: result.input, original: input, iteration: iteration,
            minimisationTests: result.tests + 1)
    }

    /// The most telling line of a crashed program's standard error: Swift's `Fatal error: …` line
    /// when there is one, else the last non-empty line.
    public static func lastErrorLine(_ standardError: [UInt8]) -> String {
        let text = String(decoding: standardError, as: UTF8.self)
        let lines = text.split(separator: "\n").map { String($0) }.filter { !$0.trimmingSpaces.isEmpty }
        if let fatal = lines.last(where: { $0.contains("Fatal error") }) { return String(fatal.prefix(300)) }
        return String((lines.last ?? "").prefix(300))
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        self.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
}
