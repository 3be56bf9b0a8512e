import SchemeRouter

/// How `schemectl route` shows a match, for people and as JSON.
enum RouteReport {
    static func human(for match: RouteMatch, file: String) -> String {
        var lines = [
            "matched: \(match.url.text)",
            "  declaration  \(match.declaration) (\(file))",
            "  route        \(match.route.name)  \(match.route.template)",
        ]
        let names = match.route.parameters.keys.sorted()
        let width = names.map(\.count).max() ?? 0
        for name in names {
            let spec = match.route.parameters[name]!
            let padded = name + String(repeating: " ", count: width - name.count)
            if let value = match.parameters[name] {
                let at = match.parameters.offset(of: name).map { "  (byte \($0))" } ?? ""
                lines.append("  \(padded)  = \(value)\(at)    [\(spec)]")
            } else {
                lines.append("  \(padded)  absent    [\(spec)]")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(for match: RouteMatch, file: String) -> JSONValue {
        let parameters = match.route.parameters.keys.sorted().compactMap { name -> (String, JSONValue)? in
            guard let value = match.parameters[name] else { return nil }
            return (name, .object([
                ("kind", .string(value.kindName)), ("value", json(for: value)),
                ("offset", match.parameters.offset(of: name).map(JSONValue.int) ?? .null),
            ]))
        }
        return .object([
            ("input", .string(match.url.text)), ("matched", .bool(true)),
            ("declaration", .string(match.declaration.rawValue)), ("file", .string(file)),
            ("route", .string(match.route.name)), ("template", .string(match.route.template)),
            ("parameters", .object(parameters)),
        ])
    }

    /// Strings, UUIDs, dates (ISO 8601) and keywords as strings; integers and booleans as such.
    static func json(for value: ParameterValue) -> JSONValue {
        switch value {
        case .string(let text), .keyword(let text): .string(text)
        case .integer(let number): .int(number)
        case .boolean(let flag): .bool(flag)
        case .uuid(let uuid): .string(uuid.description)
        case .date(let date): .string(date.description)
        case .list(let values): .array(values.map(json(for:)))
        }
    }
}
