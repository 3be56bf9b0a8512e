/// Checks one ``RouteDefinition`` of a manifest against every rule of `Docs/Manifests.md` for a
/// single route, and compiles it into a ``Route``; rules between routes are ``RouteTrie``'s.
struct RouteCompiler {
    /// The most query items one route binds (binding tracks them in one 64-bit set).
    static let maximumQueryItems = 64

    let file: String
    /// The declaration the routes belong to.
    let declaration: ReverseDNSName

    /// Where a parameter is bound, for messages and rules.
    enum Binding: Equatable {
        case pathSegment
        case catchAll
        case queryItem(key: String)
        case rawQuery
        case fragment

        var phrase: String {
            switch self {
            case .pathSegment: "a path segment"
            case .catchAll: "the path's catch-all"
            case .queryItem(let key): "the query item '\(key)'"
            case .rawQuery: "the raw query"
            case .fragment: "the fragment"
            }
        }
    }

    func compile(_ definition: RouteDefinition, index: Int, previous: [Route]) throws(ManifestError) -> Route {
        let path = ManifestKeyPath.root.appending("routes").appending(index: index)
        let reference = RouteReference(index: index, name: definition.name)

        guard ManifestKeyPath.isIdentifier(definition.name) else {
            throw invalid(path.appending("name"), "'\(definition.name)' is not a route name: use letters, digits and '_', not starting with a digit")
        }
        if let other = previous.first(where: { $0.name == definition.name }) {
            throw invalid(path.appending("name"), "the name '\(definition.name)' is already used by routes[\(other.index)]")
        }

        let host = try definition.host.map { text throws(ManifestError) in try checkHost(text, at: path.appending("host")) }

        let pattern: PathPattern
        do { pattern = try PathPattern(definition.path) } catch { throw invalid(path.appending("path"), error.reason) }

        if definition.rawQuery != nil && !definition.query.isEmpty {
            throw invalid(path.appending("rawQuery"), "a route binds either query items (query) or the whole query (rawQuery), not both")
        }

        // Every binding names a declared parameter, and no parameter is bound twice.
        var bound: [String: Binding] = [:]
        func bind(_ name: String, _ binding: Binding, at keyPath: ManifestKeyPath) throws(ManifestError) {
            guard definition.parameters[name] != nil else {
                throw invalid(keyPath, "'\(name)' is not declared under parameters")
            }
            if let first = bound[name] {
                throw invalid(keyPath, "the parameter '\(name)' is already bound to \(first.phrase)")
            }
            bound[name] = binding
        }
        for segment in pattern.segments {
            switch segment {
            case .literal: continue
            case .parameter(let name): try bind(name, .pathSegment, at: path.appending("path"))
            case .catchAll(let name): try bind(name, .catchAll, at: path.appending("path"))
            }
        }
        if definition.query.count > Self.maximumQueryItems {
            throw invalid(path.appending("query"), "a route binds at most \(Self.maximumQueryItems) query items, not \(definition.query.count)")
        }
        var keys: Set<String> = []
        for binding in definition.query {
            let keyPath = path.appending("query").appending(binding.key)
            guard !binding.key.isEmpty else { throw invalid(keyPath, "a query key is never empty") }
            guard keys.insert(binding.key).inserted else { throw .duplicateKey(file: file, keyPath: keyPath.description) }
            try bind(binding.parameter, .queryItem(key: binding.key), at: keyPath)
        }
        if let raw = definition.rawQuery { try bind(raw, .rawQuery, at: path.appending("rawQuery")) }
        if let fragment = definition.fragment { try bind(fragment, .fragment, at: path.appending("fragment")) }

        for name in definition.parameters.keys.sorted() {
            let specPath = path.appending("parameters").appending(name)
            guard ManifestKeyPath.isIdentifier(name) else {
                throw invalid(specPath, "'\(name)' is not a parameter name: use letters, digits and '_', not starting with a digit")
            }
            guard let binding = bound[name] else {
                throw invalid(specPath, "the parameter '\(name)' is declared but bound by neither path, query, rawQuery nor fragment")
            }
            try check(definition.parameters[name]!, binding: binding, at: specPath, route: reference)
        }
        return Route(definition: definition, index: index, host: host, path: pattern, declaration: declaration)
    }

    /// The rules for one parameter's specification, given where it is bound.
    func check(_ spec: ParameterSpec, binding: Binding, at path: ManifestKeyPath, route: RouteReference) throws(ManifestError) {
        let isPath = binding == .pathSegment || binding == .catchAll
        if spec.isOptional && isPath {
            throw invalid(path.appending("optional"), "a path parameter is always present; only query items, rawQuery and fragment can be optional")
        }
        if case .queryItem = binding {} else if spec.isRepeated {
            throw invalid(path.appending("repeated"), "only a query item can repeat, not \(binding.phrase)")
        }
        if (spec.kind == .remainder) != (binding == .catchAll) {
            let reason = "'remainder' is the type of a catch-all {name...} only, not of \(binding.phrase)"
            throw invalid(path.appending("type"), binding == .catchAll ? "a catch-all {name...} has the type 'remainder'" : reason)
        }
        switch spec.kind {
        case .string(let minLength, let maxLength):
            if let maxLength, maxLength < minLength {
                throw unreachable(path, route, "minLength \(minLength) is above maxLength \(maxLength), so no value fits")
            }
            if isPath && maxLength == 0 {
                throw unreachable(path, route, "maxLength 0 allows only the empty string, which a path segment never is")
            }
        case .integer(let min, let max):
            if min > max { throw unreachable(path, route, "min \(min) is above max \(max), so no value fits") }
        case .enumeration(let values):
            guard !values.isEmpty else { throw invalid(path.appending("values"), "an enumeration lists at least one value") }
            try checkUnique(values, at: path.appending("values"))
        case .url(let schemes):
            guard !schemes.isEmpty else { throw invalid(path.appending("schemes"), "a url parameter allows at least one scheme") }
            try checkUnique(schemes, at: path.appending("schemes"))
        case .uuid, .boolean, .date, .remainder:
            break
        }
        guard !spec.keywords.isEmpty else { return }
        switch spec.kind {
        case .integer, .uuid, .date: break
        default:
            throw invalid(path.appending("keywords"), "keywords stand in for values of integer, uuid and date parameters only")
        }
        var seen: Set<String> = []
        for (index, keyword) in spec.keywords.enumerated() {
            let keywordPath = path.appending("keywords").appending(index: index)
            guard !keyword.isEmpty else { throw invalid(keywordPath, "a keyword is never empty") }
            guard seen.insert(keyword).inserted else { throw invalid(keywordPath, "'\(keyword)' is listed twice") }
            var plain = spec
            plain.keywords = []
            if (try? plain.parseScalar(keyword)) != nil {
                throw invalid(keywordPath, "'\(keyword)' is also a valid \(spec.kind.typeName), so a URL could not say which it means")
            }
            if isPath && (keyword == "." || keyword == "..") {
                throw invalid(keywordPath, "'\(keyword)' is a dot segment, which never matches a path parameter")
            }
        }
    }

    /// Refuses a list (enumeration values, schemes) that names a value twice.
    func checkUnique(_ values: [String], at path: ManifestKeyPath) throws(ManifestError) {
        var seen: Set<String> = []
        for (index, value) in values.enumerated() where !seen.insert(value).inserted {
            throw invalid(path.appending(index: index), "'\(value)' is listed twice")
        }
    }

    /// A route's host, lower-cased: it is compared ignoring case.
    func checkHost(_ text: String, at path: ManifestKeyPath) throws(ManifestError) -> String {
        guard !text.isEmpty else { throw invalid(path, "the host is empty: leave 'host' out to match any host or none") }
        guard !text.utf8.contains(UInt8(ascii: "%")) else { throw invalid(path, "write the host without percent-encoding") }
        guard let url = try? SchemeURL("x://" + text + "/"), url.userinfo == nil, url.rawPort == nil,
            url.host?.raw.utf8.count == text.utf8.count
        else {
            throw invalid(path, "'\(text)' is not a host a URL can carry (a registered name such as www.acme.com, or an IP address)")
        }
        return text.lowercased()
    }

    func invalid(_ path: ManifestKeyPath, _ reason: String) -> ManifestError {
        .invalidValue(file: file, keyPath: path.description, reason: reason)
    }

    func unreachable(_ path: ManifestKeyPath, _ route: RouteReference, _ reason: String) -> ManifestError {
        .unreachableRoute(file: file, keyPath: path.description, route: route, reason: reason, shadowedBy: nil)
    }
}
