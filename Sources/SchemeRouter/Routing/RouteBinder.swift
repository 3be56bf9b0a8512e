/// Reads a selected route's parameters from a URL: path segments, query items or the raw query,
/// and the fragment, in that order (so the first fault in the URL is the one reported), each
/// percent-decoded strictly and parsed as its declared type.
///
/// It works on the URL's bytes and its layout: nothing is decoded that needs no decoding,
/// decoded bytes go to one scratch buffer, and numbers, UUIDs, booleans, dates, enumeration
/// values and keywords are read without making a `String`.
struct RouteBinder {
    let plan: Route.Plan
    let bytes: UnsafeBufferPointer<UInt8>
    let layout: URLLayout
    let path: RouteTable.PathView
    let scratch: UnsafeMutableBufferPointer<UInt8>

    func bind() throws(RouteError) -> RouteParameters {
        var parameters = RouteParameters(names: [], capacity: plan.definition.parameters.count)
        try bindPath(into: &parameters)
        try bindQuery(into: &parameters)
        try bindFragment(into: &parameters)
        return parameters
    }

    private func bindPath(into parameters: inout RouteParameters) throws(RouteError) {
        for position in plan.pathParameters.indices {
            guard let binding = plan.pathParameters[position] else { continue }
            let name = binding.name
            let spec = binding.spec
            if case .remainder = spec.kind {
                var values: [String] = []
                values.reserveCapacity(path.segments.count - position)
                for index in position..<path.segments.count {
                    let decoded = try decodedSegment(index, parameter: name)
                    values.append(String(decoding: decoded, as: UTF8.self))
                }
                parameters.bindNew(name, strings: values, offset: path.segments[position].lowerBound)
            } else {
                let range = path.segments[position]
                let decoded = try decodedSegment(position, parameter: name)
                parameters.bindNew(name, try read(decoded, binding, raw: range), offset: range.lowerBound)
            }
        }
    }

    private func bindQuery(into parameters: inout RouteParameters) throws(RouteError) {
        if let binding = plan.rawQuery {
            let name = binding.name
            let spec = binding.spec
            if let query = layout.query {
                let decoded = try decode(query, plan.decoding, parameter: name)
                parameters.bindNew(name, try read(decoded, binding, raw: query), offset: query.lowerBound)
            } else if !spec.isOptional {
                throw .missingParameter(name: name, component: .query, key: nil, offset: layout.path.upperBound)
            }
            return
        }

        // Which query items were seen (bit i for plan.queryItems[i]), and the values of repeated ones.
        var seen: UInt64 = 0
        var lists = RepeatedValues()
        if let query = layout.query, !query.isEmpty {
            var start = query.lowerBound
            while start <= query.upperBound {
                var end = start
                while end < query.upperBound && bytes[end] != UInt8(ascii: "&") { end += 1 }
                try bindItem(start..<end, into: &parameters, seen: &seen, lists: &lists)
                start = end + 1
            }
        }
        for (index, item) in plan.queryItems.enumerated() {
            if item.spec.isRepeated {
                if let (values, offset) = lists.values(at: index) {
                    parameters.bindNew(item.name, list: values, offset: offset)
                    continue
                }
                if item.spec.isOptional {
                    parameters.bindNew(item.name, list: [], offset: layout.query?.upperBound ?? layout.path.upperBound)
                    continue
                }
            } else if seen & (1 << UInt64(index)) != 0 || item.spec.isOptional {
                continue
            }
            let end = layout.query?.upperBound ?? layout.path.upperBound
            throw .missingParameter(
                name: item.name, component: .query, key: String(decoding: item.key, as: UTF8.self), offset: end)
        }
    }

    /// One `key[=value]` item of the query.
    private func bindItem(
        _ item: Range<Int>, into parameters: inout RouteParameters, seen: inout UInt64, lists: inout RepeatedValues
    ) throws(RouteError) {
        var equals = item.lowerBound
        while equals < item.upperBound && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        let keyRange = item.lowerBound..<equals
        if item.isEmpty { throw .emptyQueryItem(offset: item.lowerBound) }
        let key: UnsafeBufferPointer<UInt8>
        do { key = try plan.decoding.decode(bytes, keyRange, scratch: scratch) } catch { throw .undecodableQueryKey(error) }
        guard let index = plan.queryItems.firstIndex(where: { $0.hasKey(key) }) else {
            if plan.definition.unknownQueryItems == .ignore { return }
            throw .unknownQueryItem(key: String(decoding: key, as: UTF8.self), offset: item.lowerBound)
        }
        let binding = plan.queryItems[index]
        guard equals < item.upperBound else {
            throw .queryItemWithoutValue(key: String(decoding: key, as: UTF8.self), offset: item.lowerBound)
        }
        let valueRange = equals + 1..<item.upperBound
        let decoded = try decode(valueRange, plan.decoding, parameter: binding.name)
        let value = try read(decoded, binding, raw: valueRange)
        let bit: UInt64 = 1 << UInt64(index)
        if binding.spec.isRepeated {
            lists.append(value, at: index, offset: item.lowerBound, itemCount: plan.queryItems.count)
        } else {
            guard seen & bit == 0 else {
                throw .duplicateQueryItem(key: String(decoding: key, as: UTF8.self), offset: item.lowerBound)
            }
            parameters.bindNew(binding.name, value, offset: valueRange.lowerBound)
        }
        seen |= bit
    }

    private func bindFragment(into parameters: inout RouteParameters) throws(RouteError) {
        guard let binding = plan.fragment else {
            if let fragment = layout.fragment, !fragment.isEmpty { throw .unexpectedFragment(offset: fragment.lowerBound - 1) }
            return
        }
        if let fragment = layout.fragment {
            let decoded = try decode(fragment, .text, parameter: binding.name)
            parameters.bindNew(binding.name, try read(decoded, binding, raw: fragment), offset: fragment.lowerBound)
        } else if !binding.spec.isOptional {
            throw .missingParameter(name: binding.name, component: .fragment, key: nil, offset: bytes.count)
        }
    }

    // MARK: - Reading one value

    /// A path segment's decoded bytes (selection decoded them already), or its decoding fault.
    private func decodedSegment(_ index: Int, parameter: String) throws(RouteError) -> UnsafeBufferPointer<UInt8> {
        if let decoded = path.decoded[index] { return decoded }
        return try decode(path.segments[index], .text, parameter: parameter)
    }

    private func decode(_ range: Range<Int>, _ decoding: PercentDecoding, parameter: String) throws(RouteError) -> UnsafeBufferPointer<UInt8> {
        do {
            return try decoding.decode(bytes, range, scratch: scratch)
        } catch {
            throw .invalidParameter(name: parameter, value: text(range), offset: error.offset, fault: .undecodable(error))
        }
    }

    private func read(_ decoded: UnsafeBufferPointer<UInt8>, _ binding: Route.Binding, raw: Range<Int>) throws(RouteError) -> ParameterValue {
        do {
            return try binding.spec.parseScalar(decoded)
        } catch {
            throw .invalidParameter(
                name: binding.name, value: text(raw), offset: Self.rawOffset(ofDecodedByte: error.index, in: bytes, raw), fault: error.fault)
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The URL offset of the text that decodes to byte `index` (each `%XX` is three raw bytes).
    static func rawOffset(ofDecodedByte index: Int, in bytes: UnsafeBufferPointer<UInt8>, _ raw: Range<Int>) -> Int {
        var position = raw.lowerBound
        var decoded = 0
        while position < raw.upperBound && decoded < index {
            position += bytes[position] == UInt8(ascii: "%") ? 3 : 1
            decoded += 1
        }
        return min(position, raw.upperBound)
    }
}

/// The values of a route's repeated query items, gathered while the query is read and bound once
/// at the end (growing one array per item beats rewriting an enum-wrapped list per value).
struct RepeatedValues {
    private var lists: [[ParameterValue]] = []
    private var offsets: [Int] = []

    /// Adds a value of query item `index`, first seen at `offset`.
    mutating func append(_ value: ParameterValue, at index: Int, offset: Int, itemCount: Int) {
        if lists.isEmpty {
            lists = Array(repeating: [], count: itemCount)
            offsets = Array(repeating: 0, count: itemCount)
        }
        if lists[index].isEmpty { offsets[index] = offset }
        lists[index].append(value)
    }

    /// The values of item `index` and where the first stood, or `nil` when it had none.
    func values(at index: Int) -> ([ParameterValue], Int)? {
        guard index < lists.count, !lists[index].isEmpty else { return nil }
        return (lists[index], offsets[index])
    }
}
