/// Turns a manifest's JSON tree into a ``Manifest``, checking every key and type and naming the
/// key path of the first fault.
struct ManifestDecoder {
    let file: String

    static let topLevelKeys = ["CFBundleURLName", "CFBundleURLSchemes", "routes", "actions", "UIApplicationExitsOnSuspend"]
    static let routeKeys = [
        "name", "host", "path", "query", "rawQuery", "fragment", "parameters", "formDecoding", "unknownQueryItems",
    ]
    static let commonParameterKeys = ["type", "optional", "repeated", "keywords"]
    static let typeKeys: [(type: String, keys: [String])] = [
        ("string", ["minLength", "maxLength"]),
        ("integer", ["min", "max"]),
        ("uuid", []),
        ("boolean", []),
        ("enumeration", ["values"]),
        ("date", ["format"]),
        ("remainder", []),
    ]

    func manifest(_ root: JSONNode) throws(ManifestError) -> Manifest {
        let members = try object(root, at: .root, allowed: Self.topLevelKeys)
        let namePath = ManifestKeyPath.root.appending("CFBundleURLName")
        let nameText = try string(try required(members, "CFBundleURLName", at: .root), at: namePath)
        let name: ReverseDNSName
        do { name = try ReverseDNSName(nameText) } catch { throw invalid(namePath, error.description) }

        let schemesPath = ManifestKeyPath.root.appending("CFBundleURLSchemes")
        let schemeNodes = try array(try required(members, "CFBundleURLSchemes", at: .root), at: schemesPath)
        guard !schemeNodes.isEmpty else { throw invalid(schemesPath, "an app declares at least one scheme") }
        var schemes: [SchemeName] = []
        for (index, node) in schemeNodes.enumerated() {
            let path = schemesPath.appending(index: index)
            let text = try string(node, at: path)
            let scheme: SchemeName
            do { scheme = try SchemeName(text) } catch { throw invalid(path, error.description) }
            if let first = schemes.firstIndex(of: scheme) {
                throw invalid(path, "'\(scheme)' is already listed at CFBundleURLSchemes[\(first)] (schemes are case-insensitive)")
            }
            schemes.append(scheme)
        }

        var routes: [RouteDefinition] = []
        if let routesNode = members["routes"] {
            let routesPath = ManifestKeyPath.root.appending("routes")
            for (index, node) in try array(routesNode, at: routesPath).enumerated() {
                routes.append(try route(node, at: routesPath.appending(index: index)))
            }
        }
        var manifest = Manifest(name: name, schemes: schemes, routes: routes, file: file)
        manifest.actions = try actions(members["actions"])
        if let exits = members["UIApplicationExitsOnSuspend"] {
            manifest.exitsOnSuspend = try bool(exits, at: ManifestKeyPath.root.appending("UIApplicationExitsOnSuspend"))
        }
        return manifest
    }

    func route(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> RouteDefinition {
        let members = try object(node, at: path, allowed: Self.routeKeys)
        var definition = RouteDefinition(name: try string(try required(members, "name", at: path), at: path.appending("name")))
        if let host = members["host"] { definition.host = try string(host, at: path.appending("host")) }
        if let pattern = members["path"] { definition.path = try string(pattern, at: path.appending("path")) }
        if let query = members["query"] {
            let queryPath = path.appending("query")
            for (key, value) in try orderedObject(query, at: queryPath) {
                definition.query.append(QueryBinding(key: key, parameter: try string(value, at: queryPath.appending(key))))
            }
        }
        if let raw = members["rawQuery"] { definition.rawQuery = try string(raw, at: path.appending("rawQuery")) }
        if let fragment = members["fragment"] { definition.fragment = try string(fragment, at: path.appending("fragment")) }
        if let form = members["formDecoding"] { definition.formDecoding = try bool(form, at: path.appending("formDecoding")) }
        if let unknown = members["unknownQueryItems"] {
            let unknownPath = path.appending("unknownQueryItems")
            let text = try string(unknown, at: unknownPath)
            guard let policy = RouteDefinition.UnknownQueryItems(rawValue: text) else {
                throw invalid(unknownPath, "'\(text)' is not a policy: use \"reject\" or \"ignore\"")
            }
            definition.unknownQueryItems = policy
        }
        if let parameters = members["parameters"] {
            let parametersPath = path.appending("parameters")
            for (name, spec) in try orderedObject(parameters, at: parametersPath) {
                definition.parameters[name] = try parameter(spec, at: parametersPath.appending(name))
            }
        }
        return definition
    }

    func parameter(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> ParameterSpec {
        // Read the type first, so unknown keys can be reported with the keys this type allows.
        guard case .object(let raw) = node.value else { throw wrongType(path, "object", node) }
        guard let typeNode = raw.first(where: { $0.key == "type" })?.value else {
            throw .missingKey(file: file, keyPath: path.appending("type").description)
        }
        let typePath = path.appending("type")
        let type = try string(typeNode, at: typePath)
        guard let typeKeys = Self.typeKeys.first(where: { $0.type == type })?.keys else {
            throw invalid(typePath, "unknown type '\(type)': use " + Self.typeKeys.map(\.type).joined(separator: ", "))
        }
        let members = try object(node, at: path, allowed: Self.commonParameterKeys + typeKeys)

        let kind: ParameterSpec.Kind
        switch type {
        case "string":
            let minLength = try integer(members["minLength"], at: path.appending("minLength"), minimum: 0) ?? 0
            let maxLength = try integer(members["maxLength"], at: path.appending("maxLength"), minimum: 0)
            kind = .string(minLength: minLength, maxLength: maxLength)
        case "integer":
            let min = try integer(members["min"], at: path.appending("min")) ?? Int.min
            let max = try integer(members["max"], at: path.appending("max")) ?? Int.max
            kind = .integer(min: min, max: max)
        case "uuid":
            kind = .uuid
        case "boolean":
            kind = .boolean
        case "enumeration":
            let valuesPath = path.appending("values")
            kind = .enumeration(try strings(try required(members, "values", at: path), at: valuesPath))
        case "date":
            let formatPath = path.appending("format")
            let pattern = try string(try required(members, "format", at: path), at: formatPath)
            do { kind = .date(try DateFormat(pattern)) } catch { throw invalid(formatPath, error.description) }
        default:
            kind = .remainder
        }
        let optional = try members["optional"].map { node throws(ManifestError) in try bool(node, at: path.appending("optional")) } ?? false
        let repeated = try members["repeated"].map { node throws(ManifestError) in try bool(node, at: path.appending("repeated")) } ?? false
        let keywords = try members["keywords"].map { node throws(ManifestError) in try strings(node, at: path.appending("keywords")) } ?? []
        return ParameterSpec(kind, optional: optional, repeated: repeated, keywords: keywords)
    }

    // MARK: - Typed access

    /// An object's members by key, after checking for unknown and duplicate keys.
    func object(_ node: JSONNode, at path: ManifestKeyPath, allowed: [String]) throws(ManifestError) -> [String: JSONNode] {
        var members: [String: JSONNode] = [:]
        for (key, value) in try orderedObject(node, at: path) {
            guard allowed.contains(key) else {
                throw .unknownKey(file: file, keyPath: path.appending(key).description, allowed: allowed)
            }
            members[key] = value
        }
        return members
    }

    /// An object's members in document order, rejecting a key given twice.
    func orderedObject(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> [(String, JSONNode)] {
        guard case .object(let members) = node.value else { throw wrongType(path, "object", node) }
        var seen: Set<String> = []
        var result: [(String, JSONNode)] = []
        for member in members {
            guard seen.insert(member.key).inserted else {
                throw .duplicateKey(file: file, keyPath: path.appending(member.key).description)
            }
            result.append((member.key, member.value))
        }
        return result
    }

    func required(_ members: [String: JSONNode], _ key: String, at path: ManifestKeyPath) throws(ManifestError) -> JSONNode {
        guard let node = members[key] else { throw .missingKey(file: file, keyPath: path.appending(key).description) }
        return node
    }

    func array(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> [JSONNode] {
        guard case .array(let elements) = node.value else { throw wrongType(path, "array", node) }
        return elements
    }

    func string(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> String {
        guard case .string(let text) = node.value else { throw wrongType(path, "string", node) }
        return text
    }

    func strings(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(node, at: path).enumerated() {
            result.append(try string(element, at: path.appending(index: index)))
        }
        return result
    }

    func bool(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> Bool {
        guard case .bool(let flag) = node.value else { throw wrongType(path, "boolean", node) }
        return flag
    }

    /// An integer (no fraction, no exponent) that fits `Int`, at least `minimum`; `nil` when absent.
    func integer(_ node: JSONNode?, at path: ManifestKeyPath, minimum: Int = Int.min) throws(ManifestError) -> Int? {
        guard let node else { return nil }
        guard case .number(let text) = node.value else { throw wrongType(path, "integer", node) }
        guard let value = Int(text) else {
            if text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
                throw .wrongType(file: file, keyPath: path.description, expected: "integer", found: "number \(text)")
            }
            throw invalid(path, "\(text) does not fit in a 64-bit integer")
        }
        guard value >= minimum else { throw invalid(path, "\(value) is negative; use 0 or more") }
        return value
    }

    func wrongType(_ path: ManifestKeyPath, _ expected: String, _ node: JSONNode) -> ManifestError {
        .wrongType(file: file, keyPath: path.description, expected: expected, found: node.typeName)
    }

    func invalid(_ path: ManifestKeyPath, _ reason: String) -> ManifestError {
        .invalidValue(file: file, keyPath: path.description, reason: reason)
    }
}
