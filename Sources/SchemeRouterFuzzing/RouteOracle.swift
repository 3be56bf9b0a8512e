public import SchemeRouter

/// The route oracles, over a registry: every route error's offset lies inside the input (or at its
/// end, where a missing part would have stood), and every matched request prints back to a URL that
/// routes to the same route with the same typed values and prints again to the same text.
///
/// Printing may honestly refuse a value (`RouteError/unprintableParameter(route:name:reason:)`
/// naming a parameter): that is counted as `unprintable`, not reported. Printing that refuses
/// because its own URL does not read back is a round-trip failure.
public struct RouteOracle: Sendable {
    /// The registry under test.
    public let registry: SchemeRegistry
    /// Route every this-many-th printed URL again here, independently of the check printing does
    /// itself (`SchemeDeclaration/url(route:parameters:)` already re-matches what it prints and
    /// refuses a URL that reads back differently, which this oracle reports as a round-trip failure).
    public var rerouteInterval: Int
    /// Print every this-many-th request read back a second time, to check printing is stable.
    public var reprintInterval: Int
    private var routed = 0
    private var routeErrors = 0
    private var printed = 0
    private var unprintable = 0

    /// Creates the oracle over `registry`.
    public init(registry: SchemeRegistry, rerouteInterval: Int = 4, reprintInterval: Int = 8) {
        self.registry = registry
        self.rerouteInterval = max(1, rerouteInterval)
        self.reprintInterval = max(1, reprintInterval)
    }

    /// Routes an accepted URL and checks the route oracles.
    public mutating func check(_ url: SchemeURL, input: [UInt8]) -> FuzzExecution {
        let match: RouteMatch
        do {
            match = try registry.route(url)
        } catch {
            routeErrors += 1
            let outcome: FuzzExecution.Outcome
            switch error {
            case .invalidParameter(let name, _, _, let fault): outcome = .init("route-error", "\(name):\(fault.code)")
            case .missingParameter(let name, _, _, _): outcome = .init("route-error", "missing:\(name)")
            default: outcome = .init("route-error", error.code)
            }
            if let offset = error.offset, !(0...input.count).contains(offset) {
                return FuzzExecution(
                    outcome: outcome,
                    failure: FuzzFailure(
                        .routeErrorOffset, error.code,
                        message: "route error '\(error.code)' at byte \(offset) lies outside the \(input.count)-byte input: \(error)"))
            }
            return FuzzExecution(outcome: outcome)
        }
        routed += 1
        let outcome = FuzzExecution.Outcome("routed", match.route.name)
        return FuzzExecution(outcome: outcome, failure: roundTrip(match))
    }

    /// route → print → route → print: the same route, the same values, the same text.
    mutating func roundTrip(_ match: RouteMatch) -> FuzzFailure? {
        guard let declaration = registry.declaration(claiming: match.url.scheme) else {
            return FuzzFailure(.roundTrip, "declaration", message: "the registry routed \(match.url) but no declaration claims its scheme")
        }
        let route = match.route.name
        let first: SchemeURL
        do {
            first = try declaration.url(route: route, parameters: match.parameters)
        } catch {
            if case .unprintableParameter(_, let name, _) = error, !name.isEmpty {
                unprintable += 1
                return nil
            }
            let distinction = "\(route):print"
            if case .unprintableParameter = error {
                return FuzzFailure(.roundTrip, distinction, message: "route '\(route)' matched \(match.parameters) but printing it fails: \(error)")
            }
            return FuzzFailure(.printing, "\(route):\(error.code)", message: "printing route '\(route)' with \(match.parameters) fails: \(error)")
        }
        printed += 1
        guard printed % rerouteInterval == 0 else { return nil }
        let again: RouteMatch
        do {
            again = try registry.route(first)
        } catch {
            return FuzzFailure(
                .roundTrip, "\(route):reroute:\(error.code)", message: "the printed URL \(first) does not route: \(error)")
        }
        guard again.route.name == route else {
            return FuzzFailure(
                .roundTrip, "\(route):route", message: "the printed URL \(first) routes to '\(again.route.name)', not '\(route)'")
        }
        guard again.parameters == match.parameters else {
            return FuzzFailure(
                .roundTrip, "\(route):parameters",
                message: "the printed URL \(first) reads back as \(again.parameters), not \(match.parameters)")
        }
        guard printed % (rerouteInterval * reprintInterval) == 0 else { return nil }
        do {
            let second = try declaration.url(route: route, parameters: again.parameters)
            guard second.text == first.text else {
                return FuzzFailure(
                    .roundTrip, "\(route):reprint", message: "printing the same request twice gives \(first) and then \(second)")
            }
        } catch {
            return FuzzFailure(.roundTrip, "\(route):reprint", message: "the request read back from \(first) does not print: \(error)")
        }
        return nil
    }

    /// routed, route errors, printed, unprintable.
    public var tallies: [(String, Int)] {
        [("routed", routed), ("route-errors", routeErrors), ("printed", printed), ("unprintable", unprintable)]
    }
}
