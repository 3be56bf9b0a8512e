import Glibc
import Testing

/// What must not compile: a delegate without `open`, with a misspelled or an `async` one, a scene
/// delegate without `openURLContexts` or reading another request type than its app's, a `switch`
/// over the generated request type that misses a route, and `Application.main` after top-level
/// `await`; and a manifest the generator refuses, with its line and column. Each snippet is
/// type-checked by `swiftc` against the built modules and `NotesRequest` as the generator makes it
/// from Examples/Notes/Schemes/notes.json; the correct ones must compile, so the check itself can fail.
@Suite("Compile checks (swiftc -typecheck)")
struct CompileCheckTests {
    /// A snippet and whether it must compile.
    struct Snippet: Sendable, CustomTestStringConvertible {
        let name: String
        let source: String
        let compiles: Bool
        /// Text the compiler's error must contain, when it must fail.
        let diagnostic: String?
        var testDescription: String { name }
    }

    static let prelude = """
        import SchemeRouter
        import SchemeRouterLifecycle
        import SchemeRouterRuntime

        """

    static let delegateSnippets: [Snippet] = [
        Snippet(
            name: "a delegate with open(_:options:) compiles", source: """
                @MainActor final class NotesDelegate: ApplicationDelegate {
                    func open(_ request: NotesRequest, options: OpenOptions) throws -> Bool { true }
                }
                """, compiles: true, diagnostic: nil),
        Snippet(
            name: "a delegate without open does not compile", source: """
                @MainActor final class NotesDelegate: ApplicationDelegate {
                    func didBecomeActive() {}
                }
                """, compiles: false, diagnostic: "does not conform to protocol 'ApplicationDelegate'"),
        Snippet(
            name: "a misspelled open(url:options:) does not compile", source: """
                @MainActor final class NotesDelegate: ApplicationDelegate {
                    func open(url: SchemeURL, options: OpenOptions) throws -> Bool { true }
                }
                """, compiles: false, diagnostic: "does not conform to protocol 'ApplicationDelegate'"),
        Snippet(
            name: "an async open does not compile", source: """
                @MainActor final class NotesDelegate: ApplicationDelegate {
                    func open(_ request: NotesRequest, options: OpenOptions) async throws -> Bool { true }
                }
                """, compiles: false, diagnostic: "does not conform to protocol 'ApplicationDelegate'"),
    ]

    static let sceneSnippets: [Snippet] = [
        Snippet(
            name: "a scene delegate with openURLContexts(_:) compiles", source: """
                @MainActor final class NoteScene: SceneDelegate {
                    func openURLContexts(_ context: SceneURLContext<NotesRequest>) throws -> Bool {
                        switch context.request { case .open, .new, .search, .document: true }
                    }
                }
                @MainActor final class NotesDelegate: SceneApplicationDelegate {
                    typealias Request = NotesRequest
                    func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate<NotesRequest> { NoteScene() }
                }
                """, compiles: true, diagnostic: nil),
        Snippet(
            name: "a scene delegate without openURLContexts does not compile (no default reports a URL handled)", source: """
                @MainActor final class NoteScene: SceneDelegate {
                    typealias Request = NotesRequest
                    func didBecomeActive() {}
                }
                """, compiles: false, diagnostic: "does not conform to protocol 'SceneDelegate'"),
        Snippet(
            name: "a scene delegate of another request type than its app's does not compile", source: """
                enum OtherRequest: AppRequest {
                    case other
                    static let manifest = NotesRequest.manifest
                    init(match: RouteMatch) throws(RouteError) { self = .other }
                }
                @MainActor final class OtherScene: SceneDelegate {
                    func openURLContexts(_ context: SceneURLContext<OtherRequest>) throws -> Bool { true }
                }
                @MainActor final class NotesDelegate: SceneApplicationDelegate {
                    typealias Request = NotesRequest
                    func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate<NotesRequest> { OtherScene() }
                }
                """, compiles: false, diagnostic: "OtherScene"),
    ]

    static let mainSnippets: [Snippet] = [
        Snippet(
            name: "Application.main from a main.swift without await compiles", source: """
                @MainActor final class NotesDelegate: ApplicationDelegate {
                    func open(_ request: NotesRequest, options: OpenOptions) throws -> Bool { true }
                }
                Application.main { NotesDelegate() }
                """, compiles: true, diagnostic: nil),
        Snippet(
            name: "Application.main after top-level await does not compile, and says why", source: """
                @MainActor final class NotesDelegate: ApplicationDelegate {
                    func open(_ request: NotesRequest, options: OpenOptions) throws -> Bool { true }
                }
                await Task.yield()
                Application.main { NotesDelegate() }
                """, compiles: false, diagnostic: "without top-level 'await'"),
    ]

    static let switchSnippets: [Snippet] = [
        Snippet(
            name: "a switch over every route of the generated type compiles", source: """
                func title(_ request: NotesRequest) -> String {
                    switch request {
                    case .open(let id): "note \\(id)"
                    case .new(let title, let tags): title + tags.joined()
                    case .search(let query): query
                    case .document(let document): document.typeName
                    }
                }
                """, compiles: true, diagnostic: nil),
        Snippet(
            name: "a switch over the generated type that misses a route does not compile", source: """
                func title(_ request: NotesRequest) -> String {
                    switch request {
                    case .open(let id): "note \\(id)"
                    case .new(let title, _): title
                    }
                }
                """, compiles: false, diagnostic: "switch must be exhaustive"),
        Snippet(
            name: "a value read as another type than the manifest declares does not compile", source: """
                func id(_ request: NotesRequest) -> String? {
                    if case .open(let id) = request { return id }
                    return nil
                }
                """, compiles: false, diagnostic: "cannot convert return expression of type 'Int' to return type 'String'"),
    ]

    @Test("switches over the generated request type", arguments: switchSnippets)
    func switches(snippet: Snippet) throws {
        try Self.check(snippet, fileName: "Switch.swift")
    }

    /// A manifest with a typo in a parameter type: the generator (what the plugin runs at every
    /// build) exits 1 and prints the error where SwiftPM and editors read it, at its line and column.
    @Test("a typo in a manifest's parameter type fails the generator with the file, line and column")
    func manifestTypo() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { TestFiles.removeTree(directory) }
        TestFiles.write(directory + "/notes.json", """
            {
              "CFBundleURLName": "com.example.notes",
              "CFBundleURLSchemes": ["notes"],
              "routes": [
                {"name": "open", "path": "/{id}", "parameters": {"id": {"type": "integr", "min": 1}}}
              ]
            }

            """)
        let result = try Self.generate(directory + "/notes.json", typeName: "NotesRequest", output: directory + "/NotesRequest.swift")
        #expect(result.status == 1)
        #expect(
            result.errors == directory + "/notes.json:5:69: error: routes[0].parameters.id.type: 'integr' is not a parameter type: "
                + "use string, integer, uuid, boolean, enumeration, date, remainder, url [invalid-value]\n", "\(result.errors)")
        #expect(!TestFiles.exists(directory + "/NotesRequest.swift"), "no source for an invalid manifest")
    }

    @Test("delegate conformances", arguments: delegateSnippets)
    func delegate(snippet: Snippet) throws {
        try Self.check(snippet, fileName: "Delegate.swift")
    }

    @Test("scene delegate conformances", arguments: sceneSnippets)
    func scene(snippet: Snippet) throws {
        try Self.check(snippet, fileName: "Scene.swift")
    }

    @Test("main.swift and Application.main", arguments: mainSnippets)
    func main(snippet: Snippet) throws {
        try Self.check(snippet, fileName: "main.swift")
    }

    /// Type-checks the snippet after the prelude as `fileName`, beside the generated
    /// `NotesRequest`, and checks the outcome.
    static func check(_ snippet: Snippet, fileName: String) throws {
        let result = try typecheck(prelude + snippet.source, fileName: fileName, extraFiles: [("NotesRequest.swift", try notesRequest())])
        if snippet.compiles {
            #expect(result.status == 0, "\(snippet.name):\n\(result.errors)")
        } else {
            #expect(result.status != 0, "\(snippet.name) compiled")
            if let diagnostic = snippet.diagnostic {
                #expect(result.errors.contains(diagnostic), "\(snippet.name):\n\(result.errors)")
            }
        }
    }

    /// Where swiftc keeps its module cache: in the build directory (shared by every run), or under
    /// `$HOME/.cache` when this user may not write there (the tests run as nobody).
    static let moduleCache: String = {
        if access(Executables.directory, W_OK) == 0 { return Executables.directory + "/compile-check-module-cache" }
        return (getenv("HOME").map { String(cString: $0) } ?? "/tmp") + "/.cache/schemerouter-compile-check-module-cache"
    }()

    /// Runs `swiftc -typecheck` in Swift 6 mode on one file against the package's built modules.
    /// - Parameter extraFiles: Other files of the same module, as names and contents.
    static func typecheck(
        _ source: String, fileName: String, extraFiles: [(name: String, source: String)] = []
    ) throws -> (status: Int32, errors: String) {
        let directory = TestFiles.temporaryDirectory()
        defer { TestFiles.removeTree(directory) }
        let file = directory + "/" + fileName
        TestFiles.write(file, source)
        let others = extraFiles.map { extra in
            TestFiles.write(directory + "/" + extra.name, extra.source)
            return directory + "/" + extra.name
        }
        let modules = Executables.directory + "/Modules"
        let arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules, "-I", packageRoot + "/Sources/CLibUV", "-I", packageRoot + "/Sources/CDBus",
            "-I", "/usr/include/dbus-1.0", "-I", "/usr/lib/x86_64-linux-gnu/dbus-1.0/include",
            "-I", packageRoot + "/Sources/CSchemeRouterLinux",
            "-module-cache-path", moduleCache, file,
        ] + others
        let environment = ["PATH=" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"), "HOME=" + directory]
        let process = try ChildProcess(
            "/usr/bin/env", arguments.map { Array($0.utf8) }, environment: environment, outputPrefix: directory + "/swiftc")
        let status = try process.wait(timeout: .seconds(120))
        return (status, process.standardError)
    }

    /// The source the generator makes from Examples/Notes/Schemes/notes.json.
    static func notesRequest() throws -> String {
        try generatedSource(of: "Examples/Notes/Schemes/notes.json", typeName: "NotesRequest")
    }

    /// The source the generator makes of `typeName` from the manifest at `path` (relative to the package).
    static func generatedSource(of path: String, typeName: String) throws -> String {
        let directory = TestFiles.temporaryDirectory()
        defer { TestFiles.removeTree(directory) }
        let output = directory + "/" + typeName + ".swift"
        let result = try generate(packageRoot + "/" + path, typeName: typeName, output: output, display: path)
        guard result.status == 0 else { throw TestFailure("the generator refused \(path): \(result.errors)") }
        return TestFiles.read(output)
    }

    /// Runs the built generator as the plugin does.
    static func generate(
        _ manifest: String, typeName: String, output: String, display: String? = nil
    ) throws -> (status: Int32, errors: String) {
        let generator = try Executables.path("schemerouter-generator")
        let arguments = [manifest, output, typeName, display ?? manifest]
        let process = try ChildProcess(
            generator, arguments.map { Array($0.utf8) }, environment: [], outputPrefix: output + ".generator")
        let status = try process.wait(timeout: .seconds(60))
        return (status, process.standardError)
    }

    /// The package's root directory (this file is Tests/SchemeRouterRuntimeTests/CompileCheckTests.swift).
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()
}
