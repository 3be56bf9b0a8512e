/// What the fast binder needs of one route, compiled at registration into arrays of plain
/// values: one ``ValueReader`` per parameter, query keys as bytes, and where each is bound.
/// A class, so the binder reads it in place (a struct of arrays would be copied, and every
/// array retained, at each use).
final class FastPlan: Sendable {
    /// One query key the route binds.
    struct QueryKey: Sendable {
        let keyStart: Int
        let keyLength: Int
        /// The parameter's index in `readers`.
        let parameter: Int
        /// For a repeated item: its index among the repeated ones; else `-1`.
        let listSlot: Int
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

        init(key: [UInt8], keyStart: Int, parameter: Int, listSlot: Int, reader: ValueReader) {
            self.keyStart = keyStart
            keyLength = key.count
            self.parameter = parameter
            self.listSlot = listSlot
            isPlainText = reader.isPlainText
            minScalars = reader.minLength
            maxScalars = reader.maxLength
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

    /// The most repeated query items the fast binder gathers (routes with more take the precise path).
    static let maximumLists = 4

    /// The parameters' names (shared by every ``RouteParameters`` the route binds).
    let names: [RouteParameters.Name]
    /// The same names, read without reference counting (by ``SlotView``).
    let nameBuffer: FrozenArray<RouteParameters.Name>
    let readers: FrozenArray<ValueReader>
    /// Per path pattern segment: the parameter bound there, or `-1` for a literal.
    let pathParameters: FrozenArray<Int>
    let queryKeys: FrozenArray<QueryKey>
    let keyBytes: FrozenArray<UInt8>
    let rawQuery: Int
    let fragment: Int
    let words: WordList.Frozen
    /// The pieces of the routes' date formats (each reader has its range).
    let pieces: FrozenArray<DateFormat.Piece>
    let formDecoding: Bool
    let ignoresUnknownQueryItems: Bool
    /// The fewest bytes a repeated query item and its `&` take (the shortest such key, `=`, `&`),
    /// or `0` when no item repeats: list items need room of their own when bound into slots.
    let shortestListItem: Int

    /// The plan of a route's bindings, or `nil` for a route the fast binder leaves to the precise one.
    init?(
        pathParameters pathBindings: [Route.Binding?], queryItems: [Route.Binding], rawQuery rawBinding: Route.Binding?,
        fragment fragmentBinding: Route.Binding?, decoding: PercentDecoding, unknownQueryItems: RouteDefinition.UnknownQueryItems
    ) {
        var names: [String] = []
        var readers: [ValueReader] = []
        var words = WordList()
        var pieces: [DateFormat.Piece] = []
        func add(_ binding: Route.Binding) -> Int {
            names.append(binding.name)
            readers.append(ValueReader(binding.spec, words: &words, pieces: &pieces))
            return readers.count - 1
        }
        var pathParameters: [Int] = []
        for binding in pathBindings {
            pathParameters.append(binding.map(add) ?? -1)
        }
        var queryKeys: [QueryKey] = []
        var keyBytes: [UInt8] = []
        var listItems: [Int] = []
        for (index, binding) in queryItems.enumerated() {
            let parameter = add(binding)
            var slot = -1
            if binding.spec.isRepeated {
                slot = listItems.count
                listItems.append(index)
            }
            queryKeys.append(
                QueryKey(key: binding.key, keyStart: keyBytes.count, parameter: parameter, listSlot: slot, reader: readers[parameter]))
            keyBytes += binding.key
        }
        if listItems.count > Self.maximumLists { return nil }
        shortestListItem = listItems.map { queryItems[$0].key.count + 2 }.min() ?? 0
        self.rawQuery = rawBinding.map(add) ?? -1
        self.fragment = fragmentBinding.map(add) ?? -1
        self.names = names.map(RouteParameters.Name.init)
        nameBuffer = FrozenArray(self.names)
        self.readers = FrozenArray(readers)
        self.words = words.frozen()
        self.pieces = FrozenArray(pieces)
        self.pathParameters = FrozenArray(pathParameters)
        // Repeated keys first: their items are the commonest, and keys are tried in this order.
        // (Keys match exactly, so the order changes no result; a key's bit in the binder's
        // `seen` mask is its index here.)
        self.queryKeys = FrozenArray(queryKeys.filter { $0.listSlot >= 0 } + queryKeys.filter { $0.listSlot < 0 })
        self.keyBytes = FrozenArray(keyBytes)
        formDecoding = decoding.plusAsSpace
        ignoresUnknownQueryItems = unknownQueryItems == .ignore
    }

    deinit {
        nameBuffer.free()
        readers.free()
        words.free()
        pieces.free()
        pathParameters.free()
        queryKeys.free()
        keyBytes.free()
    }
}
