import PropertyBased
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@testable import SchemeRouter

/// Document types in the manifest (`CFBundleDocumentTypes`, `UTExportedTypeDeclarations`): read
/// with every fault named by key path (and so by byte offset, `ManifestDiagnostic`), written back
/// by `jsonText`, and matched to file names by extension only.
@Suite("Document types")
struct DocumentTypeTests {
    static let note = #"{"CFBundleTypeName": "Note", "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner", "CFBundleTypeMIMETypes": ["application/x-notes-note"]}"#
    static let noteType = #"{"UTTypeIdentifier": "application/x-notes-note", "UTTypeDescription": "Note", "UTTypeConformsTo": ["text/plain"], "UTTypeTagSpecification": {"public.filename-extension": ["note"]}}"#

    static func json(documents: String, exported: String? = nil) -> String {
        #"{"CFBundleURLName": "com.example.notes", "CFBundleURLSchemes": ["notes"], "CFBundleDocumentTypes": "# + documents
            + (exported.map { #", "UTExportedTypeDeclarations": "# + $0 } ?? "") + "}"
    }

    static func declaration(documents: String, exported: String? = nil) throws -> SchemeDeclaration {
        try SchemeDeclaration(Manifest(json: Array(json(documents: documents, exported: exported).utf8), file: "m.json"))
    }

    @Test("a document type and the type it defines read, with their defaults, and survive jsonText")
    func reads() throws {
        let declaration = try Self.declaration(
            documents: "[\(Self.note), {\"CFBundleTypeName\": \"Text\", \"CFBundleTypeRole\": \"Viewer\", \"CFBundleTypeExtensions\": [\"TXT\", \"text\"], \"CFBundleTypeMIMETypes\": [\"Text/Plain\"]}]",
            exported: "[\(Self.noteType)]")
        let manifest = declaration.manifest
        #expect(manifest.documentTypes == [
            DocumentType(name: "Note", role: .editor, rank: .owner, mimeTypes: [try MIMEType("application/x-notes-note")]),
            DocumentType(
                name: "Text", role: .viewer, rank: .default, mimeTypes: [try MIMEType("text/plain")],
                extensions: [try FileExtension("txt"), try FileExtension("text")]),
        ])
        #expect(manifest.exportedTypes == [
            ExportedTypeDeclaration(
                identifier: try MIMEType("application/x-notes-note"), typeDescription: "Note", conformsTo: [try MIMEType("text/plain")],
                extensions: [try FileExtension("note")])
        ])
        let again = try Manifest(json: Array(manifest.jsonText.utf8), file: "m.json")
        #expect(again == manifest)
        #expect(!manifest.jsonText.contains("LSHandlerRank\": \"Default"), "the default rank is left out")
    }

    @Test(
        "a bad document type is refused with its key path",
        arguments: [
            ("{}", nil, "m.json: CFBundleDocumentTypes: expected array, found object"),
            ("[{\"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"a\"]}]", nil, "m.json: CFBundleDocumentTypes[0].CFBundleTypeName: missing required key"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeExtensions\": [\"a\"]}]", nil, "m.json: CFBundleDocumentTypes[0].CFBundleTypeRole: missing required key"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Shell\", \"CFBundleTypeExtensions\": [\"a\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeRole: 'Shell' is not a document role: use Editor, Viewer"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"LSHandlerRank\": \"Best\", \"CFBundleTypeExtensions\": [\"a\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].LSHandlerRank: 'Best' is not a handler rank: use Owner, Default, Alternate, None"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeIconFile\": \"a.png\", \"CFBundleTypeExtensions\": [\"a\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeIconFile: unknown key (allowed: CFBundleTypeName, CFBundleTypeRole, LSHandlerRank, CFBundleTypeMIMETypes, CFBundleTypeExtensions)"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\".note\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeExtensions[0]: '.note': an extension is written without its dot: 'note'"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"a b\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeExtensions[0]: 'a b': space at byte 1 is not allowed in an extension (letters, digits, _ - + ~ .)"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"a\", \"A\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeExtensions[1]: 'a' is already listed at [0] (compared ignoring case)"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeMIMETypes\": [\"text\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeMIMETypes[0]: 'text': a MIME type is type/subtype, such as application/x-notes-note: no '/'"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeMIMETypes\": [\"x-scheme-handler/notes\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeMIMETypes[0]: 'x-scheme-handler/notes': x-scheme-handler/… is a URL scheme's type: declare the scheme in CFBundleURLSchemes"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeMIMETypes\": [\"inode/directory\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeMIMETypes[0]: 'inode/directory': inode/… names directories, devices and FIFOs, never a document"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\"}]", nil,
             "m.json: CFBundleDocumentTypes[0]: a document type lists at least one MIME type (CFBundleTypeMIMETypes) or extension (CFBundleTypeExtensions)"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeMIMETypes\": [\"text/plain\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0]: no file name is of the type 'A': list its extensions (CFBundleTypeExtensions) or define one of its MIME types (UTExportedTypeDeclarations); files are recognised by name, never by content"),
            ("[{\"CFBundleTypeName\": \"A\\u001B\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"a\"]}]", nil,
             "m.json: CFBundleDocumentTypes[0].CFBundleTypeName: control character U+001B at byte 1: a document type's name is one line of text"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"a\"]}, {\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Viewer\", \"CFBundleTypeExtensions\": [\"b\"]}]", nil,
             "m.json: CFBundleDocumentTypes[1].CFBundleTypeName: 'A' already names CFBundleDocumentTypes[0]"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"a\"]}, {\"CFBundleTypeName\": \"B\", \"CFBundleTypeRole\": \"Viewer\", \"CFBundleTypeExtensions\": [\"A\"]}]", nil,
             "m.json: CFBundleDocumentTypes[1].CFBundleTypeExtensions[0]: a file named *.a would be of two types: 'A' (CFBundleDocumentTypes[0]) and 'B'"),
            ("[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"txt\"], \"CFBundleTypeMIMETypes\": [\"text/plain\"]}, {\"CFBundleTypeName\": \"B\", \"CFBundleTypeRole\": \"Viewer\", \"CFBundleTypeExtensions\": [\"text\"], \"CFBundleTypeMIMETypes\": [\"text/plain\"]}]", nil,
             "m.json: CFBundleDocumentTypes[1].CFBundleTypeMIMETypes[0]: text/plain is already a MIME type of 'A' (CFBundleDocumentTypes[0]): a file would be of two types"),
            ("[{\"CFBundleTypeName\": \"Memo\", \"CFBundleTypeRole\": \"Viewer\", \"CFBundleTypeExtensions\": [\"note\"]}, \(note)]", "[\(noteType)]",
             "m.json: CFBundleDocumentTypes[1].CFBundleTypeMIMETypes[0]: a file named *.note would be of two types: 'Memo' (CFBundleDocumentTypes[0]) and 'Note'"),
            ("[\(note)]", "[{\"UTTypeIdentifier\": \"text/plain\", \"UTTypeDescription\": \"T\", \"UTTypeTagSpecification\": {\"public.filename-extension\": [\"t\"]}}]",
             "m.json: UTExportedTypeDeclarations[0].UTTypeIdentifier: 'text/plain' is a registered type: an app defines types in the vendor (text/vnd.…), personal (prs.…) or x- tree only"),
            ("[\(note)]", "[\(noteType), \(noteType)]",
             "m.json: UTExportedTypeDeclarations[1].UTTypeIdentifier: 'application/x-notes-note' is defined twice"),
            ("[\(note)]", "[{\"UTTypeIdentifier\": \"application/x-notes-note\", \"UTTypeDescription\": \"Note\", \"UTTypeTagSpecification\": {\"public.filename-extension\": []}}]",
             "m.json: UTExportedTypeDeclarations[0].UTTypeTagSpecification[\"public.filename-extension\"]: a defined type lists at least one extension: files are recognised by name"),
            ("[\(note)]", "[{\"UTTypeIdentifier\": \"application/x-notes-note\", \"UTTypeDescription\": \"Note\", \"UTTypeTagSpecification\": {\"public.mime-type\": \"a/b\"}}]",
             "m.json: UTExportedTypeDeclarations[0].UTTypeTagSpecification[\"public.mime-type\"]: unknown key (allowed: public.filename-extension)"),
            ("[\(note)]", "[{\"UTTypeIdentifier\": \"application/x-notes-note\", \"UTTypeDescription\": \"\", \"UTTypeTagSpecification\": {\"public.filename-extension\": [\"note\"]}}]",
             "m.json: UTExportedTypeDeclarations[0].UTTypeDescription: a type's description is not empty"),
            ("[\(note)]", "[{\"UTTypeIdentifier\": \"application/x-notes-note\", \"UTTypeDescription\": \"N\", \"UTTypeConformsTo\": [\"application/x-notes-note\"], \"UTTypeTagSpecification\": {\"public.filename-extension\": [\"note\"]}}]",
             "m.json: UTExportedTypeDeclarations[0].UTTypeConformsTo[0]: a type does not conform to itself"),
        ] as [(String, String?, String)])
    func refused(documents: String, exported: String?, message: String) throws {
        do {
            _ = try Self.declaration(documents: documents, exported: exported)
            Issue.record("accepted: \(documents)")
        } catch let error as ManifestError {
            #expect(error.description == message)
            // Every fault has a place in the file: a byte offset, line and column (Docs/Generator.md).
            let json = Self.json(documents: documents, exported: exported)
            let diagnostic = ManifestDiagnostic(error, json: Array(json.utf8))
            #expect(diagnostic.offset > 0 && diagnostic.offset < json.utf8.count, "\(diagnostic)")
        }
    }

    @Test("the diagnostic of a bad extension points at it")
    func diagnosticOffset() throws {
        let json = Self.json(documents: "[{\"CFBundleTypeName\": \"A\", \"CFBundleTypeRole\": \"Editor\", \"CFBundleTypeExtensions\": [\"ok\", \".bad\"]}]")
        do {
            _ = try Manifest(json: Array(json.utf8), file: "m.json")
            Issue.record("accepted")
        } catch {
            let diagnostic = ManifestDiagnostic(error, json: Array(json.utf8))
            let offset = try #require(json.utf8.firstRange(of: "\".bad\"".utf8)).lowerBound
            #expect(diagnostic.offset == json.utf8.distance(from: json.utf8.startIndex, to: offset))
            #expect(diagnostic.description.hasPrefix("m.json:1:\(diagnostic.column): error: CFBundleDocumentTypes[0].CFBundleTypeExtensions[1]: "))
        }
    }

    @Test("names match by extension, ignoring case, the longest first; the defined type's MIME type is the match's")
    func matching() throws {
        let declaration = try Self.declaration(
            documents: "[\(Self.note), {\"CFBundleTypeName\": \"Archive\", \"CFBundleTypeRole\": \"Viewer\", \"CFBundleTypeExtensions\": [\"tar.gz\"]}, {\"CFBundleTypeName\": \"Zip\", \"CFBundleTypeRole\": \"Viewer\", \"CFBundleTypeExtensions\": [\"gz\"], \"CFBundleTypeMIMETypes\": [\"application/gzip\"]}]",
            exported: "[\(Self.noteType)]")
        #expect(declaration.documentType(forFileName: "Groceries.note")?.type.name == "Note")
        #expect(declaration.documentType(forFileName: "GROCERIES.NOTE")?.mimeType?.rawValue == "application/x-notes-note")
        #expect(declaration.documentType(forFileName: "my.notes.note")?.type.name == "Note")
        #expect(declaration.documentType(forFileName: ".note")?.type.name == "Note")
        #expect(declaration.documentType(forFileName: "a.tar.gz")?.type.name == "Archive")
        #expect(declaration.documentType(forFileName: "a.gz")?.mimeType?.rawValue == "application/gzip")
        #expect(declaration.documentType(forFileName: "a.tar.gz")?.mimeType == nil)
        #expect(declaration.documentType(forFileName: "note") == nil)
        #expect(declaration.documentType(forFileName: "a.note.txt") == nil)
        #expect(declaration.documentType(forFileName: "a.") == nil)
    }

    @Test("a file: URL becomes a document request; one of no declared type is refused at its name's offset")
    func documentRequests() throws {
        let declaration = try Self.declaration(documents: "[\(Self.note)]", exported: "[\(Self.noteType)]")
        let request = try declaration.document(at: SchemeURL("file:///home/ana/My%20list.NOTE"))
        #expect(request == DocumentRequest(
            url: try SchemeURL("file:///home/ana/My%20list.NOTE"), path: "/home/ana/My list.NOTE", typeName: "Note",
            mimeType: try MIMEType("application/x-notes-note"), role: .editor))
        // localhost and a resolved path: the request's URL is the resolved path's one spelling.
        let linked = try declaration.document(at: SchemeURL("file://localhost/tmp/link.note"), resolvedPath: "/data/a b.note")
        #expect(linked.url.text == "file:///data/a%20b.note")
        // The name as sent decides first: a link called x.note to a file without an extension is a note.
        #expect(try declaration.document(at: SchemeURL("file:///tmp/x.note"), resolvedPath: "/store/0f3a").typeName == "Note")
        // ... and the resolved name when the sent one matches nothing.
        #expect(try declaration.document(at: SchemeURL("file:///tmp/latest"), resolvedPath: "/store/a.note").path == "/store/a.note")

        let refused = try SchemeURL("file:///home/ana/list.txt")
        #expect(throws: RouteError.undeclaredDocumentType(fileName: "list.txt", offset: 17, declared: ["Note: *.note"])) {
            try declaration.document(at: refused)
        }
        #expect(RouteError.undeclaredDocumentType(fileName: "list.txt", offset: 17, declared: ["Note: *.note"]).code == "undeclared-type")
    }

    @Test(
        "a file: URL that names no local file is refused with the offset of the fault",
        arguments: [
            ("file://server/a.note", 7, "not a local file: the file is on the host 'server', not this machine"),
            ("file:///a.note?x=1", 14, "not a local file: a file URL has no query ('?' is %3F in a file name)"),
            ("file:///a.note#top", 14, "not a local file: a file URL has no fragment ('#' is %23 in a file name)"),
            ("file:///dir%2Fa.note", 11, "not a local file: %2F would be a '/' inside a file name"),
            ("file:///a%0A.note", 9, "not a local file: percent-encoded control character U+000A is not allowed in text"),
            ("file:///a%FF.note", 9, "not a local file: percent-encoded bytes are not valid UTF-8"),
            ("file:a.note", 5, "not a local file: a file URL's path is absolute"),
        ])
    func invalidFileURLs(text: String, offset: Int, message: String) throws {
        let declaration = try Self.declaration(documents: "[\(Self.note)]", exported: "[\(Self.noteType)]")
        do {
            _ = try declaration.document(at: SchemeURL(text))
            Issue.record("accepted \(text)")
        } catch let error as RouteError {
            #expect(error.code == "invalid-file-url")
            #expect(error.offset == offset, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("an app router reads a file: URL as the request type's document; one without document types refuses files")
    func appRouter() throws {
        let router = AppRouter(for: DocumentTestRequest.self)
        let routed = try router.route(SchemeURL("file:///tmp/a.note"))
        #expect(routed.routeName == "Note")
        #expect(routed.request as? DocumentTestRequest == .document(try router.declaration.document(at: SchemeURL("file:///tmp/a.note"))))
        #expect(try router.url(for: DocumentTestRequest.document(router.declaration.document(at: SchemeURL("file:///tmp/a.note")))).text == "file:///tmp/a.note")
        let plain = AppRouter(for: LifecycleTestRequest.self)
        #expect(throws: RouteError.undeclaredDocumentType(fileName: "a.note", offset: 12, declared: [])) {
            try plain.route(SchemeURL("file:///tmp/a.note"))
        }
    }

    @Test("a document goes through the same launch sequence as a URL")
    @MainActor func launchWithDocument() throws {
        let delegate = RecordingDelegate<DocumentTestRequest>()
        let controller = LifecycleController(delegate: delegate, clock: ManualClock())
        let url = try SchemeURL("file:///tmp/Groceries.note")
        let outcome = try controller.launch(options: LaunchOptions(url: url))
        #expect(outcome.results.map(\.verdict) == [.handled])
        #expect(try controller.receive(SchemeURL("file:///tmp/b.txt")) == .rejected(
            code: "undeclared-type", offset: 12, message: "'b.txt' is of no document type the app declares (Note: *.note)"))
        let document = try AppRouter(for: DocumentTestRequest.self).declaration.document(at: url)
        #expect(delegate.receivedRequests == [.document(document)])
        #expect(delegate.events == [.willFinishLaunching, .didFinishLaunching, .open(url.text), .didBecomeActive])
    }

    // MARK: Properties

    /// Runs `accept` on `text`: it must succeed exactly when `expected`, and a refusal must point
    /// inside the text.
    static func expectAccepted(_ text: String, exactlyWhen expected: Bool, _ accept: (String) throws -> Void) {
        do {
            try accept(text)
            #expect(expected, "accepted \(text.debugDescription)")
        } catch let error as NameSyntaxError {
            #expect(!expected, "refused \(text.debugDescription): \(error)")
            #expect(error.offset >= 0 && error.offset <= text.utf8.count)
        } catch {
            Issue.record("\(error)")
        }
    }

    /// MIME types are a space: any text is accepted exactly when it is two restricted names
    /// around one `/`, and a refusal points inside the text.
    @Test func mimeTypesAcceptExactlyTheGrammar() async {
        await propertyCheck(count: 800, input: DocumentGen.mimeText) { text in
            Self.expectAccepted(text, exactlyWhen: DocumentGen.isMIMEType(text)) { text in
                let type = try MIMEType(text)
                #expect(type.rawValue == text.lowercased())
                #expect(try MIMEType(type.rawValue) == type)
            }
        }
    }

    /// Extensions are a space too: accepted exactly by their rule, matched ignoring case.
    @Test func extensionsAcceptExactlyTheirRule() async {
        await propertyCheck(count: 800, input: DocumentGen.extensionText) { text in
            Self.expectAccepted(text, exactlyWhen: DocumentGen.isExtension(text)) { text in
                let fileExtension = try FileExtension(text)
                let type = DocumentType(name: "T", role: .viewer, extensions: [fileExtension])
                var manifest = Manifest(name: try ReverseDNSName("com.a.b"), schemes: [try SchemeName("a")], file: "m.json")
                manifest.documentTypes = [type]
                let declaration = try SchemeDeclaration(manifest)
                #expect(declaration.documentType(forFileName: "x." + text.uppercased())?.type == type)
                #expect(declaration.documentType(forFileName: "x" + text) == nil || text.contains("."))
            }
        }
    }

    /// Paths and file URLs: every absolute UTF-8 path without control characters has exactly one
    /// URL, which parses, and reads back as the same path.
    @Test func fileURLsRoundTrip() async {
        await propertyCheck(count: 1000, input: DocumentGen.path) { path in
            let text = FileURL.text(forPath: path)
            do {
                let url = try SchemeURL(text)
                let (back, offset) = try FileURL.path(of: url)
                #expect(back == path, "\(text)")
                #expect(offset == 7)
                #expect(FileURL.text(forPath: back) == text)
            } catch {
                Issue.record("\(path.debugDescription) → \(text): \(error)")
            }
        }
    }
}

/// A request type written by hand for a manifest with a document type (the generated ones are
/// tested in SchemeRouterGeneratedTests).
enum DocumentTestRequest: AppRequest, PrintableRequest, Hashable {
    case show(id: Int)
    case document(DocumentRequest)

    static let manifest = EmbeddedManifest(
        bundleName: "com.example.notes", file: "documents.json",
        json: """
            {"CFBundleURLName": "com.example.notes", "CFBundleURLSchemes": ["notes"],
             "routes": [{"name": "show", "host": "show", "path": "/{id}", "parameters": {"id": {"type": "integer"}}}],
             "CFBundleDocumentTypes": [{"CFBundleTypeName": "Note", "CFBundleTypeRole": "Editor", "CFBundleTypeExtensions": ["note"]}]}
            """)

    init(match: RouteMatch) throws(RouteError) { self = .show(id: try match.integer(at: 0)) }
    init(document: DocumentRequest) throws(RouteError) { self = .document(document) }

    var routeName: String { if case .document(let document) = self { document.typeName } else { "show" } }
    var routeParameters: RouteParameters {
        if case .show(let id) = self { RouteParameters(["id": .integer(id)]) } else { RouteParameters() }
    }
    var documentURL: SchemeURL? { if case .document(let document) = self { document.url } else { nil } }
}

/// Generators for the document properties.
enum DocumentGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let restricted = Array("abcXYZ019!#$&-^_.+".utf8)
    static let noise = Array("/ :;\"é\u{0}\t*".utf8)

    /// Text near the MIME grammar: restricted names, slashes, sometimes other bytes.
    static let mimeText = Generator { (rng: inout RNG) -> String in
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...20, using: &rng) {
            let roll = Int.random(in: 0..<20, using: &rng)
            bytes.append(roll < 15 ? restricted.randomElement(using: &rng)! : roll < 18 ? UInt8(ascii: "/") : noise.randomElement(using: &rng)!)
        }
        if Bool.random(using: &rng) { bytes = Array("application/x-".utf8) + bytes.filter { $0 != UInt8(ascii: "/") } }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isMIMEType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        for part in parts {
            guard let first = part.utf8.first, part.utf8.count <= 127, isAlphanumeric(first) else { return false }
            guard part.utf8.allSatisfy({ isAlphanumeric($0) || Array("!#$&-^_.+".utf8).contains($0) }) else { return false }
        }
        let lowered = text.lowercased()
        return !lowered.hasPrefix("x-scheme-handler/") && !lowered.hasPrefix("inode/")
    }

    static let extensionAlphabet = Array("aZ9_-+~.".utf8) + Array("/ *é".utf8)

    static let extensionText = Generator { (rng: inout RNG) -> String in
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            bytes.append(Int.random(in: 0..<10, using: &rng) < 9 ? extensionAlphabet[Int.random(in: 0..<8, using: &rng)] : extensionAlphabet.randomElement(using: &rng)!)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isExtension(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64, bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: "."), !text.contains("..") else {
            return false
        }
        return bytes.allSatisfy { isAlphanumeric($0) || Array("_-+~.".utf8).contains($0) }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Absolute paths of printable text: ASCII with every URL delimiter, spaces, `%`, and non-ASCII letters.
    static let path = Generator { (rng: inout RNG) -> String in
        let pieces = ["a", "Z", "0", " ", "%", "#", "?", "&", "=", "+", ";", "@", ":", "'", "(", "~", "é", "日", "🙂", ".", "..", "-", "[", "]", "\\", "\""]
        var path = ""
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            path += "/"
            for _ in 0..<Int.random(in: 0...8, using: &rng) { path += pieces.randomElement(using: &rng)! }
        }
        return path
    }
}
