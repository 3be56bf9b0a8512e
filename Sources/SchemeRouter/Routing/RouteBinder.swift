/// Reads a selected route's parameters from a URL: path segments, query items or the raw query,
/// and the fragment, in that order (so the first fault in the URL is the one reported), each
/// percent-decoded strictly and parsed as its declared type.
struct RouteBinder {
    let route: Route
    let url: SchemeURL
    let segments: [URLPart]
    let decoded: [String?]

    func bind() throws(RouteError) -> RouteParameters {
        var parameters = RouteParameters()
        try bindPath(into: &parameters)
        try bindQuery(into: &parameters)
        try bindFragment(into: &parameters)
        return parameters
    }

    private func bindPath(into parameters: inout RouteParameters) throws(RouteError) {
        for (position, segment) in route.path.segments.enumerated() {
            switch segment {
            case .literal:
                continue
            case .parameter(let name):
                let part = segments[position]
                let text = try decode(part, .text, parameter: name)
                parameters.bind(name, try read(text, from: part, parameter: name), offset: part.offset)
            case .catchAll(let name):
                var values: [ParameterValue] = []
                for index in position..<segments.count {
                    values.append(.string(try decode(segments[index], .text, parameter: name)))
                }
                parameters.bind(name, .list(values), offset: segments[position].offset)
            }
        }
    }

    private func bindQuery(into parameters: inout RouteParameters) throws(RouteError) {
        let definition = route.definition
        if let name = definition.rawQuery {
            if let query = url.query {
                let text = try decode(query, route.decoding, parameter: name)
                parameters.bind(name, try read(text, from: query, parameter: name), offset: query.offset)
            } else if route.parameters[name]?.isOptional != true {
                throw .missingParameter(name: name, component: .query, key: nil, offset: queryInsertionOffset)
            }
            return
        }

        var lists: [String: [ParameterValue]] = [:]
        var seen: Set<String> = []
        if let query = url.query, !query.isEmpty {
            for item in url.queryItems {
                if item.name.isEmpty && item.value == nil { throw .emptyQueryItem(offset: item.name.offset) }
                let key: String
                do { key = try item.name.decoded(route.decoding) } catch { throw .undecodableQueryKey(error) }
                guard let name = route.queryParameters[key] else {
                    if definition.unknownQueryItems == .ignore { continue }
                    throw .unknownQueryItem(key: key, offset: item.name.offset)
                }
                guard let value = item.value else { throw .queryItemWithoutValue(key: key, offset: item.name.offset) }
                let spec = route.parameters[name]!
                let typed = try read(try decode(value, route.decoding, parameter: name), from: value, parameter: name)
                if spec.isRepeated {
                    if lists[name] == nil { parameters.bind(name, .list([]), offset: item.name.offset) }
                    lists[name, default: []].append(typed)
                } else {
                    guard seen.insert(name).inserted else { throw .duplicateQueryItem(key: key, offset: item.name.offset) }
                    parameters.bind(name, typed, offset: value.offset)
                }
            }
        }
        for (name, values) in lists {
            parameters.bind(name, .list(values), offset: parameters.offset(of: name) ?? 0)
        }
        for binding in definition.query where parameters[binding.parameter] == nil {
            let spec = route.parameters[binding.parameter]!
            if spec.isOptional {
                if spec.isRepeated { parameters.bind(binding.parameter, .list([]), offset: queryEndOffset) }
                continue
            }
            throw .missingParameter(name: binding.parameter, component: .query, key: binding.key, offset: queryEndOffset)
        }
    }

    private func bindFragment(into parameters: inout RouteParameters) throws(RouteError) {
        guard let name = route.definition.fragment else {
            if let fragment = url.fragment, !fragment.isEmpty { throw .unexpectedFragment(offset: fragment.offset - 1) }
            return
        }
        if let fragment = url.fragment {
            let text = try decode(fragment, .text, parameter: name)
            parameters.bind(name, try read(text, from: fragment, parameter: name), offset: fragment.offset)
        } else if route.parameters[name]?.isOptional != true {
            throw .missingParameter(name: name, component: .fragment, key: nil, offset: url.layout.path.upperBound + queryLength)
        }
    }

    // MARK: - Reading one value

    private func decode(_ part: URLPart, _ decoding: PercentDecoding, parameter: String) throws(RouteError) -> String {
        do {
            return try part.decoded(decoding)
        } catch {
            throw .invalidParameter(name: parameter, value: String(part.raw), offset: error.offset, fault: .undecodable(error))
        }
    }

    private func read(_ text: String, from part: URLPart, parameter: String) throws(RouteError) -> ParameterValue {
        do {
            return try route.parameters[parameter]!.parseScalar(text)
        } catch {
            throw .invalidParameter(
                name: parameter, value: String(part.raw), offset: part.rawOffset(ofDecodedByte: error.index), fault: error.fault)
        }
    }

    // MARK: - Where something missing would have stood

    /// The byte offset where a `?query` would start: the end of the path.
    private var queryInsertionOffset: Int { url.layout.path.upperBound }

    /// The end of the query, or where it would start.
    private var queryEndOffset: Int { url.query?.endOffset ?? queryInsertionOffset }

    /// The length of `?query`, when there is one.
    private var queryLength: Int { url.query.map { $0.raw.utf8.count + 1 } ?? 0 }
}
