import SchemeRouter

/// How `schemectl route` shows a match for people (`RouteOutput` is the JSON).
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
}
