import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// Notes without a display: its embedded manifest, and a primary that cannot start GTK.
@Suite struct NotesAppTests {
    static var notes: String { FileSystem.split(FileSystem.realPath("/proc/self/exe") ?? "").directory + "/notes" }

    @Test func theEmbeddedManifestIsSchemesNotesJSON() throws {
        let printed = try ChildProcess.run(Self.notes, arguments: ["notes", "--manifest"], environment: [], deadline: .seconds(10))
        let file = try #require(try RegularFile.readIfExists(NotesDesktop.manifest))
        #expect(printed.standardOutputText == String(decoding: file, as: UTF8.self), "\(printed.standardErrorText)")
    }

    /// The primary starts GTK only after the single-instance decision; without a display it exits
    /// 4 with the reason, and the invoking process reports launchFailed.
    @Test func withoutADisplayThePrimaryFailsClearly() throws {
        var template = Array("/tmp/srn.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        let root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", root], environment: [], deadline: .seconds(10)) }
        let run = try ChildProcess.run(
            Self.notes, arguments: ["notes", "notes://new?title=Nowhere"],
            environment: ["XDG_RUNTIME_DIR=\(root)", "XDG_DATA_HOME=\(root)/data", "HOME=\(root)"], deadline: .seconds(30))
        #expect(run.termination == .exited(4))
        #expect(run.standardErrorText.contains("GTK could not open a display"), "\(run.standardErrorText)")
        #expect(FileSystem.kind(of: root + "/data/com.example.notes/notes.tsv") == .missing)
    }
}
