/// The compiled matcher of one declaration: a trie of path segments per host, built once at
/// registration, so selecting a route costs one dictionary lookup per path segment however many
/// routes there are.
///
/// Selection looks at the host and the path only (the query and fragment then bind parameters
/// or fail precisely). At each segment it tries, in this order, the literal child equal to the
/// percent-decoded segment, then the parameter child (any non-empty segment that is not `.` or
/// `..`), then a catch-all (the remaining segments); when a branch fails further down it backs
/// up and tries the next. The order is fixed, so the same URL always selects the same route.
///
/// Routes that name a host are looked up in that host's trie, which also holds every route
/// without a host (a route naming the host wins over one without on the same path). Routes
/// without a host serve every other host and URLs without one.
struct RouteTable: Sendable {
    struct Node: Sendable {
        var literals = LiteralTable()
        var parameter: ParameterEdge?
        var catchAll: CatchAllEdge?
        /// The route that ends here.
        var route: Int?
        /// The lowest route index at or below this node, for "closest route" in errors.
        var firstRoute: Int
    }

    struct ParameterEdge: Sendable {
        let name: String
        let child: Int
        /// The route that created the edge, for conflict messages.
        let owner: Int
    }

    struct CatchAllEdge: Sendable {
        let name: String
        let route: Int
    }

    /// One trie: nodes in an array, the root at index 0.
    struct Trie: Sendable {
        var nodes: [Node] = [Node(firstRoute: Int.max)]
        var isEmpty: Bool { nodes.count == 1 && nodes[0].route == nil && nodes[0].catchAll == nil }
    }

    private(set) var anyHost = Trie()
    private(set) var hosts: [String: Trie] = [:]
    /// The hosts' tries, sorted by host, for lookups by bytes.
    private(set) var hostList: [(String, Trie)] = []

    /// Builds the table, rejecting routes that conflict or that no URL can reach.
    init(routes: [Route], file: String) throws(ManifestError) {
        func conflict(_ route: Route, _ other: Int, _ reason: String) -> ManifestError {
            .conflictingRoutes(
                file: file, keyPath: Self.keyPath(route.index, "path"),
                route: RouteReference(index: route.index, name: route.name),
                other: RouteReference(index: other, name: routes[other].name), reason: reason)
        }
        // Routes with a host, each host's own first, then the host-less ones (which lose ties there).
        for route in routes where route.host == nil {
            try Self.insert(route, into: &anyHost, yieldingTies: false, routes: routes, conflict: conflict)
        }
        for host in Set(routes.compactMap(\.host)).sorted() {
            var trie = Trie()
            for route in routes where route.host == host {
                try Self.insert(route, into: &trie, yieldingTies: false, routes: routes, conflict: conflict)
            }
            for route in routes where route.host == nil {
                try Self.insert(route, into: &trie, yieldingTies: true, routes: routes, conflict: conflict)
            }
            hosts[host] = trie
            hostList.append((host, trie))
        }
        for route in routes {
            let trie = route.host.map { hosts[$0]! } ?? anyHost
            if let (shadow, reason) = Self.shadowing(of: route, in: trie, routes: routes) {
                throw .unreachableRoute(
                    file: file, keyPath: Self.keyPath(route.index, "path"),
                    route: RouteReference(index: route.index, name: route.name), reason: reason,
                    shadowedBy: RouteReference(index: shadow, name: routes[shadow].name))
            }
        }
    }

    static func keyPath(_ index: Int, _ key: String) -> String {
        ManifestKeyPath.root.appending("routes").appending(index: index).appending(key).description
    }

    /// Adds `route`'s path. With `yieldingTies`, a path another route already ends on is left to
    /// that route instead of being a conflict (a host-less route inside a host's trie).
    private static func insert(
        _ route: Route, into trie: inout Trie, yieldingTies: Bool, routes: [Route],
        conflict: (Route, Int, String) -> ManifestError
    ) throws(ManifestError) {
        var node = 0
        trie.nodes[0].firstRoute = min(trie.nodes[0].firstRoute, route.index)
        func newNode() -> Int {
            trie.nodes.append(Node(firstRoute: route.index))
            return trie.nodes.count - 1
        }
        for segment in route.path.segments {
            switch segment {
            case .literal(let text):
                if let child = trie.nodes[node].literals.child(for: text) {
                    node = child
                } else {
                    let child = newNode()
                    trie.nodes[node].literals.insert(text, child: child)
                    node = child
                }
            case .parameter(let name):
                if let edge = trie.nodes[node].parameter {
                    guard edge.name == name else {
                        throw conflict(
                            route, edge.owner,
                            "at the same position one binds {\(name)} and the other {\(edge.name)}: give the parameter one name in both")
                    }
                    node = edge.child
                } else {
                    let child = newNode()
                    trie.nodes[node].parameter = ParameterEdge(name: name, child: child, owner: route.index)
                    node = child
                }
            case .catchAll(let name):
                if let edge = trie.nodes[node].catchAll {
                    if yieldingTies { return }
                    throw conflict(route, edge.route, "both match the same host and path \(route.path)")
                }
                trie.nodes[node].catchAll = CatchAllEdge(name: name, route: route.index)
                return
            }
            trie.nodes[node].firstRoute = min(trie.nodes[node].firstRoute, route.index)
        }
        if let other = trie.nodes[node].route {
            if yieldingTies { return }
            throw conflict(route, other, "both match the same host and path \(route.path)")
        }
        trie.nodes[node].route = route.index
    }

    // MARK: - Shadowing

    /// A route no URL can select: at some path parameter whose type has finitely many values,
    /// every value (and keyword) is a literal sibling that leads to a route of the same remaining
    /// shape, which selection always prefers.
    private static func shadowing(of route: Route, in trie: Trie, routes: [Route]) -> (Int, String)? {
        var node = 0
        let segments = route.path.segments
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                node = trie.nodes[node].literals.child(for: text)!
            case .catchAll:
                return nil
            case .parameter(let name):
                if let values = finiteValues(route.parameters[name]!), !values.isEmpty {
                    var shadow: Int?
                    for value in values {
                        guard let literal = trie.nodes[node].literals.child(for: value),
                            let other = endpoint(of: segments[(position + 1)...], from: literal, in: trie)
                        else {
                            shadow = nil
                            break
                        }
                        shadow = shadow ?? other
                    }
                    if let shadow {
                        let listed = values.map { "'\($0)'" }.joined(separator: ", ")
                        return (shadow, "every value of {\(name)} (\(listed)) is also a literal path segment, and literals win")
                    }
                }
                node = trie.nodes[node].parameter!.child
            }
        }
        return nil
    }

    /// The route reached by following a remaining shape (literals exactly, any parameter, any
    /// catch-all) from `node`, if one ends there.
    private static func endpoint(of rest: ArraySlice<PathPattern.Segment>, from node: Int, in trie: Trie) -> Int? {
        var node = node
        for segment in rest {
            switch segment {
            case .literal(let text):
                guard let child = trie.nodes[node].literals.child(for: text) else { return nil }
                node = child
            case .parameter:
                guard let edge = trie.nodes[node].parameter else { return nil }
                node = edge.child
            case .catchAll:
                return trie.nodes[node].catchAll?.route
            }
        }
        return trie.nodes[node].route
    }

    /// Every text a parameter accepts, when there are few enough to enumerate.
    private static func finiteValues(_ spec: ParameterSpec) -> [String]? {
        let values: [String]
        switch spec.kind {
        case .enumeration(let allowed): values = allowed
        case .boolean: values = ["true", "false", "1", "0"]
        case .integer(let min, let max) where max.subtractingReportingOverflow(min) .overflow == false && max - min < 256:
            values = (min...max).map(String.init)
        default: return nil
        }
        return values + spec.keywords
    }

    // MARK: - Selection

    /// Why selection failed: the deepest point any branch reached. Only indices are recorded while
    /// searching; the error's text is made from them once the search has failed.
    struct Miss {
        enum Kind {
            /// The path ended at `node`, which is no route's end.
            case pathEnded
            /// No child of `node` took segment `depth`.
            case mismatch
        }

        var depth = -1
        var kind = Kind.mismatch
        var node = 0
        var closest: Int?
        /// A path parameter that refused its segment (empty or dot), when that was the deepest fault.
        var parameterFault: (name: String, segment: Int, fault: ParameterFault)?
    }

    /// A URL's path as selection reads it: the URL's bytes, each segment's byte range, and each
    /// segment's decoded bytes (`nil` when it does not decode as text).
    struct PathView {
        let segments: UnsafeBufferPointer<Range<Int>>
        let decoded: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>
    }

    /// The trie for a URL's host bytes (`nil` without an authority), compared case-insensitively.
    func trie(forHost host: UnsafeBufferPointer<UInt8>?) -> Trie? {
        if let host {
            for (name, trie) in hostList where ByteText.equalsIgnoringASCIICase(host, name) { return trie }
        }
        return anyHost.isEmpty ? nil : anyHost
    }

    /// Every host some route names, sorted.
    var servedHosts: [String] { hostList.map(\.0) }

    /// Selects a route for a path, or returns `nil` with `miss` saying how far it got.
    func select(in trie: Trie, path: PathView, miss: inout Miss) -> Int? {
        trie.nodes.withUnsafeBufferPointer { nodes in search(nodes, node: 0, depth: 0, path: path, miss: &miss) }
    }

    /// Depth-first search over the nodes, read in place (a node is never copied).
    private func search(
        _ nodes: UnsafeBufferPointer<Node>, node index: Int, depth: Int, path: PathView, miss: inout Miss
    ) -> Int? {
        guard depth < path.segments.count else {
            if let route = nodes[index].route { return route }
            record(&miss, .pathEnded, depth: depth, node: index, nodes: nodes)
            return nil
        }
        let decoded = path.decoded[depth]
        if let decoded, let child = nodes[index].literals.child(for: decoded),
            let route = search(nodes, node: child, depth: depth + 1, path: path, miss: &miss)
        {
            return route
        }
        if let edge = nodes[index].parameter {
            if let fault = Self.pathFault(isEmpty: path.segments[depth].isEmpty, decoded) {
                if depth > miss.depth {
                    miss.depth = depth
                    miss.closest = nodes[edge.child].firstRoute
                    miss.parameterFault = (edge.name, depth, fault)
                }
            } else if let route = search(nodes, node: edge.child, depth: depth + 1, path: path, miss: &miss) {
                return route
            }
        }
        if let edge = nodes[index].catchAll {
            if let bad = (depth..<path.segments.count).first(where: { Self.isDotSegment(path.decoded[$0]) }) {
                if bad > miss.depth {
                    miss.depth = bad
                    miss.closest = edge.route
                    miss.parameterFault = (edge.name, bad, .dotSegment)
                }
            } else {
                return edge.route
            }
        }
        record(&miss, .mismatch, depth: depth, node: index, nodes: nodes)
        return nil
    }

    private func record(_ miss: inout Miss, _ kind: Miss.Kind, depth: Int, node: Int, nodes: UnsafeBufferPointer<Node>) {
        guard depth > miss.depth else { return }
        miss.depth = depth
        miss.kind = kind
        miss.node = node
        let closest = nodes[node].firstRoute
        miss.closest = closest == Int.max ? nil : closest
        miss.parameterFault = nil
    }

    /// The reason for a failed selection, in words.
    func reason(_ miss: Miss, in trie: Trie, path: PathView, bytes: UnsafeBufferPointer<UInt8>, pathEnd: Int) -> NoRouteReason {
        let expected = Self.expected(trie.nodes[miss.node])
        switch miss.kind {
        case .pathEnded:
            return .pathEnded(segmentCount: miss.depth, offset: pathEnd, expected: expected)
        case .mismatch:
            let range = path.segments[miss.depth]
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            return .segmentMismatch(index: miss.depth, segment: text, offset: range.lowerBound, expected: expected)
        }
    }

    /// Why a path parameter refuses a segment: empty, or `.`/`..` (also when percent-encoded).
    static func pathFault(isEmpty: Bool, _ decoded: UnsafeBufferPointer<UInt8>?) -> ParameterFault? {
        if isEmpty { return .emptySegment }
        return isDotSegment(decoded) ? .dotSegment : nil
    }

    /// Whether decoded bytes are `.` or `..`.
    static func isDotSegment(_ decoded: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let decoded, decoded.count == 1 || decoded.count == 2 else { return false }
        return decoded.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// Whether a text is `.` or `..`.
    static func isDotSegment(_ text: String) -> Bool { text == "." || text == ".." }

    private static func expected(_ node: Node) -> [String] {
        var items = node.literals.keys.sorted().map { "'\($0)'" }
        if let edge = node.parameter { items.append("{\(edge.name)}") }
        if let edge = node.catchAll { items.append("{\(edge.name)...}") }
        if node.route != nil { items.append("the end of the path") }
        return items
    }
}
