import SchemeRouter
import Testing

/// The manifest's optional `actions` array (issue 18): decoded with its parameter types, every
/// fault named by key path, and written back by `jsonText`.
@Suite("Manifest actions")
struct ManifestActionTests {
    static func manifest(_ actions: String) throws -> Manifest {
        let json = "{\"CFBundleURLName\": \"com.a.b\", \"CFBundleURLSchemes\": [\"a\"], \"actions\": \(actions)}"
        return try Manifest(json: Array(json.utf8), file: "m.json")
    }

    @Test("actions decode in order, with their titles and parameter types, and survive jsonText")
    func decodes() throws {
        let manifest = try Self.manifest(
            "[{\"name\": \"new-item\", \"title\": \"New Item\", \"parameter\": \"string\"}, {\"name\": \"sync\", \"title\": \"Sync\"}]")
        #expect(manifest.actions == [
            ManifestAction(name: "new-item", title: "New Item", parameter: .string),
            ManifestAction(name: "sync", title: "Sync"),
        ])
        let again = try Manifest(json: Array(manifest.jsonText.utf8), file: "m.json")
        #expect(again.actions == manifest.actions)
    }

    @Test("no actions key: no actions")
    func absent() throws {
        let manifest = try Manifest(json: Array("{\"CFBundleURLName\": \"com.a.b\", \"CFBundleURLSchemes\": [\"a\"]}".utf8), file: "m.json")
        #expect(manifest.actions.isEmpty)
        #expect(!manifest.jsonText.contains("actions"))
    }

    @Test(
        "a bad action is refused with its key path",
        arguments: [
            ("{}", "m.json: actions: expected array, found object"),
            ("[{\"title\": \"T\"}]", "m.json: actions[0].name: missing required key"),
            ("[{\"name\": \"New\", \"title\": \"T\"}]", "m.json: actions[0].name: an action name is 1 to 64 of a-z, 0-9 and '-', starting with a letter"),
            ("[{\"name\": \"a\", \"title\": \"T\"}, {\"name\": \"a\", \"title\": \"U\"}]", "m.json: actions[1].name: the action 'a' is declared twice"),
            ("[{\"name\": \"a\", \"title\": \"T\", \"parameter\": \"date\"}]", "m.json: actions[0].parameter: 'date' is not an action parameter type: use string, integer, boolean"),
            ("[{\"name\": \"a\", \"title\": \"T\", \"icon\": \"x\"}]", "m.json: actions[0].icon: unknown key (allowed: name, title, parameter)"),
        ])
    func refused(actions: String, message: String) {
        #expect(throws: ManifestError.self) { try Self.manifest(actions) }
        do {
            _ = try Self.manifest(actions)
        } catch let error as ManifestError {
            #expect(error.description == message)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
