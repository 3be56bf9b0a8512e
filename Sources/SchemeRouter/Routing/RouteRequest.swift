/// A typed request an app reads from a matched route and can print back to a URL.
///
/// ```swift
/// struct AddTask: RouteRequest {
///     static let routeName = "add"
///     var task: String
///     init(parameters: RouteParameters) throws(RouteError) { task = try parameters.string("task") }
///     var routeParameters: RouteParameters { RouteParameters(["task": .string(task)]) }
/// }
///
/// let request = try registry.route(url).request(AddTask.self)   // the one way from a match
/// let url = try declaration.url(for: request)        // parse(print(r)) == r
/// ```
/// (`Docs/Manifests.md`, "Reading a URL", has one with an optional date and a keyword.)
public protocol RouteRequest: Sendable {
    /// The `name` of the route in the manifest this request belongs to.
    static var routeName: String { get }
    /// Reads the request from a route's bound parameters.
    /// - Throws: ``RouteError`` naming the parameter (and its byte offset in the URL).
    init(parameters: RouteParameters) throws(RouteError)
    /// The parameters to print the request back into a URL with.
    var routeParameters: RouteParameters { get }
}
