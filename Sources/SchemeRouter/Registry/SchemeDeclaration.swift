/// One app's validated declaration: its manifest, with every route compiled into one matcher.
///
/// Creating one checks what needs the whole manifest: no reserved scheme (``ReservedScheme``),
/// valid routes, no two routes that conflict or leave a route no URL can reach, and document
/// types that every file name fits at most one of.
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
    /// The routes compiled into tries and plans.
    let matcher: RouteMatcher
    /// The document types compiled for matching file names.
    let documents: DocumentTypeTable

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
        let compiler = RouteCompiler(file: manifest.file, declaration: manifest.name)
        var routes: [Route] = []
        for (index, definition) in manifest.routes.enumerated() {
            routes.append(try compiler.compile(definition, index: index, previous: routes))
        }
        self.manifest = manifest
        self.routes = routes
        self.matcher = try RouteMatcher(routes: routes, file: manifest.file)
        self.documents = try DocumentTypeTable(manifest)
    }

    /// Matches a URL of one of the declaration's schemes to a route and reads its parameters.
    /// - Throws: ``RouteError``: ``RouteError/unknownScheme(_:)`` for another scheme,
    ///   ``RouteError/noRoute(scheme:closestRoute:reason:)`` when no route's host and path fit,
    ///   or the precise fault of the first parameter that cannot be read, with its byte offset.
    public func match(_ url: SchemeURL) throws(RouteError) -> RouteMatch {
        try url.text.utf8.span.withUnsafeBufferPointer { bytes throws(RouteError) in
            let scheme = UnsafeBufferPointer(rebasing: bytes[url.layout.scheme])
            guard schemes.contains(where: { ByteText.equalsIgnoringASCIICase(scheme, $0.rawValue) }) else {
                throw .unknownScheme(url.scheme)
            }
            return try matcher.match(url, bytes: bytes)
        }
    }

    func reference(to keyPath: String) -> DeclarationReference {
        DeclarationReference(name: name.rawValue, file: file, keyPath: keyPath)
    }
}
