/// Routes an app's URLs and reads them as its ``AppRequest`` type: the one place the runtime
/// and `LifecycleController` (`SchemeRouterLifecycle`) turn a URL into what `open` receives.
///
/// ```swift
/// let router = try AppRouter(declaration, requestType: TodoRequest.self)   // checks the route names
/// let routed = try router.route(SchemeURL("todolist://?Buy%20milk#today"))
/// ```
public struct AppRouter: Sendable {
    /// The app's compiled manifest.
    public let declaration: SchemeDeclaration
    /// The request type URLs are read as.
    public let requestType: any AppRequest.Type
    private let read: @Sendable (RouteMatch) throws(RouteError) -> any AppRequest

    /// Ties a request type to a manifest.
    /// - Throws: ``RequestTypeMismatch`` when `requestType.routeNames` is not exactly the
    ///   manifest's route names.
    public init<Request: AppRequest>(_ declaration: SchemeDeclaration, requestType: Request.Type) throws(RequestTypeMismatch) {
        let declared = Set(declaration.routes.map(\.name))
        let named = Request.routeNames
        guard declared == named else {
            throw RequestTypeMismatch(
                requestType: String(describing: Request.self), file: declaration.file,
                uncovered: declared.subtracting(named).sorted(), unknown: named.subtracting(declared).sorted())
        }
        self.declaration = declaration
        self.requestType = Request.self
        self.read = { match throws(RouteError) in try Request(match: match) }
    }

    /// Matches `url` to a route and reads the app's request from it.
    /// - Throws: ``RouteError``: the URL's scheme is not the app's, no route matches (with the
    ///   reason and byte offset), or a value is invalid.
    public func route(_ url: SchemeURL) throws(RouteError) -> RoutedURL {
        let match = try declaration.match(url)
        return RoutedURL(url: url, routeName: match.route.name, request: try read(match))
    }

    /// Parses `text` strictly, then routes it (see ``route(_:)``).
    /// - Throws: ``RouteError/invalidURL(_:)`` for a text the parser rejects, else as ``route(_:)``.
    public func route(text: String) throws(RouteError) -> RoutedURL {
        let url: SchemeURL
        do throws(URLRejection) {
            url = try SchemeURL(text)
        } catch {
            throw .invalidURL(error)
        }
        return try route(url)
    }
}
