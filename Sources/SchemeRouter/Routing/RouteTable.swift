/// Builds one declaration's tries of path segments, one per host, at registration: it refuses
/// routes that conflict or that no URL can reach, then each trie is frozen into the
/// ``RouteTrie`` that selects routes (this builder is not kept).
///
/// Routes that name a host are looked up in that host's trie, which also holds every route
/// without a host (a route naming the host wins over one without on the same path). Routes
/// without a host serve every other host and URLs without one.
struct RouteTable {
    struct Node {
        /// The literal children, by segment text.
        var literals: [String: Int] = [:]
        var parameter: ParameterEdge?
        var catchAll: CatchAllEdge?
        /// The route that ends here.
        var route: Int?
        /// The lowest route index at or below this node, for "closest route" in errors.
        var firstRoute: Int
    }

    struct ParameterEdge {
        let name: String
        let child: Int
        /// The route that created the edge, for conflict messages.
        let owner: Int
    }

    struct CatchAllEdge {
        let name: String
        let route: Int
    }

    /// One trie: nodes in an array, the root at index 0.
    struct Trie {
        var nodes: [Node] = [Node(firstRoute: Int.max)]
        var isEmpty: Bool { nodes.count == 1 && nodes[0].route == nil && nodes[0].catchAll == nil }
    }

    private(set) var anyHost = Trie()
    private(set) var hosts: [String: Trie] = [:]
    /// The hosts' tries, sorted by host.
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
                if let child = trie.nodes[node].literals[text] {
                    node = child
                } else {
                    let child = newNode()
                    trie.nodes[node].literals[text] = child
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
                node = trie.nodes[node].literals[text]!
            case .catchAll:
                return nil
            case .parameter(let name):
                if let values = finiteValues(route.parameters[name]!), !values.isEmpty {
                    var shadow: Int?
                    for value in values {
                        guard let literal = trie.nodes[node].literals[value],
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
                guard let child = trie.nodes[node].literals[text] else { return nil }
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

    /// The words an error lists as what a node expected next.
    static func expected(_ node: Node) -> [String] {
        var items = node.literals.keys.sorted().map { "'\($0)'" }
        if let edge = node.parameter { items.append("{\(edge.name)}") }
        if let edge = node.catchAll { items.append("{\(edge.name)...}") }
        if node.route != nil { items.append("the end of the path") }
        return items
    }
}
