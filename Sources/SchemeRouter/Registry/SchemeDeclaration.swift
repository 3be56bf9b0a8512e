/// One app's validated declaration: its manifest, with every route compiled into one matcher.
///
/// Creating a declaration checks what needs the whole manifest: no reserved scheme
/// (``ReservedScheme``), every route valid on its own, and no two routes that conflict or that
/// leave a route no URL can reach. Errors name the file and the key path.
///
/// ```swift
/// let declaration = try SchemeDeclaration(manifest)
/// let match = try declaration.match(SchemeURL("todolist://www.acme.com?Quarterly%20Report"))
/// let url = try declaration.url(for: AddTask(task: "Buy milk", due: nil))
/// ```
public struct SchemeDeclaration: Sendable {
    /// The manifest as read.
    public let manifest: Manifest
    /// The compiled routes, in manifest order.
    public let routes: [Route]
    let table: RouteTable

    /// The app's `CFBundleURLName`.
    public var name: ReverseDNSName { manifest.name }
    /// The schemes the app owns, lower-cased.
    public var schemes: [SchemeName] { manifest.schemes }
    /// The manifest's file.
    public var file: String { manifest.file }

    /// Validates a manifest and compiles its routes.
    /// - Throws: ``ManifestError`` for a reserved scheme, an invalid route, or routes that
    ///   conflict or shadow one another.
    public init(_ manifest: Manifest) throws(ManifestError) {
        for (index, scheme) in manifest.schemes.enumerated() {
            if let reservation = scheme.reservation {
                throw .reservedScheme(
                    file: manifest.file, keyPath: "CFBundleURLSchemes[\(index)]", scheme: scheme.rawValue,
                    reservation: reservation)
            }
        }
        let compiler = RouteCompiler(file: manifest.file)
        var routes: [Route] = []
        for (index, definition) in manifest.routes.enumerated() {
            routes.append(try compiler.compile(definition, index: index, previous: routes))
        }
        self.manifest = manifest
        self.routes = routes
        self.table = try RouteTable(routes: routes, file: manifest.file)
    }

    /// Whether the declaration owns `scheme` (compared case-insensitively).
    public func claims(_ scheme: String) -> Bool {
        let lower = scheme.lowercased()
        return schemes.contains { $0.rawValue == lower }
    }

    /// Matches a URL of one of the declaration's schemes to a route and reads its parameters.
    /// - Throws: ``RouteError``: ``RouteError/unknownScheme(_:)`` for another scheme,
    ///   ``RouteError/noRoute(scheme:closestRoute:reason:)`` when no route's host and path fit,
    ///   or the precise fault of the first parameter that cannot be read, with its byte offset.
    public func match(_ url: SchemeURL) throws(RouteError) -> RouteMatch {
        let scheme = url.scheme
        guard claims(scheme) else { throw .unknownScheme(scheme) }
        if routes.isEmpty { throw .noRoute(scheme: scheme, closestRoute: nil, reason: .noRoutes) }
        let host = url.host.map { $0.raw.lowercased() }
        guard let trie = table.trie(forHost: host) else {
            throw .noRoute(scheme: scheme, closestRoute: nil, reason: .hostNotServed(host: host, served: table.servedHosts))
        }
        let segments = url.pathSegments
        let decoded = segments.map { try? $0.decoded(.text) }
        var miss = RouteTable.Miss()
        guard let index = table.select(in: trie, segments: segments, decoded: decoded, pathEnd: url.layout.path.upperBound, miss: &miss)
        else {
            if let (name, position, fault) = miss.parameterFault {
                let part = segments[position]
                throw .invalidParameter(name: name, value: String(part.raw), offset: part.offset, fault: fault)
            }
            throw .noRoute(scheme: scheme, closestRoute: miss.closest.map { routes[$0].name }, reason: miss.reason)
        }
        let route = routes[index]
        let parameters = try RouteBinder(route: route, url: url, segments: segments, decoded: decoded).bind()
        return RouteMatch(url: url, declaration: name, route: route, parameters: parameters)
    }
}
