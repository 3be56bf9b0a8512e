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
    /// or returns `nil` (see the type's description). `scratch` has room for the URL's length.
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

        /// ``read(_:_:scalars:)`` with plain text (the commonest repeated item) read in line, where
        /// the compiler would otherwise call the whole reader.
        @inline(__always)
        func readTextFirst(_ parameter: Int, _ decoded: UnsafeBufferPointer<UInt8>, scalars: Int) -> ReadValue? {
            let reader = readers.baseAddress.unsafelyUnwrapped + parameter
            if reader.pointee.kind == .string && reader.pointee.keywords.isEmpty {
                guard scalars >= reader.pointee.minLength, scalars <= reader.pointee.maxLength else { return nil }
                return .text(decoded)
            }
            return read(parameter, decoded, scalars: scalars)
        }

        /// Whether `range` holds `%` (or `+` under form decoding).
        @inline(__always)
        func isSpecial(_ range: Range<Int>, form: Bool) -> Bool {
            for index in range {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") || (form && byte == UInt8(ascii: "+")) { return true }
            }
            return false
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

    /// The query's `key=value` items, split, matched to keys and read in one pass.
    private func bindQueryItems<Sink: ValueSink>(_ context: Context, _ layout: Tail, into sink: inout Sink) -> Bool {
        let bytes = context.bytes
        let readers = context.readers
        var seen: UInt64 = 0
        var lists = Sink.listState()

        if let query = layout.query, !query.isEmpty {
            let end = query.upperBound
            let base = bytes.baseAddress!
            let ampersand = ByteText.broadcast(UInt8(ascii: "&")), equals = ByteText.broadcast(UInt8(ascii: "="))
            let percent = ByteText.broadcast(UInt8(ascii: "%"))
            let plus = formDecoding ? ByteText.broadcast(UInt8(ascii: "+")) : percent
            var start = query.lowerBound
            var index = start
            var equalsAt = -1
            var keySpecial = false
            var valueSpecial = false
            while true {
                index = ByteText.firstOf(ampersand, equals, percent, plus, in: base, from: index, to: end)
                if index < end && base[index] != UInt8(ascii: "&") {
                    if base[index] == UInt8(ascii: "=") {
                        if equalsAt < 0 { equalsAt = index }
                    } else if equalsAt < 0 {
                        keySpecial = true
                    } else {
                        valueSpecial = true
                    }
                    index += 1
                    continue
                }

                // One item: start..<index.
                if index == start { return false }
                let keyEnd = equalsAt < 0 ? index : equalsAt
                var key = UnsafeBufferPointer(rebasing: bytes[start..<keyEnd])
                if keySpecial {
                    let output = context.scratch + start
                    guard let (count, _) = FastText.decode(key, plusAsSpace: formDecoding, into: output) else { return false }
                    key = UnsafeBufferPointer(start: output, count: count)
                }
                if let item = itemIndex(key) {
                    guard equalsAt >= 0 else { return false }
                    let binding = queryKeys[item]
                    let valueRange = equalsAt + 1..<index
                    let bit: UInt64 = 1 << UInt64(item)
                    let slot = binding.listSlot
                    if slot < 0 {
                        guard seen & bit == 0,
                            context.bind(valueRange, binding.parameter, special: valueSpecial, form: formDecoding, into: &sink)
                        else { return false }
                    } else {
                        guard let (decoded, scalars) = context.decoded(valueRange, special: valueSpecial, form: formDecoding),
                            let value = context.readTextFirst(binding.parameter, decoded, scalars: scalars)
                        else { return false }
                        // Each further item takes at least `key=` and `&`: room for all of them.
                        sink.append(
                            binding.parameter, slot: slot, value, first: seen & bit == 0,
                            capacity: (end - start + 1) / (binding.keyLength + 2), offset: start, lists: &lists)
                    }
                    seen |= bit
                } else if !ignoresUnknownQueryItems {
                    return false
                }

                if index >= end { break }
                index += 1
                start = index
                equalsAt = -1
                keySpecial = false
                valueSpecial = false
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
