/// A URL matched to a route, with its parameters read as typed values.
///
/// ```swift
/// let match = try registry.route(SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300"))
/// match.route.name                       // "add"
/// try match.parameters.string("task")    // "Quarterly Report" (or match.string("task"))
/// try match.parameters.date("due")       // 2008-06-23T13:00:00
/// let request = try match.request(AddTask.self)
/// ```
public struct RouteMatch: Sendable, Hashable, CustomStringConvertible {
    /// The URL as received.
    public let url: SchemeURL
    /// The declaration (app) whose route matched.
    public let declaration: ReverseDNSName
    /// The route that matched.
    public let route: Route
    /// The typed values the route bound, each with the byte offset of its text in the URL.
    public let parameters: RouteParameters

    /// Creates a match.
    public init(url: SchemeURL, declaration: ReverseDNSName, route: Route, parameters: RouteParameters) {
        self.url = url
        self.declaration = declaration
        self.route = route
        self.parameters = parameters
    }

    /// Reads the match as the app's typed request.
    /// - Throws: ``RouteError/routeMismatch(expected:matched:)`` when the URL matched another route
    ///   than `Request.routeName`, or what the request's initializer throws.
    @inlinable  // specialized in the app for its request type: no generic dispatch per URL
    public func request<Request: RouteRequest>(_ type: Request.Type = Request.self) throws(RouteError) -> Request {
        guard route.name == Request.routeName else {
            throw .routeMismatch(expected: Request.routeName, matched: route.name)
        }
        return try Request(parameters: parameters)
    }

    /// `com.acme.todolist add {due: 2008-06-23T13:00:00, task: "Quarterly Report"}`.
    public var description: String { "\(declaration) \(route.name) \(parameters)" }
}

/// The getters of ``parameters``, on the match itself.
extension RouteMatch: ParameterReader {
    public subscript(name: String) -> ParameterValue? { parameters[name] }
    public func offset(of name: String) -> Int? { parameters.offset(of: name) }
    public func strings(_ name: String) throws(RouteError) -> [String] { try parameters.strings(name) }
    public func integers(_ name: String) throws(RouteError) -> [Int] { try parameters.integers(name) }
}
