/// The binder: one pass over the path segments, the query and the fragment binds a selected route's
/// parameters, or throws the first fault in URL order from where it is found (its text made only then).
extension RoutePlan {
    /// The bytes the scratch buffer has past each half: room for the query copy's `&` and zero bytes.
    static let scratchPadding = 24

    /// The scratch buffer's size for a URL of `length` bytes: the first half holds text decoded at
    /// the URL's own offsets and the query's padded copy, the second query values decoded while the copy is read.
    static func scratchCapacity(forURLLength length: Int) -> Int { 2 &* (length &+ scratchPadding) }

    /// Binds the route's parameters from the URL `bytes`, its path split into decoded `segments`
    /// (`scratch`: ``scratchCapacity(forURLLength:)`` bytes), or throws the first fault in URL order.
    @inline(__always)
    func bind(
        _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, _ segments: UnsafeBufferPointer<RouteTrie.Segment>,
        scratch: UnsafeMutablePointer<UInt8>
    ) throws(RouteError) -> RouteParameters {
        let context = Context(
            bytes: bytes, scratch: scratch, readers: readers.buffer, words: words, formats: formats.buffer, names: names.buffer)
        // Room for every list item: a query item takes at least three bytes (`k=` and `&`).
        let items = (hasRepeatedKeys ? ((layout.query?.count ?? 0) &+ 1) / 3 : 0) &+ (hasCatchAll ? segments.count : 0)
        let parameters = RouteParameters.Storage.make(plan: self, bytes: bytes, items: items)
        try bindPath(context, segments, into: parameters)
        if rawQuery >= 0 {
            try context.bind(layout.query, rawQuery, .query, form: formDecoding, end: layout.path.upperBound, into: parameters)
        } else {
            try bindQueryItems(context, layout, into: parameters)
        }
        if fragment >= 0 {
            try context.bind(layout.fragment, fragment, .fragment, form: false, end: bytes.count, into: parameters)
        } else if let range = layout.fragment, !range.isEmpty {
            throw .unexpectedFragment(offset: range.lowerBound - 1)
        }
        return RouteParameters(parameters)
    }

    private struct Context {
        let bytes: UnsafeBufferPointer<UInt8>
        let scratch: UnsafeMutablePointer<UInt8>
        let readers: UnsafeBufferPointer<ValueReader>
        let words: WordList.Frozen
        let formats: UnsafeBufferPointer<DateFormat>
        let names: UnsafeBufferPointer<RouteParameters.Name>

        /// Reads `range` of the URL with parameter `parameter`'s reader, decoded into `output` when `special`.
        @inline(__always)
        func read(
            _ range: Range<Int>, _ parameter: Int, special: Bool, form: Bool, output: UnsafeMutablePointer<UInt8>
        ) throws(RouteError) -> ReadValue {
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            guard special else { return try read(parameter, raw, scalars: raw.count, raw: range) }
            return try readDecoding(range, parameter, form: form, output: output)
        }

        /// Escaped text, decoded into `output` and read; out of line, so the plain case inlines.
        @inline(never)
        func readDecoding(
            _ range: Range<Int>, _ parameter: Int, form: Bool, output: UnsafeMutablePointer<UInt8>
        ) throws(RouteError) -> ReadValue {
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            let decoded: (count: Int, scalars: Int)
            do throws(URLRejection) {
                decoded = try PercentDecoding(plusAsSpace: form).decode(raw, offset: range.lowerBound, into: output)
            } catch {
                throw undecodable(parameter, range, error)
            }
            return try read(parameter, UnsafeBufferPointer(start: output, count: decoded.count), scalars: decoded.scalars, raw: range)
        }

        /// Binds a whole component (the raw query, the fragment) to `parameter`, or throws when a
        /// required one is absent (expected at `end`).
        @inline(__always)
        func bind(
            _ range: Range<Int>?, _ parameter: Int, _ component: URLComponentKind, form: Bool, end: Int,
            into parameters: RouteParameters.Storage
        ) throws(RouteError) {
            guard let range else {
                if readers[parameter].isOptional { return }
                throw .missingParameter(name: names[parameter].text, component: component, key: nil, offset: end)
            }
            let value = try read(range, parameter, special: isSpecial(range, form: form), form: form, output: scratch + range.lowerBound)
            parameters.bind(parameter, value, start: range.lowerBound, url: url)
        }

        /// Reads decoded text with parameter `parameter`'s reader; plain text (the commonest) in line.
        @inline(__always)
        func read(_ parameter: Int, _ decoded: UnsafeBufferPointer<UInt8>, scalars: Int, raw: Range<Int>) throws(RouteError) -> ReadValue {
            let reader = readers.baseAddress.unsafelyUnwrapped + parameter
            if reader.pointee.isPlainText, scalars >= reader.pointee.minimum, scalars <= reader.pointee.maximum {
                return .text(decoded)
            }
            return try readTyped(parameter, decoded, scalars: scalars, raw: raw)
        }

        /// A value that is not plain text in bounds; out of line, so the plain case inlines.
        @inline(never)
        func readTyped(
            _ parameter: Int, _ decoded: UnsafeBufferPointer<UInt8>, scalars: Int, raw: Range<Int>
        ) throws(RouteError) -> ReadValue {
            let reader = readers.baseAddress.unsafelyUnwrapped + parameter
            do throws(ParameterSpec.ValueFault) {
                return try reader.pointee.read(decoded, scalars: scalars, words: words, formats: formats)
            } catch {
                throw invalid(parameter, raw, error)
            }
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

        var url: UnsafePointer<UInt8> { bytes.baseAddress.unsafelyUnwrapped }

        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

        @inline(never)
        func invalid(_ parameter: Int, _ raw: Range<Int>, _ fault: ParameterSpec.ValueFault) -> RouteError {
            let index = PercentDecoding.rawIndex(ofDecodedByte: fault.index, in: UnsafeBufferPointer(rebasing: bytes[raw]))
            return .invalidParameter(name: names[parameter].text, value: text(raw), offset: raw.lowerBound + index, fault: fault.fault)
        }

        @inline(never)
        func undecodable(_ parameter: Int, _ raw: Range<Int>, _ rejection: URLRejection) -> RouteError {
            .invalidParameter(name: names[parameter].text, value: text(raw), offset: rejection.offset, fault: .undecodable(rejection))
        }

        /// The fault of a path segment that does not decode to text (found again, only for the error).
        @inline(never)
        func undecodable(_ parameter: Int, _ segment: RouteTrie.Segment) -> RouteError {
            let raw = segment.start..<segment.end
            do throws(URLRejection) {
                let text = UnsafeBufferPointer(rebasing: bytes[raw])
                _ = try PercentDecoding.text.decode(text, offset: raw.lowerBound, into: scratch + raw.lowerBound)
            } catch {
                return undecodable(parameter, raw, error)
            }
            preconditionFailure("a segment that decodes was marked as not text")
        }
    }

    private func bindPath(
        _ context: Context, _ segments: UnsafeBufferPointer<RouteTrie.Segment>, into parameters: RouteParameters.Storage
    ) throws(RouteError) {
        for position in pathParameters.indices {
            let parameter = pathParameters[position]
            if parameter < 0 { continue }
            if context.readers[parameter].kind == .remainder {
                for segment in segments[position...] {
                    guard segment.isText else { throw context.undecodable(parameter, segment) }
                    parameters.append(
                        .text(segment.decodedBytes), start: segment.start, url: context.url, toList: parameter, listStart: segment.start)
                }
            } else {
                let segment = segments[position]
                guard segment.isText else { throw context.undecodable(parameter, segment) }
                let value = try context.read(parameter, segment.decodedBytes, scalars: segment.scalars, raw: segment.start..<segment.end)
                parameters.bind(parameter, value, start: segment.start, url: context.url)
            }
        }
    }

    /// The query's items, split, matched to keys and read in one pass over a copy in the scratch
    /// buffer that ends in `&` and zero bytes (every item ends at a `&`, every sixteen-byte read stays
    /// inside): a raw key of up to 15 bytes is found by its two words (``QueryKey/prefix``), any other decoded.
    private func bindQueryItems(_ context: Context, _ layout: URLLayout, into parameters: RouteParameters.Storage) throws(RouteError) {
        var seen: UInt64 = 0
        let form = formDecoding

        if let query = layout.query, !query.isEmpty, let base = context.bytes.baseAddress {
            let end = query.upperBound
            let copy = context.scratch
            (copy + query.lowerBound).update(from: base + query.lowerBound, count: query.count)
            copy[end] = UInt8(ascii: "&")
            UnsafeMutableRawPointer(copy + end + 1).storeBytes(of: UInt64(0), as: UInt64.self)
            UnsafeMutableRawPointer(copy + end + 9).storeBytes(of: UInt64(0), as: UInt64.self)
            let raw = UnsafeRawPointer(copy)
            let keys = queryKeys.buffer
            let (slots, multiplier, shift) = (keySlots.buffer, keyMultiplier, keyShift)
            let equalsSigns = ByteText.broadcast(UInt8(ascii: "="))
            var start = query.lowerBound
            while true {
                // The item's key: a raw known key and its `=`, else decoded.
                let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                let next = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
                let equals = ByteText.zeroBytes(head ^ equalsSigns), nextEquals = ByteText.zeroBytes(next ^ equalsSigns)
                // A key of 8 to 15 bytes has no `=` in its first word, and its `=` in the second; the
                // key's length is where the `=` is (no load).
                let long = equals == 0
                let prefix = head & (equals ^ (equals &- 1))
                let second = long ? next & (nextEquals ^ (nextEquals &- 1)) : 0
                let keyLength = long ? 8 &+ nextEquals.trailingZeroBitCount &>> 3 : equals.trailingZeroBitCount &>> 3
                let slot = slots[Int(truncatingIfNeeded: ((prefix &+ second) &* multiplier) &>> shift)]
                var (item, parameter, isRepeated) = (Int(slot.key), Int(slot.parameter), slot.isRepeated)
                let valueStart: Int
                let itemEnd: Int
                let valueSpecial: Bool
                var key: UnsafeBufferPointer<UInt8>
                if slot.prefix == prefix && slot.second == second {
                    key = UnsafeBufferPointer(start: base + start, count: keyLength)
                    valueStart = start &+ keyLength &+ 1
                    (itemEnd, valueSpecial) = Self.itemEnd(raw, from: valueStart, form: form)
                } else {
                    let special: Bool
                    (itemEnd, special) = Self.itemEnd(raw, from: start, form: form)
                    if itemEnd == start { throw .emptyQueryItem(offset: start) }
                    var keyEnd = start
                    while keyEnd < itemEnd && copy[keyEnd] != UInt8(ascii: "=") { keyEnd &+= 1 }
                    key = UnsafeBufferPointer(start: base + start, count: keyEnd &- start)
                    valueSpecial = special && keyEnd < itemEnd && context.isSpecial(keyEnd &+ 1..<itemEnd, form: form)
                    if special && context.isSpecial(start..<keyEnd, form: form) {
                        do throws(URLRejection) {
                            let (count, _) = try PercentDecoding(plusAsSpace: form).decode(key, offset: start, into: copy + start)
                            key = UnsafeBufferPointer(start: copy + start, count: count)
                        } catch {
                            throw .undecodableQueryKey(error)
                        }
                    }
                    if let index = keys.indices.first(where: { ByteText.equal(bytes(of: keys[$0]), key) }) {
                        guard keyEnd < itemEnd else {
                            throw .queryItemWithoutValue(key: String(decoding: key, as: UTF8.self), offset: start)
                        }
                        (item, parameter, isRepeated) = (index, keys[index].parameter, keys[index].isRepeated)
                        valueStart = keyEnd &+ 1
                    } else if ignoresUnknownQueryItems {
                        if itemEnd >= end { break }
                        start = itemEnd &+ 1
                        continue
                    } else {
                        throw .unknownQueryItem(key: String(decoding: key, as: UTF8.self), offset: start)
                    }
                }

                let bit: UInt64 = 1 << UInt64(item)
                let output = copy + (context.bytes.count &+ Self.scratchPadding &+ valueStart)
                let value = try context.read(valueStart..<itemEnd, parameter, special: valueSpecial, form: form, output: output)
                if isRepeated {
                    parameters.append(value, start: valueStart, url: base, toList: parameter, listStart: start)
                } else {
                    guard seen & bit == 0 else {
                        throw .duplicateQueryItem(key: String(decoding: key, as: UTF8.self), offset: start)
                    }
                    parameters.bind(parameter, value, start: valueStart, url: base)
                }
                seen |= bit

                if itemEnd >= end { break }
                start = itemEnd &+ 1
            }
        }

        // Absent items, by the sets of keys: an optional list is empty; a required item is
        // missing (the first in the manifest's order).
        var empty = emptyListKeys & ~seen
        if empty != 0 {
            let start = layout.query?.upperBound ?? layout.path.upperBound
            repeat {
                parameters.bindEmptyList(queryKeys[empty.trailingZeroBitCount].parameter, start: start)
                empty &= empty &- 1
            } while empty != 0
        }
        let absent = requiredKeys & ~seen
        if absent != 0 { throw missingItem(absent, layout) }
    }

    /// The error for the required items `absent` (a set of keys): the first in the manifest's order.
    @inline(never)
    private func missingItem(_ absent: UInt64, _ layout: URLLayout) -> RouteError {
        let missing = queryKeys[absent.trailingZeroBitCount]
        let key = String(decoding: bytes(of: missing), as: UTF8.self)
        return .missingParameter(
            name: names[missing.parameter].text, component: .query, key: key, offset: layout.query?.upperBound ?? layout.path.upperBound)
    }

    /// The offset of the first `&` from `start` on (`bytes` holds one, eight bytes readable before
    /// it), and whether a `%` (or, under form decoding, a `+`) comes before it: a word at a time.
    @inline(__always)
    private static func itemEnd(_ bytes: UnsafeRawPointer, from start: Int, form: Bool) -> (Int, special: Bool) {
        let ampersand = ByteText.broadcast(UInt8(ascii: "&")), percent = ByteText.broadcast(UInt8(ascii: "%"))
        let plus = form ? ByteText.broadcast(UInt8(ascii: "+")) : percent
        var index = start
        var special: UInt64 = 0
        while true {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let ends = ByteText.zeroBytes(word ^ ampersand)
            // Each set's lowest mark is exact (``ByteText/zeroBytes(_:)``): one below the first `&` is real.
            let escapes = ByteText.zeroBytes(word ^ percent) | ByteText.zeroBytes(word ^ plus)
            if ends != 0 {
                special |= escapes & ((ends & (0 &- ends)) &- 1)
                return (index &+ ends.trailingZeroBitCount &>> 3, special != 0)
            }
            special |= escapes
            index &+= 8
        }
    }

    /// The bytes of a query key.
    private func bytes(of key: QueryKey) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: keyBytes.buffer[key.keyStart..<key.keyStart + key.keyLength])
    }
}
