/// One host's routes as a trie of path segments, checked for conflicts and shadowing when built and
/// searched in `Docs/Manifests.md`'s order, recording the deepest dead end for the error.
final class RouteTrie: Sendable {
    struct Node: Sendable {
        var parameterChild: Int32 = -1
        var catchAllRoute: Int32 = -1
        var route: Int32 = -1
        /// The lowest route index at or below this node, for "closest route" in errors.
        var firstRoute: Int32
        /// Whether any child is a literal (else the search skips hashing the segment).
        var hasLiterals = false
    }

    /// What errors say of a node (`parameterOwner`: the route that created its parameter edge).
    struct NodeWords: Sendable {
        var expected: [String] = []
        var parameter = ""
        var parameterOwner = -1
        var catchAll = ""
    }

    /// A URL path segment as selection and binding read it.
    struct Segment {
        /// The raw range in the URL.
        var start: Int
        var end: Int
        /// The decoded bytes (the URL's own when nothing needed decoding).
        var decoded: UnsafePointer<UInt8>
        var decodedCount: Int
        /// The number of Unicode scalars of the decoded text, or `-1` when it does not decode to text.
        var scalars: Int

        var isText: Bool { scalars >= 0 }
        var decodedBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: decoded, count: decodedCount) }
        var isDot: Bool {
            (decodedCount == 1 && decoded[0] == UInt8(ascii: "."))
                || (decodedCount == 2 && decoded[0] == UInt8(ascii: ".") && decoded[1] == UInt8(ascii: "."))
        }
    }

    /// Why selection failed: the deepest point any branch reached (indices only while searching).
    struct Miss {
        var depth = -1
        /// Whether the path ended at `node` (else no child of `node` took segment `depth`).
        var pathEnded = false
        var node = 0
        var closest: Int32 = -1
        /// Set when the deepest dead end was `node`'s parameter (or catch-all) refusing segment `depth`.
        var parameterFault: (catchAll: Bool, fault: ParameterFault)?
    }

    let nodes: FrozenArray<Node>
    /// Each literal child's index, by its text under its parent's index.
    private let literals: KeyTable
    let words: [NodeWords]

    private init(_ builder: Builder) {
        nodes = FrozenArray(builder.nodes)
        literals = KeyTable(builder.literals.map { (Int($0.key.node), $0.key.text, Int($0.value)) }, foldsCase: false)
        var words = builder.words
        for literal in builder.literals.keys.sorted(by: { $0.text < $1.text }) {
            words[Int(literal.node)].expected.append("'\(literal.text)'")
        }
        for (index, node) in builder.nodes.enumerated() {
            if node.parameterChild >= 0 { words[index].expected.append("{\(words[index].parameter)}") }
            if node.catchAllRoute >= 0 { words[index].expected.append("{\(words[index].catchAll)...}") }
            if node.route >= 0 { words[index].expected.append("the end of the path") }
        }
        self.words = words
    }

    deinit {
        nodes.free()
    }

    /// The route the segments select, or `-1` with `miss` saying how far the search got.
    @inline(__always)
    func select(_ segments: UnsafeBufferPointer<Segment>, miss: inout Miss) -> Int {
        Int(View(nodes: nodes.buffer, literals: literals.storage, segments: segments).search(0, depth: 0, miss: &miss))
    }

    private struct View {
        let nodes: UnsafeBufferPointer<Node>
        let literals: KeyTable.Storage
        let segments: UnsafeBufferPointer<Segment>

        /// Depth-first: literal child, then parameter child, then catch-all.
        func search(_ index: Int, depth: Int, miss: inout Miss) -> Int32 {
            let node = nodes[index]
            guard depth < segments.count else {
                if node.route >= 0 { return node.route }
                record(&miss, depth: depth, node: index, pathEnded: true)
                return -1
            }
            let segment = segments[depth]
            if node.hasLiterals && segment.isText {
                let child = literals.value(for: segment.decodedBytes, scope: index)
                if child >= 0 {
                    let route = search(child, depth: depth + 1, miss: &miss)
                    if route >= 0 { return route }
                }
            }
            if node.parameterChild >= 0 {
                let fault: ParameterFault? = segment.end == segment.start ? .emptySegment : segment.isDot ? .dotSegment : nil
                if let fault {
                    record(&miss, depth: depth, node: index, closest: nodes[Int(node.parameterChild)].firstRoute, fault: (false, fault))
                } else {
                    let route = search(Int(node.parameterChild), depth: depth + 1, miss: &miss)
                    if route >= 0 { return route }
                }
            }
            if node.catchAllRoute >= 0 {
                guard let bad = (depth..<segments.count).first(where: { segments[$0].isDot }) else { return node.catchAllRoute }
                record(&miss, depth: bad, node: index, closest: node.catchAllRoute, fault: (true, .dotSegment))
            }
            record(&miss, depth: depth, node: index)
            return -1
        }

        /// Keeps the deepest dead end.
        private func record(
            _ miss: inout Miss, depth: Int, node: Int, pathEnded: Bool = false, closest: Int32? = nil,
            fault: (catchAll: Bool, fault: ParameterFault)? = nil
        ) {
            guard depth > miss.depth else { return }
            miss = Miss(depth: depth, pathEnded: pathEnded, node: node, closest: closest ?? nodes[node].firstRoute, parameterFault: fault)
        }
    }

    // MARK: - Building

    /// The host-less routes' trie (`nil`: none), and per sorted host one that also holds them (they lose ties).
    static func tries(
        of routes: [Route], file: String
    ) throws(ManifestError) -> (anyHost: RouteTrie?, hosts: [String], byHost: [RouteTrie]) {
        let hostless = routes.filter { $0.host == nil }
        let hosts = Set(routes.compactMap(\.host)).sorted()
        let anyHost = hostless.isEmpty ? nil : RouteTrie(try Builder(hostless, yielding: [], of: routes, file: file))
        var byHost: [RouteTrie] = []
        for host in hosts {
            byHost.append(RouteTrie(try Builder(routes.filter { $0.host == host }, yielding: hostless, of: routes, file: file)))
        }
        for route in routes {
            let trie = route.host.map { byHost[hosts.firstIndex(of: $0)!] } ?? anyHost!
            if let (shadow, reason) = trie.shadowing(of: route) {
                throw .unreachableRoute(
                    file: file, keyPath: pathKey(route.index),
                    route: RouteReference(index: route.index, name: route.name), reason: reason,
                    shadowedBy: RouteReference(index: shadow, name: routes[shadow].name))
            }
        }
        return (anyHost, hosts, byHost)
    }

    private static func pathKey(_ index: Int) -> String {
        ManifestKeyPath.root.appending("routes").appending(index: index).appending("path").description
    }

    /// The trie as it is built: the same nodes, literal children in a dictionary.
    private struct Builder {
        struct Literal: Hashable {
            let node: Int32
            let text: String
        }

        var nodes = [Node(firstRoute: .max)]
        var literals: [Literal: Int32] = [:]
        var words = [NodeWords()]

        /// Inserts `routes`, then `yielding` ones, which leave a path another route ends on to it.
        init(_ routes: [Route], yielding: [Route], of all: [Route], file: String) throws(ManifestError) {
            func conflict(_ route: Route, _ other: Int, _ reason: String) -> ManifestError {
                .conflictingRoutes(
                    file: file, keyPath: RouteTrie.pathKey(route.index),
                    route: RouteReference(index: route.index, name: route.name),
                    other: RouteReference(index: other, name: all[other].name), reason: reason)
            }
            for route in routes { try insert(route, yieldingTies: false, conflict) }
            for route in yielding { try insert(route, yieldingTies: true, conflict) }
        }

        private mutating func insert(
            _ route: Route, yieldingTies: Bool, _ conflict: (Route, Int, String) -> ManifestError
        ) throws(ManifestError) {
            let index = Int32(route.index)
            var node = 0
            nodes[0].firstRoute = min(nodes[0].firstRoute, index)
            func newNode() -> Int32 {
                nodes.append(Node(firstRoute: index))
                words.append(NodeWords())
                return Int32(nodes.count - 1)
            }
            // Takes a node's route or catch-all for the route, unless another route has it.
            func end(_ end: inout Int32) throws(ManifestError) {
                if end < 0 {
                    end = index
                } else if !yieldingTies {
                    throw conflict(route, Int(end), "both match the same host and path \(route.path)")
                }
            }
            for segment in route.path.segments {
                switch segment {
                case .literal(let text):
                    let literal = Literal(node: Int32(node), text: text)
                    if literals[literal] == nil { literals[literal] = newNode() }
                    nodes[node].hasLiterals = true
                    node = Int(literals[literal]!)
                case .parameter(let name):
                    let other = words[node].parameter
                    if nodes[node].parameterChild >= 0 {
                        guard other == name else {
                            let reason = "at the same position one binds {\(name)} and the other {\(other)}"
                            throw conflict(route, words[node].parameterOwner, reason + ": give the parameter one name in both")
                        }
                    } else {
                        nodes[node].parameterChild = newNode()
                        words[node].parameter = name
                        words[node].parameterOwner = route.index
                    }
                    node = Int(nodes[node].parameterChild)
                case .catchAll(let name):
                    if nodes[node].catchAllRoute < 0 { words[node].catchAll = name }
                    return try end(&nodes[node].catchAllRoute)
                }
                nodes[node].firstRoute = min(nodes[node].firstRoute, index)
            }
            try end(&nodes[node].route)
        }
    }

    // MARK: - Shadowing

    /// A route no URL can select: at some path parameter whose type has finitely many values,
    /// every value (and keyword) is a literal sibling that leads to a route of the same remaining
    /// shape, which selection always prefers.
    private func shadowing(of route: Route) -> (Int, String)? {
        var node = 0
        let segments = route.path.segments
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                node = literals.value(for: text, scope: node)
            case .catchAll:
                return nil
            case .parameter(let name):
                if let values = Self.finiteValues(route.parameters[name]!), !values.isEmpty {
                    let ends = values.map { endpoint(of: segments[(position + 1)...], from: literals.value(for: $0, scope: node)) }
                    if !ends.contains(nil), let shadow = ends[0] {
                        let listed = values.map { "'\($0)'" }.joined(separator: ", ")
                        return (shadow, "every value of {\(name)} (\(listed)) is also a literal path segment, and literals win")
                    }
                }
                node = Int(nodes[node].parameterChild)
            }
        }
        return nil
    }

    /// The route that ends the remaining shape followed from `start` (any parameter, any catch-all).
    private func endpoint(of rest: ArraySlice<PathPattern.Segment>, from start: Int) -> Int? {
        var node = start
        for segment in rest where node >= 0 {
            switch segment {
            case .literal(let text): node = literals.value(for: text, scope: node)
            case .parameter: node = Int(nodes[node].parameterChild)
            case .catchAll: return nodes[node].catchAllRoute >= 0 ? Int(nodes[node].catchAllRoute) : nil
            }
        }
        return node >= 0 && nodes[node].route >= 0 ? Int(nodes[node].route) : nil
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
}
