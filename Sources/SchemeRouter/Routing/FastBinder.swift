/// The routing fast path's binder: reads a selected route's parameters in one pass over the
/// path segments, the query and the fragment, with the compiled ``FastPlan``, and hands each
/// value to a ``ValueSink`` (``EagerSink`` for a ``RouteParameters``, ``SlotSink`` for
/// ``RouteValues``).
///
/// It fails (`nil`, `false`) at the first thing that is not a clean success (a value of the wrong type, a
/// missing or unknown item, text that does not decode, …), and the caller then runs the precise
/// ``RouteBinder``, which reports the first fault in URL order with its offset. On success both
/// bind the same values at the same offsets (a differential property test checks it).
extension FastPlan {
    /// Binds the route's parameters from a URL whose path is split into `segments` (decoded),
    /// or returns `nil` (see the type's description). `scratch` has
    /// ``scratchCapacity(forURLLength:)`` bytes.
    func bind(
        _ bytes: UnsafeBufferPointer<UInt8>, _ layout: Tail, _ segments: UnsafeBufferPointer<FlatTrie.Segment>,
        scratch: UnsafeMutablePointer<UInt8>
    ) -> RouteParameters? {
        var sink = EagerSink(RouteParameters(names: names, capacity: readers.count), words: words.view)
        guard bind(bytes, layout, segments, scratch: scratch, into: &sink) else { return nil }
        return sink.parameters
    }

    /// Binds the route's parameters into `sink`, or returns `false` (see the type's description).
    /// Text handed to the sink lies in `bytes` or `scratch`.
    @inline(__always)
    func bind<Sink: ValueSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ layout: Tail, _ segments: UnsafeBufferPointer<FlatTrie.Segment>,
        scratch: UnsafeMutablePointer<UInt8>, into sink: inout Sink
    ) -> Bool {
        let context = Context(
            bytes: bytes, scratch: scratch, readers: readers.buffer, words: words.view, pieces: pieces.buffer,
            formDecoding: formDecoding)
        return bind(context, layout, segments, into: &sink)
    }

    /// What binding reads of a URL's layout past the path (copying the whole layout costs more).
    struct Tail {
        let pathEnd: Int
        let query: Range<Int>?
        let fragment: Range<Int>?

        @inline(__always)
        init(_ layout: URLLayout) {
            pathEnd = layout.path.upperBound
            query = layout.query
            fragment = layout.fragment
        }
    }

    private struct Context {
        let bytes: UnsafeBufferPointer<UInt8>
        let scratch: UnsafeMutablePointer<UInt8>
        let readers: UnsafeBufferPointer<ValueReader>
        let words: WordList.View
        let pieces: UnsafeBufferPointer<DateFormat.Piece>
        let formDecoding: Bool

        /// The decoded bytes of `range` of the URL and their number of scalars, or `nil` when they
        /// are not text; `special` says whether the range holds a byte that decoding changes (`%`,
        /// or `+` under form decoding).
        @inline(__always)
        func decoded(_ range: Range<Int>, special: Bool, form: Bool) -> (UnsafeBufferPointer<UInt8>, Int)? {
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            if !special { return (raw, raw.count) }
            let output = scratch + range.lowerBound
            guard let (count, scalars) = FastText.decode(raw, plusAsSpace: form, into: output) else { return nil }
            return (UnsafeBufferPointer(start: output, count: count), scalars)
        }

        /// Reads `range` with parameter `parameter`'s reader and binds it; `false` on any fault.
        @inline(__always)
        func bind<Sink: ValueSink>(
            _ range: Range<Int>, _ parameter: Int, special: Bool, form: Bool, into sink: inout Sink
        ) -> Bool {
            guard let (decoded, scalars) = decoded(range, special: special, form: form),
                let value = read(parameter, decoded, scalars: scalars)
            else { return false }
            sink.bind(parameter, value, offset: range.lowerBound)
            return true
        }

        /// Reads decoded text with parameter `parameter`'s reader.
        @inline(__always)
        func read(_ parameter: Int, _ decoded: UnsafeBufferPointer<UInt8>, scalars: Int) -> ReadValue? {
            readers.baseAddress.unsafelyUnwrapped[parameter].read(decoded, scalars: scalars, words: words, pieces: pieces)
        }

        /// ``read(_:_:scalars:)`` with plain text (the commonest path parameter) read in line, where
        /// the compiler would otherwise call the whole reader.
        @inline(__always)
        func readTextFirst(_ parameter: Int, _ decoded: UnsafeBufferPointer<UInt8>, scalars: Int) -> ReadValue? {
            let reader = readers.baseAddress.unsafelyUnwrapped + parameter
            if reader.pointee.isPlainText {
                guard scalars >= reader.pointee.minLength, scalars <= reader.pointee.maxLength else { return nil }
                return .text(decoded)
            }
            return read(parameter, decoded, scalars: scalars)
        }

        /// Whether `range` holds `%` (or `+` under form decoding), a word at a time.
        @inline(__always)
        func isSpecial(_ range: Range<Int>, form: Bool) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            let percent = ByteText.broadcast(UInt8(ascii: "%"))
            let plus = form ? ByteText.broadcast(UInt8(ascii: "+")) : percent
            return ByteText.firstOf(percent, plus, percent, percent, in: base, from: range.lowerBound, to: range.upperBound)
                < range.upperBound
        }
    }

    private func bind<Sink: ValueSink>(
        _ context: Context, _ layout: Tail, _ segments: UnsafeBufferPointer<FlatTrie.Segment>, into sink: inout Sink
    ) -> Bool {
        let readers = context.readers

        // The path.
        for position in pathParameters.indices {
            let parameter = pathParameters[position]
            if parameter < 0 { continue }
            if readers.baseAddress.unsafelyUnwrapped[parameter].kind == .remainder {
                sink.bindRemainder(parameter, segments, from: position)
            } else {
                let segment = segments[position]
                guard let value = context.readTextFirst(parameter, segment.decodedBytes, scalars: segment.scalars)
                else { return false }
                sink.bind(parameter, value, offset: segment.start)
            }
        }

        // The query.
        if rawQuery >= 0 {
            if let query = layout.query {
                let special = context.isSpecial(query, form: formDecoding)
                guard context.bind(query, rawQuery, special: special, form: formDecoding, into: &sink)
                else { return false }
            } else if !readers[rawQuery].isOptional {
                return false
            }
        } else if !bindQueryItems(context, layout, into: &sink) {
            return false
        }

        // The fragment.
        if fragment >= 0 {
            if let range = layout.fragment {
                let special = context.isSpecial(range, form: false)
                guard context.bind(range, fragment, special: special, form: false, into: &sink)
                else { return false }
            } else if !readers[fragment].isOptional {
                return false
            }
        } else if let range = layout.fragment, !range.isEmpty {
            return false
        }
        return true
    }

    /// The bytes each half of the scratch buffer has past the URL's length: room for the query
    /// copy's `&` and zero bytes, and for the word written past decoded text.
    static let scratchPadding = 16

    /// The scratch buffer's size for a URL of `length` bytes, in two halves. The first holds text
    /// decoded at the URL's offsets by ``FastText/decode(_:plusAsSpace:into:)`` and the query's
    /// padded copy (``bindQueryItems(_:_:into:)``); the second, text decoded a word at a time
    /// (``FastText/decodePadded(_:count:plusAsSpace:into:)``, which writes past its end), at
    /// ``paddedOutput(_:urlLength:offset:)``.
    static func scratchCapacity(forURLLength length: Int) -> Int { 2 &* (length &+ scratchPadding) }

    /// Where ``FastText/decodePadded(_:count:plusAsSpace:into:)`` decodes the URL's text at
    /// `offset`: the scratch buffer's second half, at the same offset (so decoded parts never
    /// overlap, and a word written past one lands where a later part is decoded, or in the padding).
    @inline(__always)
    static func paddedOutput(_ scratch: UnsafeMutablePointer<UInt8>, urlLength: Int, offset: Int) -> UnsafeMutablePointer<UInt8> {
        scratch + (urlLength &+ scratchPadding &+ offset)
    }

    /// The query's `key=value` items, split, matched to keys and read in one pass.
    ///
    /// The query is first copied into the scratch buffer at its own offsets, followed by a `&`
    /// and zero bytes, so every item ends at a `&` and every eight-byte read stays inside the
    /// buffer: an item's key is then found by comparing its first word with each key's
    /// ``QueryKey/prefix`` (no scan, no decoding), and its end by one scan for `&` that notes a
    /// `%` (or `+`) on the way. An item no prefix matches (an escaped, long or unknown key) has
    /// its key decoded and looked up; an escaped key is decoded over its own copied bytes (decoding
    /// never lengthens text), which the scan has passed. Escaped values are decoded from the copy,
    /// which may be read past them, into the buffer's second half (``paddedOutput(_:urlLength:offset:)``).
    private func bindQueryItems<Sink: ValueSink>(_ context: Context, _ layout: Tail, into sink: inout Sink) -> Bool {
        let readers = context.readers
        var seen: UInt64 = 0
        var lists = Sink.listState()

        if let query = layout.query, !query.isEmpty, let base = context.bytes.baseAddress {
            let end = query.upperBound
            let copy = context.scratch
            (copy + query.lowerBound).update(from: base + query.lowerBound, count: query.count)
            copy[end] = UInt8(ascii: "&")
            UnsafeMutableRawPointer(copy + end + 1).storeBytes(of: UInt64(0), as: UInt64.self)
            let raw = UnsafeRawPointer(copy)
            let keys = queryKeys.buffer
            var start = query.lowerBound
            while true {
                // The item's key: a raw known key and its `=`, else decoded.
                let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                var item = 0
                while item < keys.count && head & keys[item].prefixMask != keys[item].prefix { item &+= 1 }
                let valueStart: Int
                let itemEnd: Int
                var valueSpecial: Bool
                if item < keys.count {
                    valueStart = start &+ keys[item].keyLength &+ 1
                    (itemEnd, valueSpecial) = Self.itemEnd(raw, from: valueStart, form: formDecoding)
                } else {
                    let special: Bool
                    (itemEnd, special) = Self.itemEnd(raw, from: start, form: formDecoding)
                    if itemEnd == start { return false }
                    var keyEnd = start
                    while keyEnd < itemEnd && copy[keyEnd] != UInt8(ascii: "=") { keyEnd &+= 1 }
                    var key = UnsafeBufferPointer(start: base + start, count: keyEnd &- start)
                    valueSpecial = false
                    if special {
                        valueSpecial = keyEnd < itemEnd && context.isSpecial(keyEnd &+ 1..<itemEnd, form: formDecoding)
                        if context.isSpecial(start..<keyEnd, form: formDecoding) {
                            guard let (count, _) = FastText.decode(key, plusAsSpace: formDecoding, into: copy + start)
                            else { return false }
                            key = UnsafeBufferPointer(start: copy + start, count: count)
                        }
                    }
                    if let index = itemIndex(key) {
                        guard keyEnd < itemEnd else { return false }
                        item = index
                        valueStart = keyEnd &+ 1
                    } else if ignoresUnknownQueryItems {
                        if itemEnd >= end { break }
                        start = itemEnd &+ 1
                        continue
                    } else {
                        return false
                    }
                }

                let binding = keys[item]
                let bit: UInt64 = 1 << UInt64(item)
                let slot = binding.listSlot
                guard slot >= 0 || seen & bit == 0 else { return false }
                let decoded: UnsafeBufferPointer<UInt8>
                let scalars: Int
                if valueSpecial {
                    // From the padded copy into the buffer's second half, at the same offsets.
                    let output = Self.paddedOutput(copy, urlLength: context.bytes.count, offset: valueStart)
                    guard let (count, found) = FastText.decodePadded(
                        copy + valueStart, count: itemEnd &- valueStart, plusAsSpace: formDecoding, into: output)
                    else { return false }
                    decoded = UnsafeBufferPointer(start: output, count: count)
                    scalars = found
                } else {
                    decoded = UnsafeBufferPointer(start: base + valueStart, count: itemEnd &- valueStart)
                    scalars = itemEnd &- valueStart
                }
                // Plain text (the commonest item) is kept as it is, without a ReadValue; the two
                // branches stay apart because that measured faster than one through ReadValue.
                if binding.isPlainText {
                    guard scalars >= binding.minScalars, scalars <= binding.maxScalars else { return false }
                    if slot < 0 {
                        sink.bindText(binding.parameter, decoded, offset: valueStart)
                    } else {
                        sink.appendText(
                            binding.parameter, slot: slot, decoded, first: seen & bit == 0,
                            capacity: Self.listRoom(from: start, to: end, keyLength: binding.keyLength), offset: start,
                            lists: &lists)
                    }
                } else {
                    guard let value = context.read(binding.parameter, decoded, scalars: scalars) else { return false }
                    if slot < 0 {
                        sink.bind(binding.parameter, value, offset: valueStart)
                    } else {
                        sink.append(
                            binding.parameter, slot: slot, value, first: seen & bit == 0,
                            capacity: Self.listRoom(from: start, to: end, keyLength: binding.keyLength), offset: start,
                            lists: &lists)
                    }
                }
                seen |= bit

                if itemEnd >= end { break }
                start = itemEnd &+ 1
            }
        }

        for item in queryKeys.indices {
            let binding = queryKeys[item]
            let reader = readers[binding.parameter]
            let present = seen & (1 << UInt64(item)) != 0
            if binding.listSlot >= 0 {
                if present || reader.isOptional {
                    sink.finishList(
                        binding.parameter, slot: binding.listSlot, present: present,
                        offset: layout.query?.upperBound ?? layout.pathEnd, lists: &lists)
                    continue
                }
            } else if present || reader.isOptional {
                continue
            }
            return false
        }
        return true
    }

    /// Room for a list whose first item starts at `start` of a query ending at `end`: each further
    /// item takes at least its key, `=` and `&`. The divisor is at least 2, so the division has
    /// no trap to check (a sink that ignores the room then pays nothing for it).
    @inline(__always)
    private static func listRoom(from start: Int, to end: Int, keyLength: Int) -> Int {
        (end &- start &+ 1) / max(keyLength &+ 2, 2)
    }

    /// The offset of the first `&` from `start` on in `bytes`, which holds one there or after it
    /// (and eight readable bytes from each offset up to it), and whether a `%` (or, under form
    /// decoding, a `+`) comes before it: a word at a time.
    @inline(__always)
    private static func itemEnd(_ bytes: UnsafeRawPointer, from start: Int, form: Bool) -> (Int, special: Bool) {
        let ampersand = ByteText.broadcast(UInt8(ascii: "&")), percent = ByteText.broadcast(UInt8(ascii: "%"))
        let plus = form ? ByteText.broadcast(UInt8(ascii: "+")) : percent
        var index = start
        var special: UInt64 = 0
        while true {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let ends = ByteText.zeroBytes(word ^ ampersand)
            // Each set's lowest mark is exact (see ``ByteText/zeroBytes(_:)``): any mark below the
            // first `&` means a real `%` or `+` before it.
            let escapes = ByteText.zeroBytes(word ^ percent) | ByteText.zeroBytes(word ^ plus)
            if ends != 0 {
                special |= escapes & ((ends & (0 &- ends)) &- 1)
                return (index &+ ends.trailingZeroBitCount &>> 3, special != 0)
            }
            special |= escapes
            index &+= 8
        }
    }

    /// The index of the query key that is exactly `key`, or `nil`.
    @inline(__always)
    private func itemIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let keyBytes = self.keyBytes.buffer
        for item in queryKeys.indices {
            let binding = queryKeys[item]
            if binding.keyLength == key.count,
                ByteText.equal(UnsafeBufferPointer(rebasing: keyBytes[binding.keyStart..<binding.keyStart + key.count]), key)
            {
                return item
            }
        }
        return nil
    }
}
