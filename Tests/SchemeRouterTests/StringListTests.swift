import Testing

@testable import SchemeRouter

/// ``StringList/make(count:_:)``: literals up to four items, appends beyond; either way every
/// item once, in order.
@Suite("Lists of strings")
struct StringListTests {
    @Test(arguments: 0...9)
    func everyItemOnceInOrder(count: Int) {
        var calls = 0
        let list = StringList.make(count: count) {
            defer { calls += 1 }
            return "item \(calls)"
        }
        #expect(list == (0..<count).map { "item \($0)" })
        #expect(calls == count)
        #expect(list.capacity >= count)
    }

    /// Lists around the literal sizes, and well past the path's room for sixteen segments: query
    /// items and catch-all path segments.
    @Test(arguments: Array(0...6) + [15, 16, 17, 40, 70])
    func listsAroundTheLiteralSizes(count: Int) throws {
        let registry = try SchemeRegistry(manifests: [try Manifest(json: Array(Self.manifest.utf8), file: "files.json")])
        let items = (0..<count).map { "t\($0)%20x" }
        let segments = (0...count).map { "s\($0)" }
        let text = "files://x/files/" + segments.joined(separator: "/") + "?" + items.map { "tag=\($0)" }.joined(separator: "&")
        let match = try registry.route(SchemeURL(text))
        #expect(try match.strings("tags") == (0..<count).map { "t\($0) x" })
        #expect(try match.strings("path") == segments)
    }

    static let manifest = #"""
        {"CFBundleURLName": "com.acme.files", "CFBundleURLSchemes": ["files"],
         "routes": [{"name": "files", "path": "/files/{path...}", "query": {"tag": "tags"},
                     "parameters": {"path": {"type": "remainder"},
                                    "tags": {"type": "string", "repeated": true, "optional": true}}}]}
        """#
}
