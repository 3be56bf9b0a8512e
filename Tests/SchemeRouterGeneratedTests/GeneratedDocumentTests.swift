import SchemeRouter
import SchemeRouterTestKit
import Testing

/// The request type the plugin generates from Schemes/documents.json: files are the `.document`
/// case, read and printed through the one router.
@Suite struct GeneratedDocumentTests {
    static let router = AppRouter(for: DocumentsRequest.self)

    @Test("a file of a declared type is the .document case, with its type, MIME type and role")
    func documentCase() throws {
        let routed = try Self.router.route(text: "file:///home/ana/Plan.SK")
        guard case .document(let document) = routed.request as? DocumentsRequest else {
            Issue.record("not a document: \(routed.request)")
            return
        }
        #expect(document.typeName == "Sketch" && document.role == .editor)
        #expect(document.mimeType?.rawValue == "application/vnd.schemerouter.sketch")
        #expect(document.path == "/home/ana/Plan.SK")
        #expect(routed.routeName == "Sketch")
        #expect(try Self.router.url(for: DocumentsRequest.document(document)) == document.url)
        let picture = try Self.router.route(text: "file:///tmp/a%20b.png").request as? DocumentsRequest
        #expect(picture == .document(DocumentRequest(
            url: try SchemeURL("file:///tmp/a%20b.png"), path: "/tmp/a b.png", typeName: "Picture",
            mimeType: try MIMEType("image/png"), role: .viewer)))
    }

    @Test("routes still read as their cases, and print back")
    func routesStillRead() throws {
        #expect(try Self.router.route(text: "documents://recent/").request as? DocumentsRequest == .recent)
        #expect(try Self.router.route(Self.router.url(for: DocumentsRequest.recent)).request as? DocumentsRequest == .recent)
    }

    @Test("a file of no declared type is refused, naming the types")
    func undeclared() throws {
        #expect(throws: RouteError.undeclaredDocumentType(
            fileName: "notes.txt", offset: 8, declared: ["Sketch: *.sketch, *.sk", "Picture: *.png"])) {
            try Self.router.route(text: "file:///notes.txt")
        }
    }

    @Test func theTestKitCheckReadsEveryDocumentType() throws {
        try RequestTypeCheck.check(DocumentsRequest.self)
    }
}
