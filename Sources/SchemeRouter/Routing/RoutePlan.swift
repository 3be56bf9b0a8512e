/// What the binder needs of one route, compiled at registration into arrays of plain values:
/// one ``ValueReader`` per parameter, query keys as bytes, and where each is bound. A class, so
/// the binder reads it in place (a struct of arrays would be copied, and every array retained,
/// at each use).
final class RoutePlan: Sendable {
    /// One query key the route binds.
    struct QueryKey: Sendable {
        let keyStart: Int
        let keyLength: Int
        /// The parameter's index in `readers`.
        let parameter: Int
        /// The item's position in the manifest's `query` (which missing item is reported first).
        let manifestIndex: Int
        let isRepeated: Bool
        /// The key and its `=` as the first bytes of a little-endian word, and the mask of those
        /// bytes: an item whose first eight bytes match starts with exactly this key, written raw.
        /// A mask of zero and a prefix of one (never matching) for a key of eight bytes or more,
        /// or with a byte that a URL must escape or that decoding changes; such a key is found by
        /// decoding each item's key.
        let prefix: UInt64
        let prefixMask: UInt64
        /// Whether the parameter is plain text (a `string` without keywords), read in line as
        /// text of `minScalars...maxScalars` Unicode scalars.
        let isPlainText: Bool
        let minScalars: Int
        let maxScalars: Int

        init(key: [UInt8], keyStart: Int, parameter: Int, manifestIndex: Int, reader: ValueReader) {
            self.keyStart = keyStart
            keyLength = key.count
            self.parameter = parameter
            self.manifestIndex = manifestIndex
            isRepeated = reader.isRepeated
            isPlainText = reader.isPlainText
            minScalars = reader.minimum
            maxScalars = reader.maximum
            // Letters, digits and `-._~` (RFC 3986 `unreserved`) stand raw and decode to themselves.
            let isPlain = { (byte: UInt8) in
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || Array("-._~".utf8).contains(byte)
            }
            if !key.isEmpty, key.count < 8, key.allSatisfy(isPlain) {
                var prefix: UInt64 = 0
                for (index, byte) in (key + [UInt8(ascii: "=")]).enumerated() { prefix |= UInt64(byte) << UInt64(8 * index) }
                self.prefix = prefix
                prefixMask = UInt64.max >> UInt64(8 * (7 - key.count))
            } else {
                prefix = 1
                prefixMask = 0
            }
        }
    }

    /// The parameters' names, read by every ``RouteParameters`` the route binds, and an
    /// open-addressing table of their indices by ``RouteParameters/Name/hash(_:tableCount:)`` (`-1`: empty).
    let names: FrozenArray<RouteParameters.Name>
    let nameTable: FrozenArray<Int32>
    /// Whether the route binds lists: a repeated query item, or a catch-all.
    let hasRepeatedKeys: Bool
    let hasCatchAll: Bool
    let readers: FrozenArray<ValueReader>
    /// Per path pattern segment: the parameter bound there, or `-1` for a literal.
    let pathParameters: FrozenArray<Int>
    /// Repeated keys first: their items are the commonest, and keys are tried in this order.
    let queryKeys: FrozenArray<QueryKey>
    let keyBytes: FrozenArray<UInt8>
    /// Sets of `queryKeys` (bit = index): optional lists, bound empty when absent, and required
    /// items, missing when absent (the binder tests them by set, not key by key).
    let emptyListKeys: UInt64
    let requiredKeys: UInt64
    let rawQuery: Int
    let fragment: Int
    let words: WordList.Frozen
    /// The routes' date formats (each date reader has its index).
    let formats: FrozenArray<DateFormat>
    let formDecoding: Bool
    let ignoresUnknownQueryItems: Bool

    init(_ definition: RouteDefinition, path: PathPattern) {
        var names: [String] = []
        var readers: [ValueReader] = []
        var words = WordList()
        var formats: [DateFormat] = []
        func add(_ name: String) -> Int {
            names.append(name)
            readers.append(ValueReader(definition.parameters[name]!, words: &words, formats: &formats))
            return readers.count - 1
        }
        var pathParameters: [Int] = []
        for segment in path.segments {
            switch segment {
            case .literal: pathParameters.append(-1)
            case .parameter(let name), .catchAll(let name): pathParameters.append(add(name))
            }
        }
        var queryKeys: [QueryKey] = []
        var keyBytes: [UInt8] = []
        for (index, item) in definition.query.enumerated() {
            let parameter = add(item.parameter)
            let key = Array(item.key.utf8)
            queryKeys.append(QueryKey(key: key, keyStart: keyBytes.count, parameter: parameter, manifestIndex: index, reader: readers[parameter]))
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
        // Keys match exactly, so the order changes no result; a key's bit in the binder's `seen`
        // mask is its index here.
        let ordered = queryKeys.filter(\.isRepeated) + queryKeys.filter { !$0.isRepeated }
        self.queryKeys = FrozenArray(ordered)
        var emptyListKeys: UInt64 = 0
        var requiredKeys: UInt64 = 0
        for (item, key) in ordered.enumerated() {
            if !readers[key.parameter].isOptional {
                requiredKeys |= 1 << UInt64(item)
            } else if key.isRepeated {
                emptyListKeys |= 1 << UInt64(item)
            }
        }
        self.emptyListKeys = emptyListKeys
        self.requiredKeys = requiredKeys
        self.keyBytes = FrozenArray(keyBytes)
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
    }
}
