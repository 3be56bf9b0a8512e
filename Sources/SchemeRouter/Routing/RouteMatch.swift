/// A URL matched to a route, with its parameters read as typed values: `match.route.name`,
/// `try match.string("task")` (the same as `match.parameters.string("task")`) or
/// `try match.request(AddTask.self)` (`Docs/Manifests.md`, "Reading a URL", shows them in use).
public struct RouteMatch: Sendable, Hashable, CustomStringConvertible {
    /// The typed values the route bound, each with the byte offset of its text in the URL.
    public let parameters: RouteParameters

    /// The URL as received.
    public var url: SchemeURL { parameters.storage.head.pointee.url! }
    /// The declaration (app) whose route matched.
    public var declaration: ReverseDNSName {
        let head = parameters.storage.head
        return head.pointee.declaration ?? head.pointee.route!.plan.declaration
    }
    /// The route that matched.
    public var route: Route { parameters.storage.head.pointee.route! }

    /// Creates a match.
    public init(url: SchemeURL, declaration: ReverseDNSName, route: Route, parameters: RouteParameters) {
        self.init(url: url, route: route, bound: RouteParameters(parameters.storage.copy(for: route)))
        self.parameters.storage.head.pointee.declaration = declaration
    }

    /// A match of values the binder just bound, kept in their storage (one reference to copy).
    init(url: SchemeURL, route: Route, bound: RouteParameters) {
        let head = bound.storage.head
        head.pointee.url = url
        head.pointee.route = route
        parameters = bound
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

    /// Equal when the URLs, declarations, routes and values are.
    public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
        lhs.url == rhs.url && lhs.declaration == rhs.declaration && lhs.route == rhs.route && lhs.parameters == rhs.parameters
    }

    /// Hashes the URL, declaration, route and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(declaration)
        hasher.combine(route)
        hasher.combine(parameters)
    }
}

/// The getters of ``parameters``, on the match itself.
extension RouteMatch: ParameterReader {
    public subscript(name: String) -> ParameterValue? { parameters[name] }
    public func offset(of name: String) -> Int? { parameters.offset(of: name) }
    public func strings(_ name: String) throws(RouteError) -> [String] { try parameters.strings(name) }
    public func integers(_ name: String) throws(RouteError) -> [Int] { try parameters.integers(name) }
}
