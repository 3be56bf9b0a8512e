/// A request that prints back to a URL of its route, so `parse(print(r)) == r`: a ``RouteRequest``,
/// or an app's request type generated from its manifest.
///
/// ```swift
/// let url = try declaration.url(for: request)   // the route's scheme, host, path, query and fragment
/// ```
public protocol PrintableRequest: Sendable {
    /// The `name` of the route in the manifest this request belongs to.
    var routeName: String { get }
    /// The parameters to print the request back into a URL with.
    var routeParameters: RouteParameters { get }
    /// The file's URL when the request is a document (``DocumentRequest/url``): it prints as that
    /// URL, not through a route. `nil` (the default) for every other request.
    var documentURL: SchemeURL? { get }
}

extension PrintableRequest {
    /// `nil`: the request is read from a route's URL, not a file.
    public var documentURL: SchemeURL? { nil }
}

/// A typed request of one route, read from a match and printed back to a URL: the core's way to
/// read a route's values by name, without the runtime (an app's request type is generated from
/// its manifest instead: ``AppRequest``).
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
public protocol RouteRequest: PrintableRequest {
    /// The `name` of the route in the manifest this request belongs to.
    static var routeName: String { get }
    /// Reads the request from a route's bound parameters.
    /// - Throws: ``RouteError`` naming the parameter (and its byte offset in the URL).
    init(parameters: RouteParameters) throws(RouteError)
}

extension RouteRequest {
    /// ``routeName-swift.type.property``, the route of every request of this type.
    public var routeName: String { Self.routeName }
}
