/// One route as declared, and compiled at registration into what the binder reads: one
/// ``ValueReader`` per parameter, query keys as bytes, and where each is bound. A class, so the
/// binder reads it in place (a struct of arrays would be copied, and every array retained).
final class RoutePlan: Sendable {
    /// One query key the route binds.
    struct QueryKey: Sendable {
        let keyStart: Int
        let keyLength: Int
        /// The parameter's index in `readers`.
        let parameter: Int
        let isRepeated: Bool
        /// The key and its `=` as two words (`(0, 0)` for a longer or escapable key, found by
        /// decoding): an item whose first sixteen bytes up to its first `=` are these starts with this key, raw.
        let prefix: UInt64
        let second: UInt64

        init(key: [UInt8], keyStart: Int, parameter: Int, isRepeated: Bool) {
            self.keyStart = keyStart
            keyLength = key.count
            self.parameter = parameter
            self.isRepeated = isRepeated
            // Letters, digits and `-._~` (RFC 3986 `unreserved`) stand raw and decode to themselves.
            let isPlain = { (byte: UInt8) in
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || "-._~".utf8.contains(byte)
            }
            let fits = !key.isEmpty && key.count < 16 && key.allSatisfy(isPlain)
            let text = fits ? key + [UInt8(ascii: "=")] : []
            prefix = text.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
            second = text.dropFirst(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    let definition: RouteDefinition
    let declaration: ReverseDNSName
    let index: Int
    let host: String?
    let path: PathPattern
    /// The parameters' names, and their indices by ``RouteParameters/Name/hash(_:tableCount:)`` (`-1`: empty).
    let names: FrozenArray<RouteParameters.Name>
    let nameTable: FrozenArray<Int32>
    /// Whether the route binds lists: a repeated query item, or a catch-all.
    let hasRepeatedKeys: Bool
    let hasCatchAll: Bool
    let readers: FrozenArray<ValueReader>
    /// Per path pattern segment: the parameter bound there, or `-1` for a literal.
    let pathParameters: FrozenArray<Int>
    /// In the manifest's order; a key's bit in the binder's set of keys seen is its index here.
    let queryKeys: FrozenArray<QueryKey>
    let keyBytes: FrozenArray<UInt8>
    /// The keys with a ``QueryKey/prefix``, each in its own slot (the top bits of the sum of its two
    /// words times `keyMultiplier`): a raw item's key is one hash and two compares; an empty slot's prefix is `0`.
    let keySlots: FrozenArray<KeySlot>
    let keyMultiplier: UInt64
    let keyShift: UInt64
    /// Sets of `queryKeys` (bit = index), absent ones bound empty or missing, tested as a set.
    let emptyListKeys: UInt64
    let requiredKeys: UInt64
    let rawQuery: Int
    let fragment: Int
    let words: WordList.Frozen
    /// The routes' date formats (each date reader has its index).
    let formats: FrozenArray<DateFormat>
    let formDecoding: Bool
    let ignoresUnknownQueryItems: Bool

    init(_ definition: RouteDefinition, index: Int, host: String?, path: PathPattern, declaration: ReverseDNSName) {
        self.definition = definition
        self.declaration = declaration
        self.index = index
        self.host = host
        self.path = path
        var names: [String] = []
        var readers: [ValueReader] = []
        var words = WordList()
        var formats: [DateFormat] = []
        func add(_ name: String) -> Int {
            names.append(name)
            readers.append(ValueReader(definition.parameters[name]!, words: &words, formats: &formats))
            return readers.count - 1
        }
        let pathParameters = path.segments.map { segment in
            switch segment {
            case .literal: -1
            case .parameter(let name), .catchAll(let name): add(name)
            }
        }
        var queryKeys: [QueryKey] = []
        var keyBytes: [UInt8] = []
        for item in definition.query {
            let parameter = add(item.parameter)
            let key = Array(item.key.utf8)
            let (start, isRepeated) = (keyBytes.count, readers[parameter].isRepeated)
            queryKeys.append(QueryKey(key: key, keyStart: start, parameter: parameter, isRepeated: isRepeated))
            keyBytes += key
        }
        rawQuery = definition.rawQuery.map(add) ?? -1
        fragment = definition.fragment.map(add) ?? -1
        let compiled = names.map(RouteParameters.Name.init)
        self.names = FrozenArray(compiled)
        var size = 4
        while size < compiled.count * 2 { size *= 2 }
        var table = [Int32](repeating: -1, count: size)
        for (index, name) in compiled.enumerated() where name.words != .zero {
            var probe = RouteParameters.Name.hash(name.words, tableCount: table.count)
            while table[probe] >= 0 { probe = (probe + 1) & (table.count - 1) }
            table[probe] = Int32(index)
        }
        nameTable = FrozenArray(table)
        hasRepeatedKeys = queryKeys.contains(where: \.isRepeated)
        hasCatchAll = readers.contains { $0.kind == .remainder }
        self.readers = FrozenArray(readers)
        self.words = words.frozen()
        self.formats = FrozenArray(formats)
        self.pathParameters = FrozenArray(pathParameters)
        self.queryKeys = FrozenArray(queryKeys)
        func keys(where included: (QueryKey) -> Bool) -> UInt64 {
            queryKeys.indices.reduce(0) { included(queryKeys[$1]) ? $0 | 1 << UInt64($1) : $0 }
        }
        requiredKeys = keys { !readers[$0.parameter].isOptional }
        emptyListKeys = keys { readers[$0.parameter].isOptional && $0.isRepeated }
        self.keyBytes = FrozenArray(keyBytes)
        (keySlots, keyMultiplier, keyShift) = Self.keySlots(queryKeys)
        formDecoding = definition.formDecoding
        ignoresUnknownQueryItems = definition.unknownQueryItems == .ignore
    }

    deinit {
        names.free()
        nameTable.free()
        readers.free()
        words.free()
        formats.free()
        pathParameters.free()
        queryKeys.free()
        keyBytes.free()
        keySlots.free()
    }

    /// A key's two words and what binding its item needs, in one slot.
    struct KeySlot: Sendable {
        var prefix: UInt64 = 0
        var second: UInt64 = 0
        var key: Int16 = -1
        var isRepeated = false
        var parameter: Int32 = -1
    }

    /// The smallest table (twice the keys, or more) and a multiplier that give every prefix its own
    /// slot: tried from a fixed sequence, so a manifest always gets the same table.
    private static func keySlots(_ keys: [QueryKey]) -> (FrozenArray<KeySlot>, UInt64, UInt64) {
        // Two keys whose words have one sum collide under every multiplier: the later is decoded.
        var sums: Set<UInt64> = []
        let prefixed = keys.indices.filter { keys[$0].prefix != 0 && sums.insert(keys[$0].prefix &+ keys[$0].second).inserted }
        var bits = 1
        while 1 << bits < 2 * prefixed.count { bits += 1 }
        var state: UInt64 = 0
        while true {
            for _ in 0..<1000 {
                state &+= 0x9E37_79B9_7F4A_7C15  // SplitMix64
                var multiplier = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
                multiplier = ((multiplier ^ (multiplier >> 27)) &* 0x94D0_49BB_1331_11EB) | 1
                var slots = [KeySlot](repeating: KeySlot(), count: 1 << bits)
                let shift = UInt64(64 - bits)
                let fits = prefixed.allSatisfy { key in
                    let (prefix, second) = (keys[key].prefix, keys[key].second)
                    let slot = Int(((prefix &+ second) &* multiplier) >> shift)
                    guard slots[slot].key < 0 else { return false }
                    let (repeated, parameter) = (keys[key].isRepeated, Int32(keys[key].parameter))
                    slots[slot] = KeySlot(prefix: prefix, second: second, key: Int16(key), isRepeated: repeated, parameter: parameter)
                    return true
                }
                if fits { return (FrozenArray(slots), multiplier, shift) }
            }
            bits += 1
        }
    }
}
