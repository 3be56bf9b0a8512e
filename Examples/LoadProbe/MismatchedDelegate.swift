import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterRuntime
import SchemeRouterSender

/// A request type that does not match the probe's manifest (it lacks `stall` and names
/// `archive`): `LOADPROBE_MISMATCHED_REQUEST=1` runs the probe with it, and the runtime must
/// refuse to start (exit 70) before serving anything.
enum MismatchedRequest: AppRequest {
    case record

    static let routeNames: Set<String> = ["record", "whoami", "throw", "trap", "archive"]

    init(match: RouteMatch) throws(RouteError) { self = .record }
}

/// A delegate opening ``MismatchedRequest``s; never created, as the runtime refuses to start.
@MainActor
final class MismatchedDelegate: ApplicationDelegate {
    func open(_ request: MismatchedRequest, options: OpenOptions) throws -> Bool { true }
}
