import SchemeRouter

/// How `schemectl` shows a parsed URL for people (`ValidateOutput` is the JSON).
enum URLReport {
    static func human(for url: SchemeURL) -> String {
        var lines = ["valid: \(url.text)"]
        func row(_ name: String, _ part: URLPart?, note: String? = nil) {
            guard let part else {
                lines.append("  \(name.padding(9))(none)")
                return
            }
            var line = "  \(name.padding(9))\"\(part.raw)\""
            if let decoded = try? part.decoded(), decoded != String(part.raw) {
                line += "  decoded: \"\(decoded)\""
            }
            if let note { line += "  (\(note))" }
            lines.append(line)
        }
        lines.append("  \("scheme".padding(9))\(url.scheme)")
        row("userinfo", url.userinfo)
        row("host", url.host, note: url.hostKind.map { $0.rawValue })
        row("port", url.rawPort, note: url.port.map { "\($0)" })
        row("path", url.path)
        row("query", url.query)
        row("fragment", url.fragment)
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
