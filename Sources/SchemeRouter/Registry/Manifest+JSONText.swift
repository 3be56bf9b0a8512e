extension Manifest {
    /// The manifest as canonical JSON: keys in the documented order, parameters sorted by name,
    /// defaults left out, two-space indentation and a trailing newline.
    ///
    /// Reading the text back gives an equal manifest: `Manifest(json: m.jsonText.utf8, file: m.file) == m`.
    public var jsonText: String {
        var out = "{\n"
        out += "  \"CFBundleURLName\": \(JSONString.quoted(name.rawValue)),\n"
        out += "  \"CFBundleURLSchemes\": [" + schemes.map { JSONString.quoted($0.rawValue) }.joined(separator: ", ") + "],\n"
        if routes.isEmpty {
            out += "  \"routes\": []\n"
        } else {
            out += "  \"routes\": [\n"
            out += routes.map { Self.json(for: $0, indent: "    ") }.joined(separator: ",\n")
            out += "\n  ]\n"
        }
        if !actions.isEmpty {
            out.removeLast()
            out += ",\n  \"actions\": [\n" + actions.map(Self.json(for:)).joined(separator: ",\n") + "\n  ]\n"
        }
        out += "}\n"
        return out
    }

    private static func json(for route: RouteDefinition, indent: String) -> String {
        var members: [(String, String)] = [("name", JSONString.quoted(route.name))]
        if let host = route.host { members.append(("host", JSONString.quoted(host))) }
        members.append(("path", JSONString.quoted(route.path)))
        if !route.query.isEmpty {
            let items = route.query.map { "\(JSONString.quoted($0.key)): \(JSONString.quoted($0.parameter))" }
            members.append(("query", "{" + items.joined(separator: ", ") + "}"))
        }
        if let raw = route.rawQuery { members.append(("rawQuery", JSONString.quoted(raw))) }
        if let fragment = route.fragment { members.append(("fragment", JSONString.quoted(fragment))) }
        if !route.parameters.isEmpty {
            let inner = indent + "  "
            let specs = route.parameters.keys.sorted().map { name in
                "\(inner)  \(JSONString.quoted(name)): \(json(for: route.parameters[name]!))"
            }
            members.append(("parameters", "{\n" + specs.joined(separator: ",\n") + "\n\(inner)}"))
        }
        if route.formDecoding { members.append(("formDecoding", "true")) }
        if route.unknownQueryItems != .reject {
            members.append(("unknownQueryItems", JSONString.quoted(route.unknownQueryItems.rawValue)))
        }
        let body = members.map { "\(indent)  \(JSONString.quoted($0.0)): \($0.1)" }.joined(separator: ",\n")
        return "\(indent){\n\(body)\n\(indent)}"
    }

    private static func json(for spec: ParameterSpec) -> String {
        var members: [(String, String)] = [("type", JSONString.quoted(spec.kind.typeName))]
        switch spec.kind {
        case .string(let minLength, let maxLength):
            if minLength != 0 { members.append(("minLength", String(minLength))) }
            if let maxLength { members.append(("maxLength", String(maxLength))) }
        case .integer(let min, let max):
            if min != Int.min { members.append(("min", String(min))) }
            if max != Int.max { members.append(("max", String(max))) }
        case .enumeration(let values):
            members.append(("values", "[" + values.map(JSONString.quoted).joined(separator: ", ") + "]"))
        case .date(let format):
            members.append(("format", JSONString.quoted(format.pattern)))
        case .uuid, .boolean, .remainder:
            break
        }
        if spec.isOptional { members.append(("optional", "true")) }
        if spec.isRepeated { members.append(("repeated", "true")) }
        if !spec.keywords.isEmpty {
            members.append(("keywords", "[" + spec.keywords.map(JSONString.quoted).joined(separator: ", ") + "]"))
        }
        return "{" + members.map { "\(JSONString.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func json(for action: ManifestAction) -> String {
        var members = "\"name\": \(JSONString.quoted(action.name)), \"title\": \(JSONString.quoted(action.title))"
        if let parameter = action.parameter { members += ", \"parameter\": \"\(parameter.rawValue)\"" }
        return "    {\(members)}"
    }
}
