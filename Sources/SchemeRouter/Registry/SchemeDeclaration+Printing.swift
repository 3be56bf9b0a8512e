extension SchemeDeclaration {
    /// Prints a typed request as a URL of the declaration's first scheme (a document request: as its file's URL).
    ///
    /// The URL reads back as the same request: `try declaration.match(url).request(R.self) == request`
    /// for a ``RouteRequest``, `try R(match: declaration.match(url)) == request` for an ``AppRequest``.
    /// - Throws: ``RouteError/unknownRoute(_:)`` or ``RouteError/unprintableParameter(route:name:reason:)``.
    public func url(for request: some PrintableRequest) throws(RouteError) -> SchemeURL {
        if let document = request.documentURL { return document }
        return try url(route: request.routeName, parameters: request.routeParameters)
    }

    /// Prints the `parameters` of the route `name` as a URL of the declaration's first scheme
    /// (optional parameters may be left out).
    ///
    /// Values print as their canonical text, percent-encoded; the URL is matched again before it
    /// is returned, and a value that would not read back the same is refused.
    /// - Throws: ``RouteError/unknownRoute(_:)`` or ``RouteError/unprintableParameter(route:name:reason:)``.
    public func url(route name: String, parameters: RouteParameters) throws(RouteError) -> SchemeURL {
        guard let route = routes.first(where: { $0.name == name }) else { throw .unknownRoute(name) }
        func refuse(_ parameter: String, _ reason: String) -> RouteError {
            .unprintableParameter(route: name, name: parameter, reason: reason)
        }
        for parameter in parameters.names where route.parameters[parameter] == nil {
            throw refuse(parameter, "the route has no such parameter")
        }
        func present(_ parameter: String) throws(RouteError) -> ParameterValue? {
            let value = parameters[parameter]
            if value == nil && route.parameters[parameter]?.isOptional != true {
                throw refuse(parameter, "it is required")
            }
            return value
        }
        // Each value's canonical text (a repeated one's list); `allowed` keeps `.`, so dot segments stay visible.
        func encoded(_ parameter: String, _ allowed: PercentEncoding.Allowed) throws(RouteError) -> [String] {
            guard let value = try present(parameter) else { return [] }
            let spec = route.parameters[parameter]!
            var values = [value]
            if spec.isRepeated {
                guard case .list(let list) = value else { throw refuse(parameter, "a repeated parameter takes a list") }
                values = list
            }
            return try values.map { value throws(RouteError) in
                PercentEncoding.encode(try Self.canonicalText(of: value, spec: spec, refuse: { refuse(parameter, $0) }), allowed)
            }
        }

        var url = schemes[0].rawValue + "://" + (route.host ?? "")
        for segment in route.path.segments {
            switch segment {
            case .literal(let literal):
                url += "/" + PercentEncoding.encode(literal, PercentEncoding.pathSegment)
            case .parameter(let parameter):
                let value = try encoded(parameter, PercentEncoding.pathSegment)[0]
                if value.isEmpty { throw refuse(parameter, ParameterFault.emptySegment.description) }
                if value == "." || value == ".." { throw refuse(parameter, ParameterFault.dotSegment.description) }
                url += "/" + value
            case .catchAll(let parameter):
                guard case .list(let values) = try present(parameter)!, !values.isEmpty else {
                    throw refuse(parameter, "a catch-all takes a non-empty list of strings")
                }
                for value in values {
                    guard case .string(let segment) = value else { throw refuse(parameter, "a catch-all takes strings") }
                    if segment == "." || segment == ".." { throw refuse(parameter, ParameterFault.dotSegment.description) }
                    url += "/" + PercentEncoding.encode(segment, PercentEncoding.pathSegment)
                }
            }
        }
        if let raw = route.definition.rawQuery, let value = try encoded(raw, PercentEncoding.rawQuery).first {
            url += "?" + value
        }
        var items: [String] = []
        for binding in route.definition.query {
            let key = PercentEncoding.encode(binding.key, PercentEncoding.queryItem)
            items += try encoded(binding.parameter, PercentEncoding.queryItem).map { key + "=" + $0 }
        }
        if !items.isEmpty { url += "?" + items.joined(separator: "&") }
        if let fragment = route.definition.fragment, let value = try encoded(fragment, PercentEncoding.fragment).first {
            url += "#" + value
        }

        let printed: SchemeURL
        do { printed = try SchemeURL(url) } catch { throw refuse("", "the printed text \(url) is not a valid URL: \(error)") }
        let readBack: RouteMatch
        do { readBack = try match(printed) } catch { throw refuse("", "the printed URL \(url) does not read back: \(error)") }
        guard readBack.route.index == route.index, Self.sameValues(readBack.parameters, parameters, route: route) else {
            throw refuse("", "the printed URL \(url) reads back as \(readBack.route.name) \(readBack.parameters)")
        }
        return printed
    }

    /// The text a scalar value prints as, checked to read back as the same value.
    static func canonicalText(
        of value: ParameterValue, spec: ParameterSpec, refuse: (String) -> RouteError
    ) throws(RouteError) -> String {
        if case .keyword(let word) = value, !spec.keywords.contains(word) {
            throw refuse("'\(word)' is not one of its keywords")
        }
        guard let text = ParameterSpec.text(of: value, kind: spec.kind) else {
            throw refuse("a \(value.kindName) is not a \(spec.kind.typeName)")
        }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            let code = URLRejection.hex(control.value, width: 4)
            throw refuse("it contains the control character U+\(code), which text in a URL never carries")
        }
        let back: ParameterValue
        do { back = try spec.parseScalar(text) } catch { throw refuse("\(value) is not a valid value: \(error.fault)") }
        guard back == value else { throw refuse("\(value) would read back as \(back)") }
        return text
    }

    /// Equal values, where an optional repeated parameter that is absent equals an empty list
    /// (a URL cannot tell them apart).
    static func sameValues(_ lhs: RouteParameters, _ rhs: RouteParameters, route: Route) -> Bool {
        route.parameters.allSatisfy { name, spec in
            let absent: ParameterValue? = spec.isRepeated ? .list([]) : nil
            return (lhs[name] ?? absent) == (rhs[name] ?? absent)
        }
    }
}
