import Testing

@testable import SchemeRouter

/// `KeyTable`, the one lookup of schemes, hosts and a trie's literal segments, finds what a
/// search of its pairs finds: keys of 1 to 18 bytes, in any case, under several scopes.
@Suite struct KeyTableTests {
    static let keys = [
        "a", "x1", "abc", "notes", "todolist", "com.acme.app+v2-x", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq",
    ]

    @Test(arguments: [true, false]) func findsWhatASearchOfItsPairsFinds(foldsCase: Bool) {
        let pairs = Self.keys.enumerated().flatMap { key in
            [(scope: 0, key: key.element, value: key.offset), (scope: 7, key: key.element, value: 100 + key.offset)]
        }
        let table = KeyTable(pairs, foldsCase: foldsCase)
        let others = ["", "b", "notes1", "note", "Notes", "todolisT", "abcdefghijklmnoP", "Abcdefghijklmnopq", "abcdefghijklmnopqr"]
        for probe in Self.keys + Self.keys.map({ $0.uppercased() }) + others {
            for scope in [0, 3, 7] {
                let key = foldsCase ? probe.lowercased() : probe
                let expected = pairs.first { $0.scope == scope && $0.key == key }?.value ?? -1
                #expect(table.value(for: probe, scope: scope) == expected, "\(probe) under \(scope)")
                // The same bytes inside a longer buffer: the lookup reads only the key's.
                let padded = Array(("%%" + probe + "://x/y").utf8)
                padded.withUnsafeBufferPointer { bytes in
                    let inner = UnsafeBufferPointer(rebasing: bytes[2..<2 + probe.utf8.count])
                    #expect(table.value(for: inner, scope: scope) == expected, "\(probe) under \(scope), in a buffer")
                }
            }
        }
    }

    /// Many keys that share their first and last bytes and their length (colliding slots) are
    /// still told apart.
    @Test func keysThatCollideAreToldApart() {
        let keys = (0..<600).map { "item-\($0 + 1000)-end-of-a-long-key-\($0 % 7)" }
        let table = KeyTable(keys.enumerated().map { (scope: $0.offset % 3, key: $0.element, value: $0.offset) }, foldsCase: false)
        for (index, key) in keys.enumerated() {
            #expect(table.value(for: key, scope: index % 3) == index)
            #expect(table.value(for: key, scope: (index + 1) % 3) == -1)
        }
    }
}
