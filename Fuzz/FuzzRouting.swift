import Glibc

// Routing under the fuzzer: the registry of the manifests Fuzz/run names in FUZZ_MANIFESTS
// (Schemes/todolist.json, Fuzz/manifests/notes.json with every parameter type, and FragileHandler's),
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

    /// Routes an accepted URL: error offsets inside the input (or at its end), values read in
    /// place (`withRoute`, from the URL and from its text) equal to the owned match, and every match prints back to a URL that
    /// routes to the same route and values and prints the same again.
    static func exercise(_ url: SchemeURL) {
        let size = url.text.utf8.count
        let match: RouteMatch
        do {
            match = try registry.route(url)
        } catch {
            if let offset = error.offset {
                precondition(offset >= 0 && offset <= size, "route error \(error.code) at \(offset) outside \(size) bytes")
            }
            _ = error.render(input: url.text)
            let routeError = error
            do throws(RouteError) {
                try registry.withRoute(url) { _ throws(RouteError) in }
                preconditionFailure("route threw \(routeError) but withRoute matched \(url)")
            } catch {
                precondition(error == routeError, "withRoute threw \(error), route \(routeError), on \(url)")
            }
            do throws(RouteError) {
                try registry.withRoute(url.text) { _ throws(RouteError) in }
                preconditionFailure("route threw \(routeError) but withRoute(text) matched \(url)")
            } catch {
                precondition(error == routeError, "withRoute(text) threw \(error), route \(routeError), on \(url)")
            }
            return
        }
        do {
            let copy = try registry.withRoute(url) { values throws(RouteError) in
                // Read every value in place (text, lists, numbers) before copying the match out.
                for name in match.parameters.names { _ = values[name] }
                return values.match
            }
            precondition(copy == match, "withRoute read \(copy), route \(match)")
            let fromText = try registry.withRoute(url.text) { values throws(RouteError) in
                for name in match.parameters.names { _ = values[name] }
                return values.match
            }
            precondition(fromText == match, "withRoute(text) read \(fromText), route \(match)")
        } catch {
            preconditionFailure("route matched \(match) but withRoute threw \(error)")
        }
        guard let declaration = registry.declaration(claiming: url.scheme) else {
            preconditionFailure("routed \(url) without a declaration")
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
