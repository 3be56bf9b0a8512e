import Glibc

// Routing under the fuzzer: the registry of the manifests Fuzz/run names in FUZZ_MANIFESTS
// (Examples/TodoList/Schemes/todolist.json, Fuzz/manifests/notes.json with every parameter type, and FragileHandler's),
// the route oracles, and — for inputs that start with '{' — the manifest reader and route compiler.
enum FuzzRouting {
    /// Built once, on the first input.
    static let registry: SchemeRegistry = {
        var manifests: [Manifest] = []
        let list = getenv("FUZZ_MANIFESTS").map { String(cString: $0) } ?? ""
        for path in list.split(separator: ":").map(String.init) {
            guard let bytes = readFile(path) else { fatalError("fuzz: cannot read manifest \(path)") }
            do {
                manifests.append(try Manifest(json: bytes, file: path))
            } catch {
                fatalError("fuzz: \(error)")
            }
        }
        do {
            return try SchemeRegistry(manifests: manifests)
        } catch {
            fatalError("fuzz: \(error)")
        }
    }()

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// Routes an accepted URL through the one path: error offsets inside the input (or at its
    /// end); a value or key that does not decode is refused with exactly the rejection the
    /// parser's own decoding of that part gives; the declaration's `match` agrees with the
    /// registry's `route`; and every match prints back to a URL that routes to the same route and
    /// values and prints the same again.
    static func exercise(_ url: SchemeURL) {
        let size = url.text.utf8.count
        let declaration = registry.declaration(claiming: url.scheme)
        let match: RouteMatch
        do {
            match = try registry.route(url)
        } catch {
            if let offset = error.offset {
                precondition(offset >= 0 && offset <= size, "route error \(error.code) at \(offset) outside \(size) bytes")
            }
            _ = error.render(input: url.text)
            switch error {
            case .invalidParameter(_, _, _, .undecodable(let rejection)), .undecodableQueryKey(let rejection):
                precondition(partRejections(url).contains(rejection), "routing refused \(url) with \(rejection), which no part's decoding gives")
            default: break
            }
            if let declaration {
                do throws(RouteError) {
                    _ = try declaration.match(url)
                    preconditionFailure("route threw \(error) but the declaration matched \(url)")
                } catch let other {
                    precondition(other == error, "the declaration threw \(other), route \(error), on \(url)")
                }
            }
            return
        }
        guard let declaration else { preconditionFailure("routed \(url) without a declaration") }
        do {
            let other = try declaration.match(url)
            precondition(other == match, "the declaration matched \(other), route \(match)")
        } catch {
            preconditionFailure("route matched \(match) but the declaration threw \(error)")
        }
        let printed: SchemeURL
        do {
            printed = try declaration.url(route: match.route.name, parameters: match.parameters)
        } catch {
            if case .unprintableParameter(_, let name, _) = error, !name.isEmpty { return }
            preconditionFailure("matched \(match) but printing fails: \(error)")
        }
        let again: RouteMatch
        do {
            again = try registry.route(printed)
        } catch {
            preconditionFailure("printed \(printed) does not route: \(error)")
        }
        precondition(again.route.name == match.route.name, "printed \(printed) routes elsewhere")
        precondition(again.parameters == match.parameters, "printed \(printed) reads back differently")
        do {
            let second = try declaration.url(route: match.route.name, parameters: again.parameters)
            precondition(second.text == printed.text, "printing is not stable: \(printed) then \(second)")
        } catch {
            preconditionFailure("reprinting \(printed) fails: \(error)")
        }
    }

    /// What the parser's decoding (text and form) of each part of the URL rejects.
    static func partRejections(_ url: SchemeURL) -> [URLRejection] {
        var parts: [URLPart] = url.pathSegments
        for item in url.queryItems {
            parts.append(item.name)
            if let value = item.value { parts.append(value) }
        }
        if let fragment = url.fragment { parts.append(fragment) }
        if let query = url.query { parts.append(query) }
        var rejections: [URLRejection] = []
        for part in parts {
            for decoding in [PercentDecoding.text, .form] {
                do { _ = try part.decoded(decoding) } catch { rejections.append(error) }
            }
        }
        return rejections
    }

    /// Reads a manifest and compiles its routes: errors only, never a trap; a syntax error's
    /// offset lies inside the input (or at its end).
    static func exerciseManifest(_ bytes: UnsafeBufferPointer<UInt8>) {
        do {
            let manifest = try Manifest(json: bytes, file: "fuzz.json")
            _ = manifest.jsonText
            if let declaration = try? SchemeDeclaration(manifest) {
                for route in declaration.routes { _ = route.template }
            }
        } catch {
            if case .syntax(_, let offset, _, _, _) = error {
                precondition(offset >= 0 && offset <= bytes.count, "manifest syntax error at \(offset) outside \(bytes.count) bytes")
            }
            _ = error.description
        }
    }
}
