/// One host's routes as a trie of path segments, frozen from ``RouteTable``'s builder into plain
/// arrays of integers read through pointers while selecting (no reference count, no copy).
///
/// Selection looks at the host and the path only (the query and fragment then bind parameters
/// or fail precisely). At each segment it tries, in this order, the literal child equal to the
/// percent-decoded segment, then the parameter child (any non-empty segment that is not `.` or
/// `..`), then a catch-all (the remaining segments); when a branch fails further down it backs
/// up and tries the next. The order is fixed, so the same URL always selects the same route.
/// The same search records the deepest point any branch reached, which a failed selection
/// turns into its ``NoRouteReason``.
final class RouteTrie: Sendable {
    struct Node: Sendable {
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        /// Start of this node's hash slots in `slots` (`-1`: few literals, compared one by one).
        var slotStart: Int32 = -1
        var slotMask: Int32 = 0
        var parameterChild: Int32 = -1
        var catchAllRoute: Int32 = -1
        var route: Int32 = -1
        /// The lowest route index at or below this node (`-1`: none), for "closest route" in errors.
        var firstRoute: Int32 = -1
    }

    struct Literal: Sendable {
        var keyStart: Int32
        var keyLength: Int32
        var child: Int32
    }

    /// What errors say of a node: what it expected, and the names of its parameter and catch-all.
    struct NodeWords: Sendable {
        let expected: [String]
        let parameter: String
        let catchAll: String
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
        /// A path parameter (of `node`, its catch-all when `catchAll`) that refused its segment
        /// (empty or dot), when that was the deepest fault.
        var parameterFault: (node: Int, catchAll: Bool, segment: Int, fault: ParameterFault)?
    }

    let nodes: FrozenArray<Node>
    private let literals: FrozenArray<Literal>
    private let keys: FrozenArray<UInt8>
    private let slots: FrozenArray<Int32>
    let words: [NodeWords]

    init(_ trie: RouteTable.Trie) {
        var nodes: [Node] = []
        var literals: [Literal] = []
        var keys: [UInt8] = []
        var slots: [Int32] = []
        for node in trie.nodes {
            var flat = Node()
            flat.literalStart = Int32(literals.count)
            flat.literalCount = Int32(node.literals.count)
            let sorted = node.literals.sorted { $0.key < $1.key }
            for (key, child) in sorted {
                let bytes = Array(key.utf8)
                literals.append(Literal(keyStart: Int32(keys.count), keyLength: Int32(bytes.count), child: Int32(child)))
                keys += bytes
            }
            // Many literals are found through a hash table: one hash and one comparison.
            if node.literals.count >= 8 {
                var size = 1
                while size < node.literals.count * 2 { size *= 2 }
                flat.slotStart = Int32(slots.count)
                flat.slotMask = Int32(size - 1)
                var table = [Int32](repeating: -1, count: size)
                for (position, literal) in sorted.enumerated() {
                    var slot = Int(ByteText.hash(literal.key) & UInt64(size - 1))
                    while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                    table[slot] = flat.literalStart + Int32(position)
                }
                slots += table
            }
            flat.parameterChild = node.parameter.map { Int32($0.child) } ?? -1
            flat.catchAllRoute = node.catchAll.map { Int32($0.route) } ?? -1
            flat.route = node.route.map(Int32.init) ?? -1
            flat.firstRoute = node.firstRoute == Int.max ? -1 : Int32(node.firstRoute)
            nodes.append(flat)
        }
        self.nodes = FrozenArray(nodes)
        self.literals = FrozenArray(literals)
        self.keys = FrozenArray(keys)
        self.slots = FrozenArray(slots)
        words = trie.nodes.map {
            NodeWords(expected: RouteTable.expected($0), parameter: $0.parameter?.name ?? "", catchAll: $0.catchAll?.name ?? "")
        }
    }

    deinit {
        nodes.free()
        literals.free()
        keys.free()
        slots.free()
    }

    /// The route the segments select, or `-1` with `miss` saying how far the search got.
    @inline(__always)
    func select(_ segments: UnsafeBufferPointer<Segment>, miss: inout Miss) -> Int {
        let view = View(nodes: nodes.buffer, literals: literals.buffer, keys: keys.buffer, slots: slots.buffer, segments: segments)
        return Int(view.search(0, depth: 0, miss: &miss))
    }

    private struct View {
        let nodes: UnsafeBufferPointer<Node>
        let literals: UnsafeBufferPointer<Literal>
        let keys: UnsafeBufferPointer<UInt8>
        let slots: UnsafeBufferPointer<Int32>
        let segments: UnsafeBufferPointer<Segment>

        /// Depth-first: literal child, then parameter child, then catch-all.
        func search(_ index: Int, depth: Int, miss: inout Miss) -> Int32 {
            let node = nodes[index]
            guard depth < segments.count else {
                if node.route >= 0 { return node.route }
                record(&miss, pathEnded: true, depth: depth, node: index)
                return -1
            }
            let segment = segments[depth]
            if node.literalCount > 0, segment.isText {
                let child = literalChild(node, segment.decodedBytes)
                if child >= 0 {
                    let route = search(Int(child), depth: depth + 1, miss: &miss)
                    if route >= 0 { return route }
                }
            }
            if node.parameterChild >= 0 {
                let fault: ParameterFault? = segment.end == segment.start ? .emptySegment : segment.isDot ? .dotSegment : nil
                if let fault {
                    if depth > miss.depth {
                        miss.depth = depth
                        miss.closest = nodes[Int(node.parameterChild)].firstRoute
                        miss.parameterFault = (index, false, depth, fault)
                    }
                } else {
                    let route = search(Int(node.parameterChild), depth: depth + 1, miss: &miss)
                    if route >= 0 { return route }
                }
            }
            if node.catchAllRoute >= 0 {
                guard let bad = (depth..<segments.count).first(where: { segments[$0].isDot }) else { return node.catchAllRoute }
                if bad > miss.depth {
                    miss.depth = bad
                    miss.closest = node.catchAllRoute
                    miss.parameterFault = (index, true, bad, .dotSegment)
                }
            }
            record(&miss, pathEnded: false, depth: depth, node: index)
            return -1
        }

        private func record(_ miss: inout Miss, pathEnded: Bool, depth: Int, node: Int) {
            guard depth > miss.depth else { return }
            miss.depth = depth
            miss.pathEnded = pathEnded
            miss.node = node
            miss.closest = nodes[node].firstRoute
            miss.parameterFault = nil
        }

        @inline(__always)
        func literalChild(_ node: Node, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
            if node.slotStart < 0 {
                let start = Int(node.literalStart)
                for position in start..<start + Int(node.literalCount) where matches(literals[position], bytes) {
                    return literals[position].child
                }
                return -1
            }
            let mask = Int(node.slotMask)
            var slot = Int(ByteText.hash(bytes) & UInt64(mask))
            while true {
                let literal = slots[Int(node.slotStart) + slot]
                if literal < 0 { return -1 }
                if matches(literals[Int(literal)], bytes) { return literals[Int(literal)].child }
                slot = (slot + 1) & mask
            }
        }

        @inline(__always)
        func matches(_ literal: Literal, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard Int(literal.keyLength) == bytes.count else { return false }
            let start = Int(literal.keyStart)
            return ByteText.equal(UnsafeBufferPointer(rebasing: keys[start..<start + bytes.count]), bytes)
        }
    }
}
