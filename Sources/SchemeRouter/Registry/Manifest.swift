/// One app's URL-scheme declaration, as read from its manifest file under `Schemes/`.
///
/// The `CFBundleURLTypes` idea in JSON (`Docs/Manifests.md` documents every key). Reading one checks
/// each value on its own; ``SchemeDeclaration`` checks the whole, ``SchemeRegistry`` several.
/// The core does no file I/O: read the file's bytes and hand them over.
/// ```swift
/// let manifest = try Manifest(json: bytes, file: "Schemes/todolist.json")
/// manifest.name        // com.acme.todolist
/// manifest.schemes     // [todolist]
/// ```
public struct Manifest: Sendable, Hashable {
    /// The largest manifest accepted, in bytes (1 MiB): far above any real declaration, small
    /// enough that a hostile file cannot make registration slow.
    public static let maximumSize = 1 << 20

    /// The file the manifest was read from, as given; used in every error message.
    public let file: String
    /// The app's `CFBundleURLName`, such as `com.acme.todolist`.
    public let name: ReverseDNSName
    /// The schemes the app owns (`CFBundleURLSchemes`), lower-cased, in manifest order.
    public let schemes: [SchemeName]
    /// The routes, in manifest order.
    public let routes: [RouteDefinition]
    /// The actions the app declares (the optional `actions` key; see ``ManifestAction``).
    public internal(set) var actions: [ManifestAction] = []
    /// The kinds of file the app opens (`CFBundleDocumentTypes`; see ``DocumentType``), in manifest order.
    public var documentTypes: [DocumentType] = []
    /// The file types the app defines (`UTExportedTypeDeclarations`; see ``ExportedTypeDeclaration``).
    public var exportedTypes: [ExportedTypeDeclaration] = []
    /// `UIApplicationExitsOnSuspend`: the app terminates instead of entering the background
    /// (see `LifecycleConfiguration.exitsOnSuspend`); `false` when the key is absent.
    public internal(set) var exitsOnSuspend = false

    /// Reads a manifest from its JSON bytes (UTF-8, RFC 8259); `file` is its path, for error messages.
    /// - Throws: ``ManifestError`` naming the file and the key path of the first fault.
    public init(json: some Collection<UInt8>, file: String) throws(ManifestError) {
        guard json.count <= Self.maximumSize else {
            throw .invalidValue(
                file: file, keyPath: "", reason: "the file is \(json.count) bytes; a manifest may have at most \(Self.maximumSize)")
        }
        let root: JSONNode
        do {
            root = try JSONReader.read(json)
        } catch {
            throw .syntax(file: file, offset: error.offset, line: error.line, column: error.column, reason: error.reason)
        }
        self = try ManifestDecoder(file: file).manifest(root)
    }

    /// Creates a manifest in code; `file` names it in error messages (such as the file it would be saved as).
    public init(name: ReverseDNSName, schemes: [SchemeName], routes: [RouteDefinition] = [], file: String) {
        self.name = name
        self.schemes = schemes
        self.routes = routes
        self.file = file
    }
}
