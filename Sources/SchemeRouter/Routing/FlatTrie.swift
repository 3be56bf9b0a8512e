/// A ``RouteTable/Trie`` flattened for the fast path: nodes, literal edges and literal bytes in
/// plain arrays of integers, read through pointers while selecting, so a lookup touches no
/// reference count and makes no copy.
///
/// It selects exactly as ``RouteTable/select(in:path:miss:)`` does (same order, same backtracking),
/// but only answers which route, or `nil`; on `nil` the caller asks the table, which says why.
/// A class, so selecting retains one reference rather than four arrays.
final class FlatTrie: Sendable {
    struct Node: Sendable {
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        /// Start of this node's hash slots in `slots` (`-1`: few literals, compared one by one).
        var slotStart: Int32 = -1
        var slotMask: Int32 = 0
        var parameterChild: Int32 = -1
        var catchAllRoute: Int32 = -1
        var route: Int32 = -1
    }

    struct Literal: Sendable {
        var keyStart: Int32
        var keyLength: Int32
        var child: Int32
    }

    /// A URL path segment as selection and binding read it.
    struct Segment {
        /// The raw range in the URL.
        var start: Int
        var end: Int
        /// The decoded bytes (the URL's own when nothing needed decoding).
        var decoded: UnsafePointer<UInt8>
        var decodedCount: Int
        /// The number of Unicode scalars of the decoded text.
        var scalars: Int

        var decodedBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: decoded, count: decodedCount) }
        var isDot: Bool {
            (decodedCount == 1 && decoded[0] == UInt8(ascii: "."))
                || (decodedCount == 2 && decoded[0] == UInt8(ascii: ".") && decoded[1] == UInt8(ascii: "."))
        }
    }

    private let nodes: FrozenArray<Node>
    private let literals: FrozenArray<Literal>
    private let keys: FrozenArray<UInt8>
    private let slots: FrozenArray<Int32>

    init(_ trie: RouteTable.Trie) {
        var nodes: [Node] = []
        var literals: [Literal] = []
        var keys: [UInt8] = []
        var slots: [Int32] = []
        for node in trie.nodes {
            var flat = Node()
            flat.literalStart = Int32(literals.count)
            flat.literalCount = Int32(node.literals.count)
            for key in node.literals.keys {
                let bytes = Array(key.utf8)
                literals.append(
                    Literal(keyStart: Int32(keys.count), keyLength: Int32(bytes.count), child: Int32(node.literals.child(for: key)!)))
                keys += bytes
            }
            if node.literals.count >= LiteralTable.hashThreshold {
                var size = 1
                while size < node.literals.count * 2 { size *= 2 }
                flat.slotStart = Int32(slots.count)
                flat.slotMask = Int32(size - 1)
                var table = [Int32](repeating: -1, count: size)
                for (position, key) in node.literals.keys.enumerated() {
                    var slot = Int(ByteText.hash(key) & UInt64(size - 1))
                    while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                    table[slot] = flat.literalStart + Int32(position)
                }
                slots += table
            }
            flat.parameterChild = node.parameter.map { Int32($0.child) } ?? -1
            flat.catchAllRoute = node.catchAll.map { Int32($0.route) } ?? -1
            flat.route = node.route.map(Int32.init) ?? -1
            nodes.append(flat)
        }
        self.nodes = FrozenArray(nodes)
        self.literals = FrozenArray(literals)
        self.keys = FrozenArray(keys)
        self.slots = FrozenArray(slots)
    }

    deinit {
        nodes.free()
        literals.free()
        keys.free()
        slots.free()
    }

    /// The route the segments select, or `nil` when none does.
    func select(_ segments: UnsafeBufferPointer<Segment>) -> Int? {
        let view = View(nodes: nodes.buffer, literals: literals.buffer, keys: keys.buffer, slots: slots.buffer, segments: segments)
        let route = view.search(0, depth: 0)
        return route < 0 ? nil : Int(route)
    }

    private struct View {
        let nodes: UnsafeBufferPointer<Node>
        let literals: UnsafeBufferPointer<Literal>
        let keys: UnsafeBufferPointer<UInt8>
        let slots: UnsafeBufferPointer<Int32>
        let segments: UnsafeBufferPointer<Segment>

        /// Depth-first: literal child, then parameter child, then catch-all (see ``RouteTable``).
        func search(_ index: Int, depth: Int) -> Int32 {
            let node = nodes[index]
            guard depth < segments.count else { return node.route }
            let segment = segments[depth]
            if node.literalCount > 0 {
                let child = literalChild(node, segment.decodedBytes)
                if child >= 0 {
                    let route = search(Int(child), depth: depth + 1)
                    if route >= 0 { return route }
                }
            }
            if node.parameterChild >= 0, segment.end > segment.start, !segment.isDot {
                let route = search(Int(node.parameterChild), depth: depth + 1)
                if route >= 0 { return route }
            }
            if node.catchAllRoute >= 0 {
                for position in depth..<segments.count where segments[position].isDot { return -1 }
                return node.catchAllRoute
            }
            return -1
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
