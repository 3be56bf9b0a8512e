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
    /// The same routes compiled for the fast path.
    let fast: FastMatcher

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
        self.fast = FastMatcher(name: manifest.name, routes: routes, table: table)
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
        try url.text.utf8.span.withUnsafeBufferPointer { bytes throws(RouteError) in try match(url, bytes: bytes) }
    }

    /// Matching over the URL's bytes: see ``match(_:)``.
    func match(_ url: SchemeURL, bytes: UnsafeBufferPointer<UInt8>) throws(RouteError) -> RouteMatch {
        let scheme = UnsafeBufferPointer(rebasing: bytes[url.layout.scheme])
        guard schemes.contains(where: { ByteText.equalsIgnoringASCIICase(scheme, $0.rawValue) }) else {
            throw .unknownScheme(url.scheme)
        }
        if let match = fast.match(url, bytes: bytes) { return match }
        return try preciseMatch(url, bytes: bytes)
    }

    /// The precise path of matching: the same result as the fast path where that one matches,
    /// and the first fault in URL order, with its offset, where it does not.
    func preciseMatch(_ url: SchemeURL, bytes: UnsafeBufferPointer<UInt8>) throws(RouteError) -> RouteMatch {
        let layout = url.layout
        if routes.isEmpty { throw .noRoute(scheme: url.scheme, closestRoute: nil, reason: .noRoutes) }
        guard let trie = table.trie(forHost: layout.host.map { UnsafeBufferPointer(rebasing: bytes[$0]) }) else {
            let host = url.host.map { $0.raw.lowercased() }
            throw .noRoute(scheme: url.scheme, closestRoute: nil, reason: .hostNotServed(host: host, served: table.servedHosts))
        }

        // The path's segments: one leading '/' dropped, the rest split at '/', empty ones kept.
        var pathStart = layout.path.lowerBound
        if pathStart < layout.path.upperBound && bytes[pathStart] == UInt8(ascii: "/") { pathStart += 1 }
        var count = 0
        if pathStart < layout.path.upperBound {
            count = 1
            for index in pathStart..<layout.path.upperBound where bytes[index] == UInt8(ascii: "/") { count += 1 }
        }
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { scratch in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: count) { segments in
                withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>?.self, capacity: count) { decoded in
                    var start = pathStart
                    for index in 0..<count {
                        var end = start
                        while end < layout.path.upperBound && bytes[end] != UInt8(ascii: "/") { end += 1 }
                        segments.initializeElement(at: index, to: start..<end)
                        decoded.initializeElement(at: index, to: try? PercentDecoding.text.decode(bytes, start..<end, scratch: scratch))
                        start = end + 1
                    }
                    let path = RouteTable.PathView(segments: UnsafeBufferPointer(segments), decoded: UnsafeBufferPointer(decoded))
                    return Result { () throws(RouteError) in
                        try select(url, bytes: bytes, trie: trie, path: path, scratch: scratch)
                    }
                }
            }
        }
        return try result.get()
    }

    private func select(
        _ url: SchemeURL, bytes: UnsafeBufferPointer<UInt8>, trie: RouteTable.Trie, path: RouteTable.PathView,
        scratch: UnsafeMutableBufferPointer<UInt8>
    ) throws(RouteError) -> RouteMatch {
        var miss = RouteTable.Miss()
        guard let index = table.select(in: trie, path: path, miss: &miss) else {
            if let (name, position, fault) = miss.parameterFault {
                let range = path.segments[position]
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                throw .invalidParameter(name: name, value: text, offset: range.lowerBound, fault: fault)
            }
            let reason = table.reason(miss, in: trie, path: path, bytes: bytes, pathEnd: url.layout.path.upperBound)
            throw .noRoute(scheme: url.scheme, closestRoute: miss.closest.map { routes[$0].name }, reason: reason)
        }
        let route = routes[index]
        let parameters = try RouteBinder(plan: route.plan, bytes: bytes, layout: url.layout, path: path, scratch: scratch).bind()
        return RouteMatch(url: url, declaration: name, route: route, parameters: parameters)
    }
}
