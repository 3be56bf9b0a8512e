import ArgumentParser
import SchemeRouterSender
import SchemeRouter

/// `schemectl route`: which declaration and route a URL matches, with typed parameters.
struct Route: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Match a URL against the routes of the manifests in a directory.",
        discussion: """
            Parses the URL strictly, finds the declaration that owns its scheme, selects the route by \
            host and path (literal segments first, then parameters, then catch-alls) and reads every \
            parameter as its declared type. Prints the route and the typed values, or exactly why \
            nothing matched, with a caret under the offending byte.

            Examples:
              schemectl route 'todolist://www.acme.com?Quarterly%20Report#200806231300'
              schemectl route --schemes Examples/TodoList/Schemes --json 'todolist://x?Report#200802301300'

            --json prints one object:
              {"version": 1, "input", "matched": true, "declaration", "file", "route", "template",
               "parameters": {"<name>": {"kind", "value", "offset"}}}
              {"version": 1, "input", "matched": false, "error": {"stage": "parse"|"manifest"|"route", "code", "offset", "message"}}

            Exit status: 0 matched; 2 rejected: the parser refused the URL, no route matched, or a \
            parameter was invalid (the app itself exits 2 for it too; "stage" in --json says which); \
            64 usage error; 65 a manifest is invalid; 66 a manifest could not be read.
            """
    )

    @Argument(help: "The URL to route.") var url: String
    @Option(help: "A manifest, or a directory: its *.json and every Schemes/*.json below it (default: the package here).")
    var schemes: String = "."
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let bytes = RawArguments.bytes(of: url)
        let input = String(decoding: bytes, as: UTF8.self)
        let parsed: SchemeURL
        do {
            parsed = try SchemeURL(bytes: bytes)
        } catch {
            emitFailure(input, stage: "parse", code: error.code, offset: error.offset, message: error.message) {
                error.render(input: bytes)
            }
            throw ExitStatus.rejected.code
        }
        let registry: SchemeRegistry
        do {
            registry = try SchemeRegistry(manifests: try ManifestFiles.load(schemes).map { try $0.get() })
        } catch let error as ManifestError {
            emitFailure(input, stage: "manifest", code: error.code, offset: nil, message: error.description) { "error: \(error)" }
            throw ExitStatus.invalidInput.code
        } catch {
            emitFailure(input, stage: "manifest", code: "unreadable", offset: nil, message: "\(error)") { "error: \(error)" }
            throw ExitStatus.cannotRead.code
        }
        do {
            let match = try registry.route(parsed)
            let file = registry.declaration(claiming: parsed.scheme)!.file
            print(json ? RouteOutput(match: match, file: file).jsonText : RouteReport.human(for: match, file: file))
        } catch {
            emitFailure(input, stage: "route", code: error.code, offset: error.offset, message: error.message) {
                error.render(input: input)
            }
            throw ExitStatus.rejected.code
        }
    }

    private func emitFailure(_ input: String, stage: String, code: String, offset: Int?, message: String, human: () -> String) {
        if json {
            RouteOutput(input: input, failure: .init(stage: stage, code: code, offset: offset, message: message)).printJSON()
        } else {
            print(human())
        }
    }
}

/// `schemectl check`: validate every manifest in a directory.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every manifest in a directory.",
        discussion: """
            Reads every manifest of the directory (its *.json, and every Schemes/*.json below it, where \
            each app target keeps its own; hidden directories, .build and other packages are skipped), \
            or the one file given, and reports every \
            problem: JSON syntax (byte, line, column), unknown or missing keys, wrong types, malformed \
            names and schemes, reserved schemes no app may claim, invalid routes and parameters, routes \
            that conflict or can never match, and schemes or names claimed by two manifests. Each \
            problem names the file and the key path. A file that cannot be read (a FIFO, a \
            directory, no permission, too large) is reported too, and every other file still is.

            --json prints one object per manifest and per problem:
              {"version": 1, "file", "valid": true, "name", "schemes", "routes", "documentTypes"}
              {"version": 1, "file", "valid": false, "error": {"code", "keyPath", "message"}}

            Exit status, the worst of all files: 66 a file (or the directory) could not be read; else 65 \
            at least one problem; else 0 every manifest is valid. 64 usage error.
            """
    )

    @Argument(help: "A manifest, or a directory: its *.json and every Schemes/*.json below it (default: the package here).")
    var directory: String = "."
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let loaded: [ManifestFiles.Outcome]
        do { loaded = try ManifestFiles.loadEach(directory) } catch {
            Self.report(error, json: json)
            throw ExitStatus.cannotRead.code
        }
        var manifests: [Manifest] = []
        var problems: [ManifestError] = []
        var unreadable: [ManifestFiles.Unreadable] = []
        for outcome in loaded {
            switch outcome {
            case .manifest(let manifest): manifests.append(manifest)
            case .invalid(let error): problems.append(error)
            case .unreadable(let error): unreadable.append(error)
            }
        }
        problems += SchemeRegistry.problems(in: manifests)
        let broken = Set(problems.map(\.file))
        for manifest in manifests where !broken.contains(manifest.file) {
            if json {
                CheckOutput(manifest: manifest).printJSON()
            } else {
                var counts = [manifest.routes.count == 1 ? "1 route" : "\(manifest.routes.count) routes"]
                let types = manifest.documentTypes.count
                if types > 0 { counts.append(types == 1 ? "1 document type" : "\(types) document types") }
                print("ok     \(manifest.file): \(manifest.name) claims \(manifest.schemes.map(\.rawValue).joined(separator: ", ")) (\(counts.joined(separator: ", ")))")
            }
        }
        for problem in problems {
            if json {
                CheckOutput(file: problem.file, problem: .init(code: problem.code, keyPath: problem.keyPath, message: problem.message)).printJSON()
            } else {
                print("error  \(problem)")
            }
        }
        for error in unreadable { Self.report(error, json: json) }
        if loaded.isEmpty && !json { print("no manifests (*.json) in \(directory)") }
        // The worst status: a file that could not be read hides what it holds.
        if !unreadable.isEmpty { throw ExitStatus.cannotRead.code }
        if !problems.isEmpty { throw ExitStatus.invalidInput.code }
    }

    /// A file or directory that could not be read.
    private static func report(_ error: ManifestFiles.Unreadable, json: Bool) {
        print(json ? CheckOutput(file: error.path, problem: .init(code: "unreadable", keyPath: nil, message: error.reason)).jsonText
            : "error  \(error)")
    }
}
