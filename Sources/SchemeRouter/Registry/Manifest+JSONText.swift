extension Manifest {
    /// The manifest as canonical JSON: keys in the documented order, parameters sorted by name,
    /// defaults left out, two-space indentation and a trailing newline.
    ///
    /// Reading the text back gives an equal manifest: `Manifest(json: m.jsonText.utf8, file: m.file) == m`.
    public var jsonText: String {
        let routes = routes.map { Self.object(Self.members(of: $0), indent: "    ") }
        var members = [
            ("CFBundleURLName", JSONString.quoted(name.rawValue)),
            ("CFBundleURLSchemes", JSONValue.array(schemes.map { .string($0.rawValue) }).text),
            ("routes", routes.isEmpty ? "[]" : Self.lines(routes, indent: "  ", brackets: ("[", "]"))),
        ]
        if !actions.isEmpty {
            members.append(("actions", Self.lines(actions.map { Self.json(for: $0).text }, indent: "  ", brackets: ("[", "]"))))
        }
        if !documentTypes.isEmpty {
            members.append(("CFBundleDocumentTypes", Self.lines(documentTypes.map { Self.json(for: $0).text }, indent: "  ", brackets: ("[", "]"))))
        }
        if !exportedTypes.isEmpty {
            members.append(("UTExportedTypeDeclarations", Self.lines(exportedTypes.map { Self.json(for: $0).text }, indent: "  ", brackets: ("[", "]"))))
        }
        if exitsOnSuspend { members.append(("UIApplicationExitsOnSuspend", "true")) }
        return Self.object(members, indent: "") + "\n"
    }

    /// An object with one `"key": value` member a line, two spaces past `indent`.
    private static func object(_ members: [(String, String)], indent: String) -> String {
        lines(members.map { "\(JSONString.quoted($0.0)): \($0.1)" }, indent: indent, brackets: ("{", "}"))
    }

    /// `items` one a line, two spaces past `indent`, between `brackets`.
    private static func lines(_ items: [String], indent: String, brackets: (String, String)) -> String {
        brackets.0 + "\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + brackets.1
    }

    private static func members(of route: RouteDefinition) -> [(String, String)] {
        var members = [("name", JSONString.quoted(route.name))]
        if let host = route.host { members.append(("host", JSONString.quoted(host))) }
        members.append(("path", JSONString.quoted(route.path)))
        if !route.query.isEmpty {
            members.append(("query", JSONValue.object(route.query.map { ($0.key, .string($0.parameter)) }).text))
        }
        if let raw = route.rawQuery { members.append(("rawQuery", JSONString.quoted(raw))) }
        if let fragment = route.fragment { members.append(("fragment", JSONString.quoted(fragment))) }
        if !route.parameters.isEmpty {
            let specs = route.parameters.keys.sorted().map { ($0, json(for: route.parameters[$0]!).text) }
            members.append(("parameters", object(specs, indent: "      ")))
        }
        if route.formDecoding { members.append(("formDecoding", "true")) }
        if route.unknownQueryItems != .reject {
            members.append(("unknownQueryItems", JSONString.quoted(route.unknownQueryItems.rawValue)))
        }
        return members
    }

    private static func json(for spec: ParameterSpec) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(spec.kind.typeName))]
        switch spec.kind {
        case .string(let minLength, let maxLength):
            if minLength != 0 { members.append(("minLength", .int(minLength))) }
            if let maxLength { members.append(("maxLength", .int(maxLength))) }
        case .integer(let min, let max):
            if min != Int.min { members.append(("min", .int(min))) }
            if max != Int.max { members.append(("max", .int(max))) }
        case .enumeration(let values):
            members.append(("values", .array(values.map(JSONValue.string))))
        case .date(let format):
            members.append(("format", .string(format.pattern)))
        case .url(let schemes):
            members.append(("schemes", .array(schemes.map(JSONValue.string))))
        case .uuid, .boolean, .remainder:
            break
        }
        if spec.isOptional { members.append(("optional", .bool(true))) }
        if spec.isRepeated { members.append(("repeated", .bool(true))) }
        if !spec.keywords.isEmpty { members.append(("keywords", .array(spec.keywords.map(JSONValue.string)))) }
        return .object(members)
    }

    private static func json(for type: DocumentType) -> JSONValue {
        var members: [(String, JSONValue)] = [("CFBundleTypeName", .string(type.name)), ("CFBundleTypeRole", .string(type.role.rawValue))]
        if type.rank != .default { members.append(("LSHandlerRank", .string(type.rank.rawValue))) }
        if !type.mimeTypes.isEmpty { members.append(("CFBundleTypeMIMETypes", .array(type.mimeTypes.map { .string($0.rawValue) }))) }
        if !type.extensions.isEmpty { members.append(("CFBundleTypeExtensions", .array(type.extensions.map { .string($0.rawValue) }))) }
        return .object(members)
    }

    private static func json(for declaration: ExportedTypeDeclaration) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("UTTypeIdentifier", .string(declaration.identifier.rawValue)), ("UTTypeDescription", .string(declaration.typeDescription)),
        ]
        if !declaration.conformsTo.isEmpty { members.append(("UTTypeConformsTo", .array(declaration.conformsTo.map { .string($0.rawValue) }))) }
        members.append(("UTTypeTagSpecification", .object([("public.filename-extension", .array(declaration.extensions.map { .string($0.rawValue) }))])))
        return .object(members)
    }

    private static func json(for action: ManifestAction) -> JSONValue {
        let parameter = action.parameter.map { [("parameter", JSONValue.string($0.rawValue))] } ?? []
        return .object([("name", .string(action.name)), ("title", .string(action.title))] + parameter)
    }
}
