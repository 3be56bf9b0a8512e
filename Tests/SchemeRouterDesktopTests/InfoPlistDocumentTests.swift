import PropertyBased
import SchemeRouter
import Testing

@testable import SchemeRouterDesktop

/// `CFBundleDocumentTypes` and `UTExportedTypeDeclarations` through `schemectl plist`: an Apple
/// Info.plist's UTIs become MIME types, every fault names its key path, and any valid set of
/// document types survives export and import unchanged (a property test).
@Suite struct InfoPlistDocumentTests {
    static let urlTypes = """
        <key>CFBundleURLTypes</key>
        <array><dict><key>CFBundleURLName</key><string>com.example.notes</string>
        <key>CFBundleURLSchemes</key><array><string>notes</string></array></dict></array>
        """

    /// An iOS app's declarations, with UTIs as Xcode writes them.
    static let appleNotes = InfoPlistTests.plist(urlTypes + """
        <key>CFBundleDocumentTypes</key>
        <array>
          <dict>
            <key>CFBundleTypeName</key><string>Note</string>
            <key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSHandlerRank</key><string>Owner</string>
            <key>LSItemContentTypes</key><array><string>com.example.notes.note</string></array>
          </dict>
          <dict>
            <key>CFBundleTypeName</key><string>Text</string>
            <key>CFBundleTypeRole</key><string>Viewer</string>
            <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
            <key>CFBundleTypeExtensions</key><array><string>txt</string></array>
          </dict>
        </array>
        <key>UTExportedTypeDeclarations</key>
        <array>
          <dict>
            <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
            <key>UTTypeDescription</key><string>Note</string>
            <key>UTTypeConformsTo</key><array><string>public.plain-text</string><string>public.data</string></array>
            <key>UTTypeTagSpecification</key>
            <dict>
              <key>public.filename-extension</key><string>note</string>
              <key>public.mime-type</key><string>application/x-notes-note</string>
            </dict>
          </dict>
        </array>
        """)

    @Test("an Apple Info.plist's document types import with their UTIs as MIME types")
    func importsUTIs() throws {
        let manifest = try InfoPlist.manifest(fromPlist: Self.appleNotes, file: "Info.plist")
        #expect(manifest.documentTypes == [
            DocumentType(name: "Note", role: .editor, rank: .owner, mimeTypes: [try MIMEType("application/x-notes-note")]),
            DocumentType(name: "Text", role: .viewer, mimeTypes: [try MIMEType("text/plain")], extensions: [try FileExtension("txt")]),
        ])
        #expect(manifest.exportedTypes == [
            ExportedTypeDeclaration(
                identifier: try MIMEType("application/x-notes-note"), typeDescription: "Note", conformsTo: [try MIMEType("text/plain")],
                extensions: [try FileExtension("note")])
        ])
        // What export writes reads back to the same manifest.
        let back = try InfoPlist.manifest(fromPlist: Array(InfoPlist.xml(for: manifest).utf8), file: "Info.plist")
        #expect(back == manifest)
    }

    @Test(
        "a document type SchemeRouter cannot take is refused with its key path",
        arguments: [
            ("<dict><key>CFBundleTypeRole</key><string>Editor</string><key>CFBundleTypeExtensions</key><array><string>a</string></array></dict>",
             "Info.plist: CFBundleDocumentTypes[0].CFBundleTypeName: missing required key"),
            ("<dict><key>CFBundleTypeName</key><string>A</string><key>CFBundleTypeRole</key><string>Shell</string><key>CFBundleTypeExtensions</key><array><string>a</string></array></dict>",
             "Info.plist: CFBundleDocumentTypes[0].CFBundleTypeRole: 'Shell' is not a role SchemeRouter supports: use Editor or Viewer"),
            ("<dict><key>CFBundleTypeName</key><string>A</string><key>CFBundleTypeRole</key><string>Viewer</string><key>LSItemContentTypes</key><array><string>com.other.thing</string></array></dict>",
             "Info.plist: CFBundleDocumentTypes[0].LSItemContentTypes[0]: the UTI com.other.thing has no MIME type: declare it in UTImportedTypeDeclarations with a public.mime-type, or name the MIME type"),
            ("<dict><key>CFBundleTypeName</key><string>A</string><key>CFBundleTypeRole</key><string>Viewer</string><key>CFBundleTypeExtensions</key><array><string>.a</string></array></dict>",
             "Info.plist: CFBundleDocumentTypes[0].CFBundleTypeExtensions[0]: '.a': an extension is written without its dot: 'a'"),
            ("<dict><key>CFBundleTypeName</key><string>A</string><key>CFBundleTypeRole</key><string>Viewer</string><key>CFBundleTypeMIMETypes</key><array><string>text/plain</string></array></dict>",
             "Info.plist: CFBundleDocumentTypes[0]: no file name is of the type 'A': list its extensions (CFBundleTypeExtensions) or define one of its MIME types (UTExportedTypeDeclarations); files are recognised by name, never by content"),
            ("<string>A</string>", "Info.plist: CFBundleDocumentTypes[0]: expected a dictionary"),
        ])
    func refused(entry: String, message: String) {
        let plist = InfoPlistTests.plist(Self.urlTypes + "<key>CFBundleDocumentTypes</key><array>\(entry)</array>")
        do {
            _ = try InfoPlist.manifest(fromPlist: plist, file: "Info.plist")
            Issue.record("accepted \(entry)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a defined type without a MIME type is refused: the desktop names types by MIME type")
    func definedTypeNeedsMIMEType() {
        let plist = InfoPlistTests.plist(Self.urlTypes + """
            <key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>com.example.note</string><key>UTTypeDescription</key><string>N</string>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>note</string></array></dict>
            </dict></array>
            """)
        #expect(throws: InfoPlistError.invalidValue(
            file: "Info.plist", keyPath: "UTExportedTypeDeclarations[0].UTTypeTagSpecification",
            reason: "com.example.note has no public.mime-type: the Linux desktop names file types by MIME type")) {
            try InfoPlist.manifest(fromPlist: plist, file: "Info.plist")
        }
    }

    /// Document types are a space: any valid set (roles, ranks, defined types with parents, own
    /// extensions) goes through `plist export` and `plist import`, and through `jsonText`,
    /// unchanged; every extension of a type matches that type.
    @Test func anyValidDocumentTypesRoundTrip() async {
        await propertyCheck(count: 300, input: DocumentTypesGen.manifest) { manifest in
            do {
                let declaration = try SchemeDeclaration(manifest)
                let back = try InfoPlist.manifest(fromPlist: Array(InfoPlist.xml(for: manifest).utf8), file: manifest.file)
                #expect(back == manifest)
                #expect(try Manifest(json: Array(manifest.jsonText.utf8), file: manifest.file) == manifest)
                for type in manifest.documentTypes {
                    for fileExtension in declaration.fileExtensions(of: type) {
                        #expect(declaration.documentType(forFileName: "File." + fileExtension.rawValue.uppercased())?.type == type)
                    }
                }
            } catch {
                Issue.record("\(error)\n\(manifest.jsonText)")
            }
        }
    }
}

/// Valid sets of document types and defined types, valid by construction: every extension is
/// used once, every defined type's MIME type is listed by at most one document type.
enum DocumentTypesGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let manifest = Generator<Manifest, Shrink.None<Manifest>> { (rng: inout RNG) -> Manifest in
        var manifest = Manifest(name: try! ReverseDNSName("com.example.gen"), schemes: [try! SchemeName("gen")], file: "gen.json")
        var extensionNumber = 0
        func freshExtensions(_ rng: inout RNG) -> [FileExtension] {
            (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                extensionNumber += 1
                let stem = ["note", "sk", "tar.gz", "x_y", "a-b", "c+d", "e~f"].randomElement(using: &rng)!
                return try! FileExtension("\(stem)\(extensionNumber)")
            }
        }
        let definedCount = Int.random(in: 0...3, using: &rng)
        for index in 0..<definedCount {
            let tree = ["x-", "vnd.", "prs."].randomElement(using: &rng)!
            let parents = [try! MIMEType("text/plain"), try! MIMEType("application/json"), try! MIMEType("application/xml")]
            manifest.exportedTypes.append(ExportedTypeDeclaration(
                identifier: try! MIMEType("application/\(tree)gen\(index)"),
                typeDescription: ["Note", "Sketch — v2", "日記", "A & B"].randomElement(using: &rng)!,
                conformsTo: Array(parents.shuffled(using: &rng).prefix(Int.random(in: 0...2, using: &rng))),
                extensions: freshExtensions(&rng)))
        }
        var unlisted = manifest.exportedTypes.map(\.identifier).shuffled(using: &rng)
        for index in 0..<Int.random(in: 1...4, using: &rng) {
            var mimeTypes: [MIMEType] = []
            if let defined = unlisted.popLast(), Bool.random(using: &rng) { mimeTypes.append(defined) }
            var extensions: [FileExtension] = []
            if mimeTypes.isEmpty || Bool.random(using: &rng) {
                extensions = freshExtensions(&rng)
                if Bool.random(using: &rng) { mimeTypes.append(try! MIMEType("image/gen\(index)")) }
            }
            manifest.documentTypes.append(DocumentType(
                name: "Type \(index)", role: DocumentRole.allCases.randomElement(using: &rng)!,
                rank: HandlerRank.allCases.randomElement(using: &rng)!, mimeTypes: mimeTypes, extensions: extensions))
        }
        return manifest
    }
}
