import SchemeRouter
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The sender's cheap bundle-name scan agrees with the full manifest parser or gives up.
@Suite("Manifest name scan")
struct ManifestNameTests {
    @Test("the scan finds the name the parser finds, wherever the key stands")
    func agreesWithTheParser() throws {
        let manifests = [
            TodoListManifestTests.packageRoot + "/Schemes/todolist.json",
        ].map { TestFiles.read($0) } + [
            #"{"routes": [{"name": "a", "path": "/x/{id}", "parameters": {"id": {"type": "integer", "min": -3, "max": 1000}}}], "CFBundleURLSchemes": ["b"], "CFBundleURLName": "org.example.b"}"#,
            "{\n\t\"CFBundleURLSchemes\" : [ \"c\" ] ,\r\n \"CFBundleURLName\" : \"org.example.c\" }\n",
        ]
        for json in manifests {
            let parsed = try Manifest(json: Array(json.utf8), file: "test")
            #expect(ManifestName.scan(json) == parsed.name.rawValue)
        }
    }

    @Test(
        "anything the scan does not fully understand returns nil (the caller then parses)",
        arguments: [
            "", "[]", "{", #"{"CFBundleURLName": "a\u002Eb"}"#, #"{"CFBundleURLName": 3}"#,
            #"{"CFBundleURLName": "a", "CFBundleURLName": "b"}"#, #"{"CFBundleURLName": "a"} x"#,
            #"{"x": [1, 2, "CFBundleURLName": "a"}"#, #"{"x": "unterminated}"#,
        ])
    func givesUp(json: String) {
        #expect(ManifestName.scan(json) == nil)
    }
}
