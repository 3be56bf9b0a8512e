/// The literal children of a trie node, looked up by the URL segment's bytes.
///
/// A few children are compared one by one; from ``hashThreshold`` on they are found through a
/// table keyed by the bytes' FNV-1a hash, so a node with thousands of literals costs one hash and
/// one comparison. Neither way makes a `String` of the segment.
struct LiteralTable: Sendable {
    /// From this many children on, lookups go through the hash table.
    static let hashThreshold = 8

    private(set) var keys: [String] = []
    private var keyBytes: [[UInt8]] = []
    private var children: [Int] = []
    private var byHash: [UInt64: [Int]] = [:]

    var count: Int { keys.count }

    /// The child for `text`, or `nil`.
    func child(for text: String) -> Int? {
        keys.firstIndex(of: text).map { children[$0] }
    }

    /// The child whose literal is exactly `bytes`, or `nil`.
    @inline(__always)
    func child(for bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if keys.count < Self.hashThreshold {
            for position in 0..<keyBytes.count where matches(position, bytes) { return children[position] }
            return nil
        }
        guard let candidates = byHash[ByteText.hash(bytes)] else { return nil }
        for position in candidates where matches(position, bytes) { return children[position] }
        return nil
    }

    @inline(__always)
    private func matches(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        keyBytes[position].withUnsafeBufferPointer { ByteText.equal($0, bytes) }
    }

    /// Adds a child; `text` must not be present yet.
    mutating func insert(_ text: String, child: Int) {
        keys.append(text)
        keyBytes.append(Array(text.utf8))
        children.append(child)
        if keys.count == Self.hashThreshold {
            for position in 0..<keys.count { byHash[ByteText.hash(keys[position]), default: []].append(position) }
        } else if keys.count > Self.hashThreshold {
            byHash[ByteText.hash(text), default: []].append(keys.count - 1)
        }
    }
}
