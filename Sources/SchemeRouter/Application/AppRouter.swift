/// Routes an app's URLs and reads them as its ``AppRequest`` type: the one place the runtime
/// and `LifecycleController` (`SchemeRouterLifecycle`) turn a URL into what `open` receives, and
/// where a request prints back to a URL.
///
/// ```swift
/// let router = AppRouter(for: TodolistRequest.self)   // compiles the type's embedded manifest
/// let routed = try router.route(SchemeURL("todolist://?Buy%20milk#today"))
/// let url = try router.url(for: TodolistRequest.add(task: "Buy milk", due: .today))
/// ```
public struct AppRouter: Sendable {
    /// The app's compiled manifest.
    public let declaration: SchemeDeclaration
    /// The request type URLs are read as.
    public let requestType: any AppRequest.Type
    private let read: @Sendable (RouteMatch) throws(RouteError) -> any AppRequest
    private let readDocument: @Sendable (DocumentRequest) throws(RouteError) -> any AppRequest

    /// Compiles the manifest `requestType` carries.
    /// - Precondition: the manifest is valid and names the bundle it says it does. The generator
    ///   refuses to build an app whose manifest is not; test a request type written by hand with
    ///   `SchemeRouterTestKit`'s `RequestTypeCheck`.
    public init<Request: AppRequest>(for requestType: Request.Type) {
        let declaration: SchemeDeclaration
        do throws(ManifestError) {
            declaration = try Request.manifest.declaration()
        } catch {
            preconditionFailure("\(Request.self).manifest is invalid: \(error)")
        }
        self.init(declaration, requestType: Request.self)
    }

    /// A router over `declaration`, already compiled from `Request.manifest` (the runtime reads
    /// the manifest once).
    package init<Request: AppRequest>(_ declaration: SchemeDeclaration, requestType: Request.Type) {
        precondition(
            declaration.name.rawValue == Request.manifest.bundleName,
            "\(Request.self).manifest says it is \(Request.manifest.bundleName), but its JSON names \(declaration.name)")
        self.declaration = declaration
        self.requestType = Request.self
        self.read = { match throws(RouteError) in try Request(match: match) }
        self.readDocument = { document throws(RouteError) in try Request(document: document) }
    }

    /// Matches `url` to a route and reads the app's request from it; a `file:` URL is matched to
    /// a document type by its name instead (``SchemeDeclaration/document(at:resolvedPath:)``; the
    /// runtime checks the file itself first, ``route(document:)``).
    /// - Throws: ``RouteError``: the URL's scheme is not the app's, no route matches (with the
    ///   reason and byte offset), a value is invalid, or a file is of no declared type.
    public func route(_ url: SchemeURL) throws(RouteError) -> RoutedURL {
        if FileURL.isFileURL(url) { return try route(document: declaration.document(at: url)) }
        let match = try declaration.match(url)
        return RoutedURL(url: url, routeName: match.route.name, request: try read(match))
    }

    /// Reads the app's request for a document (its `.document` case); its route name is the
    /// document type's name.
    public func route(document: DocumentRequest) throws(RouteError) -> RoutedURL {
        RoutedURL(url: document.url, routeName: document.typeName, request: try readDocument(document))
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

    /// Prints `request` as a URL of the app's first scheme that routes back to it.
    /// - Throws: ``RouteError/unknownRoute(_:)`` or ``RouteError/unprintableParameter(route:name:reason:)``.
    public func url(for request: some PrintableRequest) throws(RouteError) -> SchemeURL {
        try declaration.url(for: request)
    }
}
