import Testing

/// TodoList embeds its manifest (an installed app must not depend on the working directory);
/// the embedded copy must stay identical to `Schemes/todolist.json`.
@Suite("TodoList manifest")
struct TodoListManifestTests {
    @Test("todolist --manifest prints Schemes/todolist.json byte for byte")
    func embeddedManifestMatchesTheFile() throws {
        let sandbox = try TodoSandbox()
        let process = try sandbox.spawn(["--manifest"])
        #expect(try process.wait() == 0)
        let file = Self.packageRoot + "/Schemes/todolist.json"
        let expected = TestFiles.bytes(file)
        #expect(!expected.isEmpty, "cannot read \(file)")
        #expect(TestFiles.bytes(process.stdoutPath) == expected)
    }

    /// The package's root directory, from this source file's path.
    static var packageRoot: String {
        let path = "\(#filePath)"
        var components = path.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)
        return components.joined(separator: "/")
    }
}
