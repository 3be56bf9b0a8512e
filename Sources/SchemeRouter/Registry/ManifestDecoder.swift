/// Turns a manifest's JSON tree into a ``Manifest``, checking every key and type and naming the
/// key path of the first fault.
struct ManifestDecoder {
    let file: String

    /// An object's members in document order, no key twice, and where it lies.
    struct Object {
        let path: ManifestKeyPath
        let members: [JSONNode.Member]

        subscript(key: String) -> JSONNode? { members.first { $0.key == key }?.value }
    }

    typealias Read<T> = (JSONNode, ManifestKeyPath) throws(ManifestError) -> T

    static let topLevelKeys = [
        "CFBundleURLName", "CFBundleURLSchemes", "routes", "actions", "CFBundleDocumentTypes", "UTExportedTypeDeclarations",
        "UIApplicationExitsOnSuspend",
    ]
    static let routeKeys = [
        "name", "host", "path", "query", "rawQuery", "fragment", "parameters", "formDecoding", "unknownQueryItems",
    ]
    static let actionKeys = ["name", "title", "parameter"]
    static let commonParameterKeys = ["type", "optional", "repeated", "keywords"]
    static let typeKeys: [(type: String, keys: [String])] = [
        ("string", ["minLength", "maxLength"]),
        ("integer", ["min", "max"]),
        ("uuid", []),
        ("boolean", []),
        ("enumeration", ["values"]),
        ("date", ["format"]),
        ("remainder", []),
        ("url", ["schemes"]),
    ]

    func manifest(_ root: JSONNode) throws(ManifestError) -> Manifest {
        let top = try object(root, at: .root, allowed: Self.topLevelKeys)
        let name = try required("CFBundleURLName", of: top, parsed(ReverseDNSName.init))
        let schemes = try required("CFBundleURLSchemes", of: top, elements(parsed(SchemeName.init)))
        let schemesPath = top.path.appending("CFBundleURLSchemes")
        guard !schemes.isEmpty else { throw invalid(schemesPath, "an app declares at least one scheme") }
        for (index, scheme) in schemes.enumerated() {
            if let first = schemes.firstIndex(of: scheme), first < index {
                let reason = "'\(scheme)' is already listed at CFBundleURLSchemes[\(first)] (schemes are case-insensitive)"
                throw invalid(schemesPath.appending(index: index), reason)
            }
        }
        var manifest = Manifest(name: name, schemes: schemes, routes: try optional("routes", of: top, elements(route)) ?? [], file: file)
        manifest.actions = try optional("actions", of: top, elements(action)) ?? []
        for (index, action) in manifest.actions.enumerated() where manifest.actions[..<index].contains(where: { $0.name == action.name }) {
            let namePath = top.path.appending("actions").appending(index: index).appending("name")
            throw invalid(namePath, "the action '\(action.name)' is declared twice")
        }
        manifest.documentTypes = try optional("CFBundleDocumentTypes", of: top, elements(documentType)) ?? []
        manifest.exportedTypes = try optional("UTExportedTypeDeclarations", of: top, elements(exportedType)) ?? []
        manifest.exitsOnSuspend = try optional("UIApplicationExitsOnSuspend", of: top, bool) ?? false
        return manifest
    }

    func route(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> RouteDefinition {
        let route = try object(node, at: path, allowed: Self.routeKeys)
        var definition = RouteDefinition(name: try required("name", of: route, string))
        definition.host = try optional("host", of: route, string)
        definition.path = try optional("path", of: route, string) ?? "/"
        definition.query = try optional("query", of: route, members(string))?.map(QueryBinding.init) ?? []
        definition.rawQuery = try optional("rawQuery", of: route, string)
        definition.fragment = try optional("fragment", of: route, string)
        definition.formDecoding = try optional("formDecoding", of: route, bool) ?? false
        definition.unknownQueryItems = try optional("unknownQueryItems", of: route, choice("a policy")) ?? .reject
        // Keys given twice were refused, so they are unique here.
        definition.parameters = Dictionary(uniqueKeysWithValues: try optional("parameters", of: route, members(parameter)) ?? [])
        return definition
    }

    func parameter(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> ParameterSpec {
        // Read the type first, so unknown keys can be reported with the keys this type allows.
        let type = try required("type", of: try object(node, at: path), string)
        guard let typeKeys = Self.typeKeys.first(where: { $0.type == type })?.keys else {
            let types = Self.typeKeys.map(\.type).joined(separator: ", ")
            throw invalid(path.appending("type"), "'\(type)' is not a parameter type: use \(types)")
        }
        let spec = try object(node, at: path, allowed: Self.commonParameterKeys + typeKeys)
        let kind: ParameterSpec.Kind
        switch type {
        case "string":
            let minLength = try optional("minLength", of: spec, count) ?? 0
            kind = .string(minLength: minLength, maxLength: try optional("maxLength", of: spec, count))
        case "integer":
            let min = try optional("min", of: spec, integer) ?? .min
            kind = .integer(min: min, max: try optional("max", of: spec, integer) ?? .max)
        case "uuid": kind = .uuid
        case "boolean": kind = .boolean
        case "enumeration": kind = .enumeration(try required("values", of: spec, elements(string)))
        case "date": kind = .date(try required("format", of: spec, parsed(DateFormat.init)))
        case "url": kind = .url(schemes: try required("schemes", of: spec, elements(parsed(SchemeName.init))).map(\.rawValue))
        default: kind = .remainder
        }
        let isOptional = try optional("optional", of: spec, bool) ?? false
        let isRepeated = try optional("repeated", of: spec, bool) ?? false
        let keywords = try optional("keywords", of: spec, elements(string)) ?? []
        return ParameterSpec(kind, optional: isOptional, repeated: isRepeated, keywords: keywords)
    }

    func action(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> ManifestAction {
        let action = try object(node, at: path, allowed: Self.actionKeys)
        let name = try required("name", of: action, string)
        guard ManifestAction.isValidName(name) else {
            throw invalid(path.appending("name"), "an action name is 1 to 64 of a-z, 0-9 and '-', starting with a letter")
        }
        let title = try required("title", of: action, parsed(ManifestAction.checkedTitle))
        let parameter: ManifestAction.ParameterType? = try optional("parameter", of: action, choice("an action parameter type"))
        return ManifestAction(name: name, title: title, parameter: parameter)
    }

    // MARK: - Typed access

    /// The member `key` of `object` read by `read`, or `nil` when absent.
    func optional<T>(_ key: String, of object: Object, _ read: Read<T>) throws(ManifestError) -> T? {
        guard let node = object[key] else { return nil }
        return try read(node, object.path.appending(key))
    }

    /// The member `key` of `object` read by `read`; its absence is an error.
    func required<T>(_ key: String, of object: Object, _ read: Read<T>) throws(ManifestError) -> T {
        guard let value = try optional(key, of: object, read) else {
            throw .missingKey(file: file, keyPath: object.path.appending(key).description)
        }
        return value
    }

    /// An object, refusing a key given twice or one not in `allowed` (when given).
    func object(_ node: JSONNode, at path: ManifestKeyPath, allowed: [String]? = nil) throws(ManifestError) -> Object {
        guard case .object(let members) = node.value else { throw wrongType(path, "object", node) }
        var seen: Set<String> = []
        for member in members {
            if let allowed, !allowed.contains(member.key) {
                throw .unknownKey(file: file, keyPath: path.appending(member.key).description, allowed: allowed)
            }
            guard seen.insert(member.key).inserted else {
                throw .duplicateKey(file: file, keyPath: path.appending(member.key).description)
            }
        }
        return Object(path: path, members: members)
    }

    /// An object whose members' values are each read by `read`, in document order.
    func members<T>(_ read: @escaping Read<T>) -> Read<[(String, T)]> {
        { node, path throws(ManifestError) in
            try object(node, at: path).members.map { member throws(ManifestError) in
                (member.key, try read(member.value, path.appending(member.key)))
            }
        }
    }

    /// An array whose elements are each read by `read`.
    func elements<T>(_ read: @escaping Read<T>) -> Read<[T]> {
        { node, path throws(ManifestError) in
            guard case .array(let elements) = node.value else { throw wrongType(path, "array", node) }
            return try elements.enumerated().map { index, element throws(ManifestError) in
                try read(element, path.appending(index: index))
            }
        }
    }

    func string(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> String {
        guard case .string(let text) = node.value else { throw wrongType(path, "string", node) }
        return text
    }

    func bool(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> Bool {
        guard case .bool(let flag) = node.value else { throw wrongType(path, "boolean", node) }
        return flag
    }

    /// A string naming one case of `T`; any other names `what` it is not and lists the cases.
    func choice<T: RawRepresentable & CaseIterable>(_ what: String) -> Read<T> where T.RawValue == String {
        { node, path throws(ManifestError) in
            let text = try string(node, at: path)
            guard let value = T(rawValue: text) else {
                throw invalid(path, "'\(text)' is not \(what): use " + T.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return value
        }
    }

    /// A string made into a value by `make`, whose error becomes the reason of an invalid value.
    func parsed<T, E: Error & CustomStringConvertible>(_ make: @escaping (String) throws(E) -> T) -> Read<T> {
        { node, path throws(ManifestError) in
            let text = try string(node, at: path)
            do throws(E) { return try make(text) } catch { throw invalid(path, error.description) }
        }
    }

    /// An integer (no fraction, no exponent) that fits `Int`.
    func integer(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> Int {
        guard case .number(let text) = node.value else { throw wrongType(path, "integer", node) }
        guard let value = Int(text) else {
            if text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
                throw .wrongType(file: file, keyPath: path.description, expected: "integer", found: "number \(text)")
            }
            throw invalid(path, "\(text) does not fit in a 64-bit integer")
        }
        return value
    }

    /// An integer of 0 or more.
    func count(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> Int {
        let value = try integer(node, at: path)
        guard value >= 0 else { throw invalid(path, "\(value) is negative; use 0 or more") }
        return value
    }

    func wrongType(_ path: ManifestKeyPath, _ expected: String, _ node: JSONNode) -> ManifestError {
        .wrongType(file: file, keyPath: path.description, expected: expected, found: node.typeName)
    }

    func invalid(_ path: ManifestKeyPath, _ reason: String) -> ManifestError {
        .invalidValue(file: file, keyPath: path.description, reason: reason)
    }
}
