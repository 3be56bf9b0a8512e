/// Byte keys to integers in one open-addressing table, read through pointers: schemes and hosts
/// (stored lower-case, looked up ignoring ASCII case) and a trie's literal segments (exact, each
/// under its parent node as `scope`).
final class KeyTable: Sendable {
    /// The table's memory (freed by the table), read without counting a reference.
    struct Storage {
        fileprivate let entries: FrozenArray<Entry>
        fileprivate let keys: FrozenArray<UInt8>
        /// Indices into `entries` (`-1`: empty), half full at most, probed from the hash's top bits.
        fileprivate let slots: FrozenArray<Int32>
        fileprivate let shift: UInt64
        fileprivate let foldsCase: Bool
    }

    fileprivate struct Entry {
        /// The key's ``Storage/ends(_:folding:)``, which are the whole key up to sixteen bytes.
        let first: UInt64
        let last: UInt64
        let start: Int32
        let count: Int32
        let scope: Int32
        let value: Int32
    }

    let storage: Storage

    /// A table of distinct `(scope, key)` pairs (keys lower-case when `foldsCase`) and their values.
    init(_ pairs: [(scope: Int, key: String, value: Int)], foldsCase: Bool) {
        var entries: [Entry] = []
        var keys: [UInt8] = []
        var size = 2
        while size < pairs.count * 2 { size *= 2 }
        let shift = UInt64(64 - size.trailingZeroBitCount)
        var slots = [Int32](repeating: -1, count: size)
        for (scope, key, value) in pairs {
            let bytes = Array(key.utf8)
            let (first, last) = bytes.withUnsafeBufferPointer { Storage.ends($0, folding: foldsCase) }
            var slot = Storage.slot(first, last, count: bytes.count, scope: scope, shift: shift)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(entries.count)
            let (start, count) = (Int32(keys.count), Int32(bytes.count))
            entries.append(Entry(first: first, last: last, start: start, count: count, scope: Int32(scope), value: Int32(value)))
            keys += bytes
        }
        storage = Storage(
            entries: FrozenArray(entries), keys: FrozenArray(keys), slots: FrozenArray(slots), shift: shift, foldsCase: foldsCase)
    }

    deinit {
        storage.entries.free()
        storage.keys.free()
        storage.slots.free()
    }

    /// The value of `key` under `scope`, or `-1`.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>, scope: Int = 0) -> Int {
        storage.value(for: key, scope: scope)
    }

    func value(for key: String, scope: Int = 0) -> Int {
        var key = key
        return key.withUTF8 { storage.value(for: $0, scope: scope) }
    }
}

extension KeyTable.Storage {
    /// (Keys of up to sixteen bytes compare as two words.)
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>, scope: Int = 0) -> Int {
        let (first, last) = Self.ends(key, folding: foldsCase)
        let mask = slots.count - 1
        var slot = Self.slot(first, last, count: key.count, scope: scope, shift: shift)
        while true {
            let index = slots[slot]
            if index < 0 { return -1 }
            let entry = entries[Int(index)]
            if entry.first == first && entry.last == last && Int(entry.count) == key.count && Int(entry.scope) == scope
                && (key.count <= 16 || middleEqual(key, Int(entry.start)))
            {
                return Int(entry.value)
            }
            slot = (slot + 1) & mask
        }
    }

    private func middleEqual(_ key: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        for index in 8..<key.count - 8 {
            let byte = key[index]
            if (foldsCase && byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) != keys[start + index] { return false }
        }
        return true
    }

    /// A key's first and last eight bytes (overlapping; four and four, or three, when shorter).
    @inline(__always)
    fileprivate static func ends(_ key: UnsafeBufferPointer<UInt8>, folding: Bool) -> (UInt64, UInt64) {
        let count = key.count
        guard let raw = UnsafeRawPointer(key.baseAddress), count > 0 else { return (0, 0) }
        let first: UInt64
        let last: UInt64
        if count >= 8 {
            first = raw.loadUnaligned(as: UInt64.self)
            last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            first = UInt64(raw.loadUnaligned(as: UInt32.self))
            last = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            first = UInt64(key[0]) | UInt64(key[count >> 1]) << 8 | UInt64(key[count - 1]) << 16
            last = 0
        }
        return folding ? (lowercased(first), lowercased(last)) : (first, last)
    }

    /// The word with its ASCII capitals lower-cased (other bytes unchanged).
    @inline(__always)
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        // A byte's top bit: set by adding 0x3F from 'A' on, by adding 0x25 from '[' on.
        let capitals = (low &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(low &+ 0x2525_2525_2525_2525) & ~word & 0x8080_8080_8080_8080
        return word | capitals >> 2
    }

    @inline(__always)
    fileprivate static func slot(_ first: UInt64, _ last: UInt64, count: Int, scope: Int, shift: UInt64) -> Int {
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15 ^ last ^ UInt64(truncatingIfNeeded: scope &<< 8 ^ count)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> shift)
    }
}
