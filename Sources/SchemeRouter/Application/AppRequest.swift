/// An app's routes as one Swift type: what `ApplicationDelegate/open(_:options:)` (`SchemeRouterLifecycle`) receives.
///
/// Usually an enum with one case per route of the manifest, each carrying the route's typed
/// values (often a ``RouteRequest``):
///
/// ```swift
/// enum TodoRequest: AppRequest {
///     case add(AddTask)
///
///     static let routeNames: Set<String> = ["add"]
///
///     init(match: RouteMatch) throws(RouteError) {
///         self = .add(try match.request(AddTask.self))
///     }
/// }
/// ```
///
/// The runtime routes every URL and builds the request before any hook runs: a URL the parser
/// rejects, that matches no route, or whose values ``init(match:)`` refuses is answered
/// `rejected` with the reason, and `open` never sees it. ``routeNames`` must name exactly the
/// manifest's routes; ``AppRouter`` checks that when the app starts (and in a test).
public protocol AppRequest: Sendable {
    /// The `name` of every manifest route this type reads, no more and no fewer.
    static var routeNames: Set<String> { get }
    /// Reads the request from a URL matched to one of ``routeNames``.
    /// - Throws: ``RouteError`` naming the value (and its byte offset in the URL).
    init(match: RouteMatch) throws(RouteError)
}
