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
        /// The item's position in the manifest's `query` (which missing item is reported first).
        let manifestIndex: Int
        let isRepeated: Bool
        /// The key and its `=` as a word's first bytes, and their mask: an item whose first eight bytes
        /// match starts with this key, raw. Longer or escapable keys never match (found by decoding).
        let prefix: UInt64
        let prefixMask: UInt64

        init(key: [UInt8], keyStart: Int, parameter: Int, manifestIndex: Int, isRepeated: Bool) {
            self.keyStart = keyStart
            keyLength = key.count
            self.parameter = parameter
            self.manifestIndex = manifestIndex
            self.isRepeated = isRepeated
            // Letters, digits and `-._~` (RFC 3986 `unreserved`) stand raw and decode to themselves.
            let isPlain = { (byte: UInt8) in
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || "-._~".utf8.contains(byte)
            }
            let fits = !key.isEmpty && key.count < 8 && key.allSatisfy(isPlain)
            prefix = fits ? (key + [UInt8(ascii: "=")]).reversed().reduce(0) { $0 << 8 | UInt64($1) } : 1
            prefixMask = fits ? UInt64.max >> UInt64(8 * (7 - key.count)) : 0
        }
    }

    let definition: RouteDefinition
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
    /// Repeated keys first: their items are the commonest, and keys are tried in this order.
    let queryKeys: FrozenArray<QueryKey>
    let keyBytes: FrozenArray<UInt8>
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

    init(_ definition: RouteDefinition, index: Int, host: String?, path: PathPattern) {
        self.definition = definition
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
        for (position, item) in definition.query.enumerated() {
            let parameter = add(item.parameter)
            let key = Array(item.key.utf8)
            let (start, isRepeated) = (keyBytes.count, readers[parameter].isRepeated)
            queryKeys.append(QueryKey(key: key, keyStart: start, parameter: parameter, manifestIndex: position, isRepeated: isRepeated))
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
        func keys(where included: (QueryKey) -> Bool) -> UInt64 {
            ordered.indices.reduce(0) { included(ordered[$1]) ? $0 | 1 << UInt64($1) : $0 }
        }
        requiredKeys = keys { !readers[$0.parameter].isOptional }
        emptyListKeys = keys { readers[$0.parameter].isOptional && $0.isRepeated }
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
