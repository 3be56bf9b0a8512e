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

    /// Lists read in place around the literal sizes: query items and catch-all path segments.
    @Test(arguments: 0...6)
    func listsAroundTheLiteralSizesReadInPlace(count: Int) throws {
        let registry = try SchemeRegistry(manifests: [try Manifest(json: Array(Self.manifest.utf8), file: "files.json")])
        let items = (0..<count).map { "t\($0)%20x" }
        let segments = (0...count).map { "s\($0)" }
        let text = "files://x/files/" + segments.joined(separator: "/") + "?" + items.map { "tag=\($0)" }.joined(separator: "&")
        let (tags, path) = try registry.withRoute(text) { values throws(RouteError) in
            (try values.strings("tags"), try values.strings("path"))
        }
        #expect(tags == (0..<count).map { "t\($0) x" })
        #expect(path == segments)
    }

    static let manifest = #"""
        {"CFBundleURLName": "com.acme.files", "CFBundleURLSchemes": ["files"],
         "routes": [{"name": "files", "path": "/files/{path...}", "query": {"tag": "tags"},
                     "parameters": {"path": {"type": "remainder"},
                                    "tags": {"type": "string", "repeated": true, "optional": true}}}]}
        """#
}
