import SchemeRouter
import SchemeRouterLifecycle
import Testing

@Suite("Manifests: UIApplicationExitsOnSuspend")
struct ManifestExitsOnSuspendTests {
    @Test("the key is optional, false by default, and read as a boolean", arguments: [
        ("", false), (#", "UIApplicationExitsOnSuspend": false"#, false), (#", "UIApplicationExitsOnSuspend": true"#, true),
    ])
    func read(extra: String, expected: Bool) throws {
        let json = #"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["a"]"# + extra + "}"
        let manifest = try Manifest(json: Array(json.utf8), file: "m.json")
        #expect(manifest.exitsOnSuspend == expected)
        #expect(try Manifest(json: Array(manifest.jsonText.utf8), file: "m.json") == manifest, "jsonText keeps the key")
    }

    @Test("a value that is not a boolean is refused with its key path")
    func wrongType() {
        let json = #"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["a"], "UIApplicationExitsOnSuspend": "yes"}"#
        #expect(throws: ManifestError.wrongType(file: "m.json", keyPath: "UIApplicationExitsOnSuspend", expected: "boolean", found: "string")) {
            try Manifest(json: Array(json.utf8), file: "m.json")
        }
    }
}
