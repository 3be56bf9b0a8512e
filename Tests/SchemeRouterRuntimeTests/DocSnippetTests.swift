import Glibc
import Testing

/// Every ```swift block in README.md and Docs/*.md compiles against the built modules. A block
/// is type-checked as its own `main.swift`; a `<!-- swift-check: prelude=NAME … -->` line right
/// before the fence adds Tests/SchemeRouterRuntimeTests/DocPreludes/NAME.swift for what the
/// text around it already declared (a registry, TodoList's other files), or, for a NAME in
/// ``generatedTypes``, the request type the generator makes from that example's manifest.
@Suite("Documentation code compiles")
struct DocSnippetTests {
    /// One ```swift block.
    struct Block: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        let source: String
        let preludes: [String]
        var testDescription: String { "\(file):\(line)" }
    }

    /// The blocks of README.md and Docs/*.md.
    static let blocks: [Block] = {
        let root = CompileCheckTests.packageRoot
        var files = ["README.md"]
        if let directory = opendir(root + "/Docs") {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".md") { files.append("Docs/" + name) }
            }
            closedir(directory)
        }
        return files.sorted().flatMap { file in blocks(in: TestFiles.read(root + "/" + file), file: file) }
    }()

    static func blocks(in text: String, file: String) -> [Block] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```swift") else {
                index += 1
                continue
            }
            let start = index
            var preludes: [String] = []
            let marker = "<!-- swift-check: prelude="
            if start > 0, lines[start - 1].hasPrefix(marker) {
                preludes = lines[start - 1].dropFirst(marker.count).prefix { $0 != "-" }
                    .split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            }
            index += 1
            var body: [String] = []
            while index < lines.count && !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            result.append(Block(file: file, line: start + 1, source: body.joined(separator: "\n"), preludes: preludes))
            index += 1
        }
        return result
    }

    @Test("there are blocks to check")
    func found() {
        #expect(Self.blocks.count >= 10)
        #expect(Self.blocks.contains { $0.file == "README.md" })
    }

    /// README's GTK recipe cannot be type-checked here (no GLib/GTK include paths), so its code
    /// lines must be `Examples/Notes/main.swift`'s, which the GLib tests build and run.
    @Test("README's Notes recipe is the code of Examples/Notes/main.swift")
    func notesRecipeIsTheExample() throws {
        let root = CompileCheckTests.packageRoot
        func code(_ lines: some Sequence<Substring>) -> [String] {
            lines.map { line in
                let text = line.firstRange(of: "   //").map { line[..<$0.lowerBound] } ?? line
                return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
        }
        let readme = TestFiles.read(root + "/README.md").split(separator: "\n", omittingEmptySubsequences: false)
        let intro = try #require(readme.firstIndex { $0.contains("The recipe (`Examples/Notes/main.swift`") })
        let open = try #require(readme[intro...].firstIndex { $0 == "```" })
        let close = try #require(readme[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        let recipe = code(readme[(open + 1)..<close])
        let example = code(TestFiles.read(root + "/Examples/Notes/main.swift").split(separator: "\n"))
        #expect(recipe.count >= 5)
        #expect(recipe == example.filter { recipe.contains($0) } && example.allSatisfy { recipe.contains($0) || $0.hasPrefix("import") },
                "README: \(recipe)\nmain.swift: \(example)")
    }

    /// The request types the docs use, and the manifests the generator makes them from.
    static let generatedTypes = [
        "TodolistRequest": "Examples/TodoList/Schemes/todolist.json", "NotesRequest": "Examples/Notes/Schemes/notes.json",
    ]

    @Test("the block compiles", arguments: blocks)
    func compiles(block: Block) throws {
        var extra: [(String, String)] = []
        for name in block.preludes {
            if let manifest = Self.generatedTypes[name] {
                extra.append(("\(name).swift", try CompileCheckTests.generatedSource(of: manifest, typeName: name)))
                continue
            }
            let path = CompileCheckTests.packageRoot + "/Tests/SchemeRouterRuntimeTests/DocPreludes/\(name).swift"
            #expect(access(path, R_OK) == 0, "\(block.file):\(block.line): no prelude \(name)")
            extra.append(("\(name).swift", TestFiles.read(path)))
        }
        // Code in a document names its imports only when they are news; the core is always there.
        let source = "import SchemeRouter\n" + block.source
        let result = try CompileCheckTests.typecheck(source, fileName: "main.swift", extraFiles: extra)
        #expect(result.status == 0, "\(block.file):\(block.line) does not compile:\n\(result.errors)")
    }
}
