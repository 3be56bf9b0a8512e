import Glibc
import SchemeRouterPlatform
import Testing

/// The one whole-file reader against real files: a FIFO, a device or a directory is refused at
/// once (never a hang), a file over the bound is refused, and `O_NOFOLLOW` refuses links.
@Suite struct RegularFileTests {
    /// A fresh directory under /tmp, removed by the caller.
    static func directory() throws -> String {
        var template = Array("/tmp/schemerouter-platform-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func remove(_ directory: String) {
        _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", directory], environment: [])
    }

    @Test func readsARegularFile() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        try FileSystem.writeAtomically(Array("{}\n".utf8), to: directory + "/a.json")
        #expect(try RegularFile.read(directory + "/a.json", limit: 16) == Array("{}\n".utf8))
    }

    /// A FIFO with no writer: the read is refused at once, naming the path and the kind.
    @Test func refusesAFIFOWithoutBlocking() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        let path = directory + "/fifo.json"
        try #require(mkfifo(path, 0o600) == 0)
        #expect(throws: FileReadError.notRegularFile(path: path, kind: .fifo)) {
            try RegularFile.read(path, limit: 1024)
        }
        #expect(FileReadError.notRegularFile(path: path, kind: .fifo).description == "\(path): a FIFO, not a regular file")
    }

    @Test(arguments: [("/dev/null", FileKind.characterDevice), ("/dev/zero", .characterDevice), ("/tmp", .directory)])
    func refusesDevicesAndDirectories(path: String, kind: FileKind) {
        #expect(throws: FileReadError.notRegularFile(path: path, kind: kind)) {
            try RegularFile.read(path, limit: 1024)
        }
    }

    @Test func refusesMoreThanTheLimit() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        try FileSystem.writeAtomically([UInt8](repeating: 0x20, count: 17), to: directory + "/big")
        #expect(throws: FileReadError.tooLarge(path: directory + "/big", limit: 16)) {
            try RegularFile.read(directory + "/big", limit: 16)
        }
    }

    @Test func noFollowRefusesASymbolicLink() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        try FileSystem.writeAtomically(Array("x".utf8), to: directory + "/target")
        try #require(symlink(directory + "/target", directory + "/link") == 0)
        #expect(try RegularFile.read(directory + "/link", limit: 16) == Array("x".utf8))
        #expect(throws: FileReadError.system(SystemError(errno: ELOOP, call: "open", path: directory + "/link"))) {
            try RegularFile.read(directory + "/link", limit: 16, followSymbolicLinks: false)
        }
    }

    @Test func missingIsNilOnlyForReadIfExists() throws {
        #expect(try RegularFile.readIfExists("/nonexistent/file") == nil)
        #expect(throws: FileReadError.system(SystemError(errno: ENOENT, call: "open", path: "/nonexistent/file"))) {
            try RegularFile.read("/nonexistent/file", limit: 16)
        }
    }

    /// The atomic writer replaces the file whole, keeps its mode and leaves no temporary behind.
    @Test func atomicWriteReplacesAndLeavesNothingBehind() throws {
        let directory = try Self.directory()
        defer { Self.remove(directory) }
        let path = directory + "/store.json"
        try FileSystem.writeAtomically(Array("old".utf8), to: path, mode: 0o600)
        try FileSystem.writeAtomically(Array("new".utf8), to: path)
        #expect(try RegularFile.read(path, limit: 16) == Array("new".utf8))
        #expect(FileSystem.kind(of: path) == .regular(mode: 0o600))
        #expect(FileSystem.entries(of: directory).map(\.name) == ["store.json"])
    }
}
