import Glibc
import PropertyBased
import SchemeRouter
import SchemeRouterPlatform
import SchemeRouterSender
import Testing

/// The check a document passes and the one URL it gets, against real files: every kind of bad
/// file is refused by name without being opened, and every spelling of a file (relative,
/// absolute, `./`, `..`, `//`, a linked directory, a `file:` URL) comes out as its one canonical
/// `file:` URL.
@Suite struct DocumentFileTests {
    /// A fresh directory under /tmp, its canonical path (removed by the caller).
    static func directory() throws -> String {
        var template = Array("/tmp/schemerouter-documents-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let resolved = try #require(realpath(path, nil))
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func remove(_ directory: String) {
        _ = try? ChildProcess.run([Array("/bin/rm".utf8), Array("-rf".utf8), Array(directory.utf8)], deadline: .seconds(30))
    }

    static func write(_ path: String) throws {
        try FileSystem.writeAtomically(Array("text\n".utf8), to: path)
    }

    @Test func resolvesThroughLinksDotsAndDoubleSlashes() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        mkdir(directory + "/sub", 0o755)
        try Self.write(directory + "/sub/a.note")
        symlink(directory + "/sub", directory + "/link")
        #expect(try DocumentFile.resolve(directory + "//link/./../sub/../link/a.note") == directory + "/sub/a.note")
    }

    @Test("the portal's handle: O_PATH and close-on-exec on the checked file; a FIFO put in its place is refused without blocking")
    func pathHandleNamesTheFileWithoutOpeningIt() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        try Self.write(directory + "/a.note")
        let handle = try DocumentFile.pathHandle(directory + "/a.note")
        defer { close(handle) }
        #expect(fcntl(handle, F_GETFL) & 0o10000000 != 0, "O_PATH")
        #expect(fcntl(handle, F_GETFD) & FD_CLOEXEC != 0)
        var byte: UInt8 = 0
        #expect(read(handle, &byte, 1) == -1 && errno == EBADF, "an O_PATH handle cannot read")
        // Replaced after the check: a FIFO with no writer (an open for reading would block).
        unlink(directory + "/a.note")
        try #require(mkfifo(directory + "/a.note", 0o600) == 0)
        #expect(throws: DocumentFileError.notRegularFile(path: directory + "/a.note", kind: .fifo)) {
            try DocumentFile.pathHandle(directory + "/a.note")
        }
        #expect(throws: DocumentFileError.missing(path: directory + "/none.note", danglingLink: false)) {
            try DocumentFile.pathHandle(directory + "/none.note")
        }
    }

    @Test func refusesEveryKindOfBadFileByName() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        let fifo = directory + "/fifo.note", loop = directory + "/loop.note", dangling = directory + "/dangling.note"
        try #require(mkfifo(fifo, 0o600) == 0)
        symlink(loop + ".2", loop)
        symlink(loop, loop + ".2")
        symlink(directory + "/gone", dangling)
        try Self.write(directory + "/file")
        // A FIFO with no writer: refused from its stat at once (an open would block).
        #expect(throws: DocumentFileError.notRegularFile(path: fifo, kind: .fifo)) { try DocumentFile.resolve(fifo) }
        #expect(throws: DocumentFileError.notRegularFile(path: "/dev/null", kind: .characterDevice)) { try DocumentFile.resolve("/dev/null") }
        #expect(throws: DocumentFileError.notRegularFile(path: directory, kind: .directory)) { try DocumentFile.resolve(directory) }
        #expect(throws: DocumentFileError.symbolicLinkLoop(path: loop)) { try DocumentFile.resolve(loop) }
        #expect(throws: DocumentFileError.missing(path: dangling, danglingLink: true)) { try DocumentFile.resolve(dangling) }
        #expect(throws: DocumentFileError.missing(path: directory + "/none.note", danglingLink: false)) {
            try DocumentFile.resolve(directory + "/none.note")
        }
        #expect(throws: DocumentFileError.missing(path: directory + "/file/x.note", danglingLink: false)) {
            try DocumentFile.resolve(directory + "/file/x.note")
        }
        #expect(DocumentFileError.notRegularFile(path: fifo, kind: .fifo).description == "\(fifo): a FIFO, not a regular file: only files are documents")
        #expect(DocumentFileError.symbolicLinkLoop(path: loop).code == "symlink-loop")
    }

    /// One file and one way to spell it: the components of its path under the test's directory,
    /// and, before each, how it is reached (`0` plainly, `1` `./`, `2` `//`, `3` `s/../`, `4`
    /// through the link to the directory above).
    struct Spelling: CustomStringConvertible {
        var components: [String]
        var detours: [Int]
        /// `0` absolute path, `1` relative to the test's directory, `2` `file://` URL, `3` `file://localhost` URL.
        var form: Int

        var description: String { "\(components) detours \(detours) form \(form)" }

        /// The path, spelled with its detours, below `base`.
        func spelled(below base: String) -> String {
            var path = base + "/tree"
            for (index, component) in components.enumerated() {
                switch detours[index] {
                case 1: path += "/./" + component
                case 2: path += "//" + component
                case 3: path += "/s/../" + component
                case 4: path = base + "/link-" + String(index) + "/" + component
                default: path += "/" + component
                }
            }
            return path
        }
    }

    static let spelling = Generator { (rng: inout any SeededRandomNumberGenerator) -> Spelling in
        let pieces = ["a", "Z", "0", " ", "%", "#", "?", "&", "=", "+", ";", "@", ":", "'", "(", "~", "é", "日", "🙂", ".", "-", "[", "\\", "\""]
        var components: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            var name = ""
            for _ in 0..<Int.random(in: 1...6, using: &rng) { name += pieces.randomElement(using: &rng)! }
            if name == "." || name == ".." || name == "s" { name = "n" + name }
            components.append(name)
        }
        let detours = components.map { _ in Int.random(in: 0...4, using: &rng) }
        return Spelling(components: components, detours: detours, form: Int.random(in: 0...3, using: &rng))
    }

    /// Every spelling of a file reaches the primary as the same one canonical URL: the argument
    /// read as a path or URL (``OpenArgument``), the URL parsed and read back as a path
    /// (``FileURL``), the path resolved (``DocumentFile``).
    @Test func everySpellingOfAFileHasOneCanonicalURL() async throws {
        let root = try Self.directory()
        defer { Self.remove(root) }
        var runs = 0
        await propertyCheck(count: 300, input: Self.spelling) { spelling in
            runs += 1
            let base = root + "/\(runs)"
            let canonical = base + "/tree/" + spelling.components.joined(separator: "/")
            // The tree, a sibling `s` for `s/../` and, for each level, a link to the directory above.
            var directory = base + "/tree"
            for path in [base, base + "/s", directory] { mkdir(path, 0o755) }
            for (index, component) in spelling.components.enumerated() {
                symlink(directory, base + "/link-\(index)")
                mkdir(directory + "/s", 0o755)
                directory += "/" + component
                if index < spelling.components.count - 1 { mkdir(directory, 0o755) }
            }
            do {
                try Self.write(canonical)
            } catch {
                Issue.record("cannot write \(canonical): \(error)")
                return
            }
            let spelled = spelling.spelled(below: base)
            let argument: [UInt8]
            var workingDirectory: [UInt8]? = nil
            switch spelling.form {
            case 1:
                argument = Array(spelled.dropFirst(base.count + 1).utf8)  // `tree/…` or `link-N/…`
                workingDirectory = Array(base.utf8)
            case 2: argument = Array(FileURL.text(forPath: spelled).utf8)
            case 3: argument = Array(("file://localhost" + FileURL.text(forPath: spelled).dropFirst("file://".count)).utf8)
            default: argument = Array(spelled.utf8)
            }
            #expect(OpenArgument.isPath(argument) == (spelling.form < 2), "\(spelled)")
            do {
                let url = try SchemeURL(bytes: OpenArgument.url(for: argument, workingDirectory: workingDirectory))
                let (path, _) = try FileURL.path(of: url)
                let resolved = try DocumentFile.resolve(path)
                #expect(resolved == canonical, "\(spelling): \(spelled)")
                #expect(FileURL.text(forPath: resolved) == FileURL.text(forPath: canonical))
                #expect(try FileURL.path(of: FileURL.url(forPath: resolved)).path == canonical)
            } catch {
                Issue.record("\(spelling): \(spelled.debugDescription): \(error)")
            }
        }
    }

    /// The reference rule: a URL starts with a letter, then letters, digits, `+`, `-`, `.`, then `:`.
    static func looksLikeURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
            return false
        }
        return text[..<colon].unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    static let argument = Generator { (rng: inout any SeededRandomNumberGenerator) -> String in
        let pieces = ["a", "Z", "9", "+", "-", ".", ":", "/", " ", "é", "%", "~", "file", "notes", "://"]
        var text = ""
        for _ in 0..<Int.random(in: 0...8, using: &rng) { text += pieces.randomElement(using: &rng)! }
        return text
    }

    /// An argument is a URL exactly when it starts with a scheme and `:`; anything else not empty is a path.
    @Test func anArgumentIsAURLExactlyWhenItStartsWithASchemeAndColon() async {
        await propertyCheck(count: 1000, input: Self.argument) { text in
            let bytes = Array(text.utf8)
            #expect(OpenArgument.isPath(bytes) == (!text.isEmpty && !Self.looksLikeURL(text)), "\(text.debugDescription)")
            let url = OpenArgument.url(for: bytes, workingDirectory: Array("/work dir".utf8))
            if OpenArgument.isPath(bytes) {
                let expected = (text.hasPrefix("/") ? "" : "/work dir/") + text
                #expect(url == Array(FileURL.text(forPath: expected).utf8), "\(text.debugDescription)")
            } else {
                #expect(url == bytes)
            }
        }
    }
}
