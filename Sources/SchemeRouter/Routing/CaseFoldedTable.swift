/// Lower-case ASCII keys (schemes, hosts) looked up by bytes compared ignoring ASCII case, without
/// making a lower-cased copy: the URL's bytes are folded while comparing (and hashing, for a
/// table of many keys).
struct CaseFoldedTable: Sendable {
    /// Up to this many keys are compared one by one (length first); more go through a hash.
    static let linearLimit = 8

    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var values: [Int] = []
    /// Per key of up to 16 bytes, its bytes in one vector (zero past its end), for
    /// ``value(forFirst:of:readable:)``; a zero vector never matches a key's nonempty bytes.
    private var vectors: [SIMD16<UInt8>] = []
    /// Open addressing, for more than ``linearLimit`` keys: indices into `values`, `-1` when empty.
    private var slots: [Int] = []

    /// A table of `keys` (lower-case, distinct) and their values.
    init(_ pairs: [(key: String, value: Int)]) {
        for (key, value) in pairs {
            bytes += key.utf8
            starts.append(bytes.count)
            values.append(value)
            var vector = SIMD16<UInt8>()
            if key.utf8.count <= 16 {
                for (index, byte) in key.utf8.enumerated() { vector[index] = byte }
            }
            vectors.append(vector)
        }
        guard pairs.count > Self.linearLimit else { return }
        var size = 2
        while size < pairs.count * 2 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        for (index, pair) in pairs.enumerated() {
            var slot = Int(Array(pair.key.utf8).withUnsafeBufferPointer(Self.hash) & UInt64(size - 1))
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = index
        }
    }

    var isEmpty: Bool { values.isEmpty }

    /// The value whose key equals `key` ignoring ASCII case, or `nil`.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                if slots.isEmpty {
                    for entry in 0..<values.count where Self.matches(key, bytes, starts, entry) { return values[entry] }
                    return nil
                }
                let mask = slots.count - 1
                var slot = Int(Self.hash(key) & UInt64(mask))
                while true {
                    let entry = slots[slot]
                    if entry < 0 { return nil }
                    if Self.matches(key, bytes, starts, entry) { return values[entry] }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// ``value(for:)`` for the first `count` bytes at `base`, of which `readable` bytes can be
    /// read: a key of up to 16 bytes, in a small table, is compared as one vector, folded to
    /// lower case at once (a URL's scheme, at its start, takes this path when the URL has 16 bytes).
    @inline(__always)
    func value(forFirst count: Int, of base: UnsafePointer<UInt8>, readable: Int) -> Int? {
        guard count <= 16, readable >= 16, slots.isEmpty else { return value(for: UnsafeBufferPointer(start: base, count: count)) }
        // (Lane-wise masks as bytes: `replace(with:where:)` and `==` would go lane by lane.)
        let loaded = ByteVector.load(base)
        let upper = ByteVector.bytes((loaded &- ByteVector.repeating(UInt8(ascii: "A"))) .< ByteVector.repeating(26))
        let inKey = ByteVector.bytes(Self.lanes .< ByteVector.repeating(UInt8(truncatingIfNeeded: count)))
        let key = (loaded | (upper & ByteVector.repeating(0x20))) & inKey
        return vectors.withUnsafeBufferPointer { vectors in
            starts.withUnsafeBufferPointer { starts in
                for entry in 0..<vectors.count where starts[entry + 1] &- starts[entry] == count {
                    if ByteVector.allMarked(vectors[entry] .== key) { return values[entry] }
                }
                return nil
            }
        }
    }

    /// Each lane's index (computed, so no lazy global is checked per lookup).
    @inline(__always)
    private static var lanes: SIMD16<UInt8> { SIMD16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }

    @inline(__always)
    private static func matches(
        _ key: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<Int>, _ entry: Int
    ) -> Bool {
        let start = starts[entry]
        guard starts[entry + 1] - start == key.count else { return false }
        for index in 0..<key.count where fold(key[index]) != bytes[start + index] { return false }
        return true
    }

    @inline(__always)
    private static func fold(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// FNV-1a of the folded bytes.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(fold(byte))) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
