// Stub until the core registry (Manifest(json:file:)) lands on main: reads only the two keys
// the runtime needs. Replaced by SchemeRouter.Manifest at the merge.

/// The keys of an app's manifest the runtime needs: its bundle name and schemes.
struct EmbeddedManifest {
    let identity: AppIdentity

    init(json: String, file: String) {
        func stringValue(after key: String, in text: Substring) -> (String, Substring)? {
            guard let keyRange = text.firstRange(of: "\"\(key)\"") else { return nil }
            var rest = text[keyRange.upperBound...]
            guard let open = rest.firstIndex(of: "\"") else { return nil }
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            return (String(rest[..<close]), rest[rest.index(after: close)...])
        }
        guard let (name, _) = stringValue(after: "CFBundleURLName", in: json[...]),
            let schemesKey = json.firstRange(of: "\"CFBundleURLSchemes\""),
            let close = json[schemesKey.upperBound...].firstIndex(of: "]")
        else { preconditionFailure("\(file): the embedded manifest has no CFBundleURLName or CFBundleURLSchemes") }
        let list = json[schemesKey.upperBound..<close]
        let schemes = list.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { $0.element.lowercased() }
        identity = AppIdentity(name: name, schemes: schemes)
    }
}
