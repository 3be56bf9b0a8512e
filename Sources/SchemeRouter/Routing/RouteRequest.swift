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
/// let request = try registry.route(url).request(AddTask.self)   // the one way from a match
/// let url = try declaration.url(for: request)        // parse(print(r)) == r
/// ```
public protocol RouteRequest: Sendable {
    /// The `name` of the route in the manifest this request belongs to.
    static var routeName: String { get }
    /// Reads the request from a route's bound parameters.
    /// - Throws: ``RouteError`` naming the parameter (and its byte offset in the URL).
    init(parameters: RouteParameters) throws(RouteError)
    /// The parameters to print the request back into a URL with.
    var routeParameters: RouteParameters { get }
}
