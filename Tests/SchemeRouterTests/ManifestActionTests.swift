import PropertyBased
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

    @Test(
        "a control character in an action title is refused with its byte offset (issue 51: desktop files cannot hold it)",
        arguments: [
            ("New\\u0000Item", "U+0000 at byte 3"), ("New\\u000BItem", "U+000B at byte 3"), ("\\u000CNew", "U+000C at byte 0"),
            ("Été\\u001B", "U+001B at byte 5"), ("a\\u007F", "U+007F at byte 1"), ("a\\u0085b", "U+0085 at byte 1"),
            ("two\\nlines", "U+000A at byte 3"), ("tab\\there", "U+0009 at byte 3"),
        ])
    func controlCharacterInTitle(title: String, fault: String) {
        do {
            _ = try Self.manifest("[{\"name\": \"a\", \"title\": \"\(title)\"}]")
            Issue.record("\(title) was accepted")
        } catch let error as ManifestError {
            #expect(error.description.hasPrefix("m.json: actions[0].title: control character \(fault) of the title "), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("titles with letters, spaces and non-ASCII text are kept as declared")
    func plainTitlesKept() throws {
        for title in ["New Item", "Nouvel élément", "新しい項目", "Sync — now"] {
            let manifest = try Self.manifest("[{\"name\": \"a\", \"title\": \"\(title)\"}]")
            #expect(manifest.actions.first?.title == title)
        }
    }

    /// Titles are a space: any text is kept exactly when it has no control character, and
    /// otherwise refused at the byte offset of the first one.
    @Test func anyTitleIsKeptOrRefusedAtItsFirstControlCharacter() async {
        // Scalars from the controls, ASCII, Latin-1 and beyond (surrogates excluded).
        let scalar = Gen<UInt32>.value(in: 0...0x2FF).map { Unicode.Scalar($0)! }
        await propertyCheck(count: 1000, input: scalar.array(of: 0...40)) { scalars in
            var title = ""
            title.unicodeScalars.append(contentsOf: scalars)
            let first = scalars.firstIndex { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            do throws(ActionTitleError) {
                let kept = try ManifestAction.checkedTitle(title)
                #expect(first == nil && kept == title)
            } catch {
                let offset = scalars[..<(first ?? scalars.endIndex)].reduce(0) { $0 + String($1).utf8.count }
                #expect(error.offset == offset && first.map { error.character == scalars[$0] } == true)
            }
        }
    }
}
