import Glibc
import Testing

/// The state directory is checked like the runtime directory (issue 51, item 6): a symbolic link,
/// a directory of another user or one others may write to is never read, written or emptied.
@Suite("Runtime: the state directory is checked before use", .serialized)
struct StateDirectoryTests {
    /// A sandbox whose state directory holds an archive preserved with `tag`, and its bytes.
    static func preserved(tag: String) throws -> (ProbeSandbox, String, String) {
        let sandbox = try ProbeSandbox()
        try StatePreservationTests.preserve(sandbox, tag: tag)
        let directory = StatePreservationTests.stateDirectory(sandbox)
        let archive = TestFiles.read(directory + "/state.json")
        #expect(archive.contains(#""tag": "\#(tag)""#))
        return (sandbox, directory, archive)
    }

    /// Launches and quits with `LOADPROBE_RESTORE=again`; checks nothing was restored, `archive`
    /// is untouched at `path`, and the launch said why.
    static func expectLeftAlone(_ sandbox: ProbeSandbox, archive: String, at path: String, reason: String) throws {
        let launch = try sandbox.run(["--background"], environment: ["LOADPROBE_RESTORE=again"])
        #expect(launch.status == 0, "\(launch.error)")
        #expect(launch.error.contains("is not used: \(reason)"), "\(launch.error)")
        #expect(!sandbox.logLines().contains { $0.hasPrefix("restored") }, "restored from a refused directory")
        let quit = try sandbox.run(["--quit"])
        #expect(quit.status == 0, "\(quit.error)")
        #expect(TestFiles.read(path) == archive, "the archive in the refused directory was changed or deleted")
        #expect(!TestFiles.exists(String(path[..<path.lastIndex(of: "/")!]) + "/restoring"))
    }

    @Test("a state directory replaced by a symbolic link is not followed: nothing restored from, deleted or written there")
    func symbolicLink() throws {
        let (sandbox, directory, archive) = try Self.preserved(tag: "first")
        let elsewhere = sandbox.root + "/elsewhere"
        #expect(rename(directory, elsewhere) == 0)
        #expect(symlink(elsewhere, directory) == 0)
        try Self.expectLeftAlone(
            sandbox, archive: archive, at: elsewhere + "/state.json", reason: "it is a symbolic link (never followed)")
    }

    @Test("a state directory others may write to is not used")
    func writableByOthers() throws {
        let (sandbox, directory, archive) = try Self.preserved(tag: "first")
        #expect(chmod(directory, 0o777) == 0)
        try Self.expectLeftAlone(
            sandbox, archive: archive, at: directory + "/state.json", reason: "its mode is 0777: other users may write to it")
    }

    @Test(
        "a state directory owned by another user is not used",
        .enabled(if: getuid() == 0, "only root can give a directory to another user (chown)"))
    func ownedByAnotherUser() throws {
        let (sandbox, directory, archive) = try Self.preserved(tag: "first")
        #expect(chown(directory, 65534, 65534) == 0)
        try Self.expectLeftAlone(
            sandbox, archive: archive, at: directory + "/state.json", reason: "it is owned by uid 65534, not by uid 0")
    }
}
