internal import SchemeRouterPlatform
public import SchemeRouter
import SchemeRouterSender
import SchemeRouterLifecycle

/// A real app under attack, through an ``AppDriver``: every input by cold launch, by wake, or
/// both, judged against what the app's manifest says.
///
/// Oracles: the app dies by a signal (``FuzzFailure/Oracle/crash``); no verdict within the
/// deadline, or the launch hooks overran theirs (``FuzzFailure/Oracle/hang``); an exit status the
/// runtime does not document (``FuzzFailure/Oracle/undocumentedExitStatus``); `handled` for an
/// input the manifest says must be rejected: it does not parse, or matches no route, or a
/// parameter is invalid (``FuzzFailure/Oracle/acceptedInvalid``). Declining a valid URL is the
/// app's right and not a failure.
///
/// Failures are told apart by what broke and by where the input lands in the manifest (its
/// route, or its rejection), not by how it was delivered: the same crash by launch and by wake
/// is one finding.
public struct OutOfProcessTarget: FuzzTarget {
    /// How inputs reach the app.
    public enum Delivery: String, Sendable, Hashable, CaseIterable {
        /// The URL as the app's argument, a fresh process each time.
        case launch
        /// Over the running instance's socket.
        case wake
    }

    /// The driver (shared by copies of the target, as the app is).
    public let driver: AppDriver
    /// What the manifest says about each input.
    public let registry: SchemeRegistry
    /// The deliveries each input gets, in order.
    public let deliveries: [Delivery]
    private var counts: [String: Int] = [:]

    /// Creates the target.
    public init(driver: AppDriver, registry: SchemeRegistry, deliveries: [Delivery]) {
        precondition(!deliveries.isEmpty, "an out-of-process target needs at least one delivery")
        self.driver = driver
        self.registry = registry
        self.deliveries = deliveries
    }

    /// The manifest's expectation for an input: the route it reaches, or why it must be rejected.
    public func expectation(_ input: [UInt8]) -> (mustReject: Bool, context: String) {
        let url: SchemeURL
        do { url = try SchemeURL(bytes: input) } catch { return (true, "rejected=\(error.code)") }
        do {
            return (false, "route=\(try registry.route(url).route.name)")
        } catch {
            return (true, "rejected=\(error.code)")
        }
    }

    /// Delivers one input every configured way and checks the oracles.
    public mutating func execute(_ input: [UInt8]) -> FuzzExecution {
        let (mustReject, context) = expectation(input)
        var outcome = FuzzExecution.Outcome("", "")
        for delivery in deliveries {
            let observation: AppDriver.Observation
            do {
                observation = delivery == .launch ? try driver.launch(input) : try driver.wake(input)
            } catch {
                counts["spawn-errors", default: 0] += 1
                return FuzzExecution(
                    outcome: .init("spawn-error", delivery.rawValue),
                    failure: FuzzFailure(.crash, "spawn", message: "the app could not be run: \(error)"))
            }
            counts[delivery.rawValue, default: 0] += 1
            outcome = .init(delivery.rawValue, Self.outcomeName(observation) + " " + context)
            if let failure = Self.judge(observation, delivery: delivery, mustReject: mustReject, context: context) {
                counts["failures", default: 0] += 1
                return FuzzExecution(outcome: outcome, failure: failure)
            }
            if case .verdict(let verdict) = observation { counts[verdict.name, default: 0] += 1 }
        }
        return FuzzExecution(outcome: outcome)
    }

    static func judge(_ observation: AppDriver.Observation, delivery: Delivery, mustReject: Bool, context: String) -> FuzzFailure? {
        let how = delivery == .launch ? "by cold launch" : "by wake"
        switch observation {
        case .crashed(let signal, let detail):
            return FuzzFailure(
                .crash, "\(ChildProcess.signalName(signal)):\(context)",
                message: "the app died by \(ChildProcess.signalName(signal)) on an input delivered \(how)\(detail.isEmpty ? "" : ": \(detail)")")
        case .hung:
            return FuzzFailure(.hang, context, message: "no verdict within the deadline for an input delivered \(how)")
        case .undocumentedExit(let status, let detail):
            return FuzzFailure(
                .undocumentedExitStatus, "\(status)",
                message: "the app exited with status \(status), which the runtime does not document, on an input delivered \(how)\(detail.isEmpty ? "" : ": \(detail)")")
        case .verdict(.launchTimedOut):
            return FuzzFailure(.hang, context, message: "the launch hooks overran the launch deadline on an input delivered \(how)")
        case .verdict(.hookTimedOut):
            return FuzzFailure(.hang, context, message: "a hook overran the hook deadline on an input delivered \(how)")
        case .verdict(.handled) where mustReject:
            return FuzzFailure(
                .acceptedInvalid, context, message: "the app handled an input delivered \(how) that its manifest rejects (\(context))")
        case .verdict, .undeliverable:
            return nil
        }
    }

    static func outcomeName(_ observation: AppDriver.Observation) -> String {
        switch observation {
        case .verdict(let verdict): verdict.name
        case .crashed: "crashed"
        case .hung: "hung"
        case .undocumentedExit: "undocumented-exit"
        case .undeliverable: "undeliverable"
        }
    }

    /// Deliveries by kind, verdicts by kind, failures.
    public var tallies: [(String, Int)] {
        let order = ["launch", "wake", "handled", "declined", "rejected", "open-failed", "launch-failed", "terminated", "protocol-error", "failures", "spawn-errors"]
        var result = order.compactMap { key in counts[key].map { (key, $0) } }
        result.append(("primary-starts", driver.primaryStarts))
        return result
    }
}
