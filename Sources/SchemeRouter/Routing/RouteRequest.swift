/// A typed request an app reads from a matched route and can print back to a URL.
///
/// ```swift
/// struct AddTask: RouteRequest, Equatable {
///     static let routeName = "add"
///     var task: String
///     var due: CivilDateTime?
///     var dueToday: Bool
///
///     init(task: String, due: CivilDateTime?, dueToday: Bool = false) { … }
///
///     init(parameters: RouteParameters) throws(RouteError) {
///         task = try parameters.string("task")
///         dueToday = parameters.keyword("due") == "today"
///         due = dueToday ? nil : try parameters.optionalDate("due")
///     }
///
///     var routeParameters: RouteParameters {
///         var parameters = RouteParameters()
///         parameters.set("task", task)
///         parameters["due"] = dueToday ? .keyword("today") : due.map(ParameterValue.date)
///         return parameters
///     }
/// }
///
/// let request = try registry.route(url).request(AddTask.self)
/// let url = try declaration.url(for: request)        // parse(print(r)) == r
/// ```
public protocol RouteRequest: Sendable {
    /// The `name` of the route in the manifest this request belongs to.
    static var routeName: String { get }
    /// Reads the request from a route's bound parameters.
    /// - Throws: ``RouteError`` naming the parameter (and its byte offset in the URL).
    init(parameters: RouteParameters) throws(RouteError)
    /// Reads the request from a URL's values in place, inside ``SchemeRegistry/withRoute(_:_:)``.
    /// The default reads an owned copy with ``init(parameters:)``; implement it (usually with one
    /// `init(reading:)` generic over ``ParameterReader`` that both call) so that only the values
    /// the request keeps are copied.
    /// - Throws: ``RouteError`` naming the parameter (and its byte offset in the URL).
    init(values: borrowing RouteValues) throws(RouteError)
    /// The parameters to print the request back into a URL with.
    var routeParameters: RouteParameters { get }
}

extension RouteRequest {
    /// Reads an owned copy of the values with ``init(parameters:)``.
    public init(values: borrowing RouteValues) throws(RouteError) {
        try self.init(parameters: values.parameters)
    }
}
