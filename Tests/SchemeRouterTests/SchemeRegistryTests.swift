import Foundation
import Testing

@testable import SchemeRouter

/// The registry: one owner per scheme and per name, routing by scheme, and reporting every
/// problem of a directory at once.
@Suite("Scheme registry")
struct SchemeRegistryTests {
    static func manifest(_ name: String, _ schemes: [String], file: String) throws -> Manifest {
        let list = schemes.map { "\"\($0)\"" }.joined(separator: ", ")
        return try Manifest(json: Array(#"{"CFBundleURLName": "\#(name)", "CFBundleURLSchemes": [\#(list)], "routes": [{"name": "root", "path": "/"}]}"#.utf8), file: file)
    }

    @Test func routesByScheme() throws {
        let registry = try SchemeRegistry(manifests: [
            try Manifest(json: Array(SeedManifest.json.utf8), file: "todolist.json"),
            try Manifest(json: Array(RichManifest.json.utf8), file: "notes.json"),
        ])
        #expect(try registry.route(SchemeURL("todolist://x?t")).declaration.rawValue == "com.acme.todolist")
        #expect(try registry.route(SchemeURL("X-Notes://h/notes/new")).route.name == "new")
        #expect(registry.declaration(claiming: "NOTES")?.name.rawValue == "com.acme.notes")
        #expect(registry.declaration(claiming: "mailto") == nil)
        #expect(throws: RouteError.unknownScheme("other")) { try registry.route(SchemeURL("other://x")) }
    }

    @Test func aSchemeClaimedTwiceNamesBothClaimants() throws {
        let error = #expect(throws: ManifestError.self) {
            try SchemeRegistry(manifests: [
                try Self.manifest("com.acme.notes", ["notes", "memo"], file: "Schemes/notes.json"),
                try Self.manifest("org.other.memo", ["Memo"], file: "Schemes/memo.json"),
            ])
        }
        #expect(error?.description
            == "scheme 'memo' is claimed by two declarations: com.acme.notes (Schemes/notes.json: CFBundleURLSchemes[1]) and org.other.memo (Schemes/memo.json: CFBundleURLSchemes[0])")
        #expect(error?.file == "Schemes/memo.json")
        #expect(error?.code == "scheme-claimed-twice")
    }

    @Test func aNameUsedTwiceIsRefusedWhateverItsCase() throws {
        let error = #expect(throws: ManifestError.self) {
            try SchemeRegistry(manifests: [
                try Self.manifest("com.acme.notes", ["a"], file: "a.json"),
                try Self.manifest("com.Acme.Notes", ["b"], file: "b.json"),
            ])
        }
        #expect(error?.description
            == "CFBundleURLName 'com.Acme.Notes' is used by two declarations: com.acme.notes (a.json: CFBundleURLName) and com.Acme.Notes (b.json: CFBundleURLName)")
    }

    @Test func problemsListsEveryProblemNotJustTheFirst() throws {
        let reserved = try Manifest(json: Array(#"{"CFBundleURLName": "com.x.y", "CFBundleURLSchemes": ["tel"]}"#.utf8), file: "c.json")
        let problems = SchemeRegistry.problems(in: [
            try Self.manifest("com.a.one", ["shared"], file: "a.json"),
            try Self.manifest("com.a.two", ["shared"], file: "b.json"),
            reserved,
            try Self.manifest("com.a.three", ["shared", "own"], file: "d.json"),
        ])
        #expect(problems.map(\.code) == ["reserved-scheme", "scheme-claimed-twice", "scheme-claimed-twice"])
        #expect(problems.map(\.file) == ["c.json", "b.json", "d.json"])
        #expect(SchemeRegistry.problems(in: [try Self.manifest("com.a.one", ["x"], file: "a.json")]).isEmpty)
    }

    /// The tests' copy of the seed manifest is the shipped file, byte for byte.
    @Test func seedManifestCopyMatchesTheShippedFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shipped = try Data(contentsOf: root.appendingPathComponent("Examples/TodoList/Schemes/todolist.json"))
        #expect(String(decoding: shipped, as: UTF8.self) == SeedManifest.json)
    }
}
