import Glibc
import SchemeRouterSender
import Testing

/// Files reach the app through the same launch-or-wake path as URLs (issue 50): `app FILE`, a
/// relative or absolute path or a `file:` URL, cold or on a wake, several in one invocation, each
/// delivered once and in order, as the request type's `.document` case; every bad file is refused
/// before any hook runs, exit 2, without the file being opened. LoadProbe declares `*.probedoc`
/// (a type it defines, Owner) and `*.probelog` (Alternate).
@Suite("Document delivery (real processes)")
struct DocumentDeliveryTests {
    /// A LoadProbe sandbox with a directory of documents.
    final class Fixture {
        let sandbox: ProbeSandbox
        let documents: String

        init() throws(TestFailure) {
            sandbox = try ProbeSandbox()
            documents = sandbox.root + "/docs dir"
            mkdir(documents, 0o755)
            for name in ["a.probedoc", "b.probelog", "c.PROBEDOC", "plain.txt", "my list #1.probedoc"] {
                TestFiles.write(documents + "/" + name, "contents of \(name)\n")
            }
        }

        /// `document file:///… type=… role=…` for a file of the fixture.
        func line(_ name: String, type: String = "Probe document", mime: String = "application/x-loadprobe-document", role: String = "Editor")
            -> String
        {
            let url = "file://" + (documents + "/" + name).replacing(" ", with: "%20").replacing("#", with: "%23")
            return "document \(url) type=\(type) mime=\(mime) role=\(role) url=\(url)"
        }

        /// The log's `document` lines.
        func documentLines() -> [String] {
            sandbox.logLines().filter { $0.hasPrefix("document ") }.map(String.init)
        }

        /// Runs the probe in `documents` (relative paths are taken from there).
        func run(_ arguments: [String], environment: [String] = []) throws(TestFailure) -> AppSandbox.Run {
            try sandbox.run(arguments, workingDirectory: documents, environment: environment)
        }
    }

    @Test("a cold launch with a relative path: the launch sequence, open with the canonical file URL, type and role")
    func coldLaunchWithAFile() throws {
        let fixture = try Fixture()
        let run = try fixture.run(["a.probedoc"])
        #expect(run.status == 0, "\(run.error)")
        #expect(fixture.documentLines() == [fixture.line("a.probedoc")])
        let url = "file://" + fixture.documents.replacing(" ", with: "%20") + "/a.probedoc"
        #expect(fixture.sandbox.traceLines().map(\.description) == [
            "willFinishLaunching(inactive)", "didFinishLaunching(inactive)", "open(inactive, \(url))", "didBecomeActive(active)",
        ])
    }

    @Test("a running app in the background is woken by a file (absolute path, file: URL, a symbolic link): each delivered once, canonical")
    func wakeWithFiles() throws {
        let fixture = try Fixture()
        try fixture.sandbox.launch()
        let before = fixture.sandbox.hooks()
        #expect(try fixture.sandbox.run([fixture.documents + "/b.probelog"]).status == 0)
        #expect(fixture.sandbox.hooks() == before + ["willEnterForeground", "open", "didBecomeActive"])
        let encoded = "file://" + fixture.documents.replacing(" ", with: "%20") + "/my%20list%20%231.probedoc"
        #expect(try fixture.sandbox.run([encoded]).status == 0)
        // A link elsewhere: the app gets the file's one canonical URL, through `..` and the link.
        symlink(fixture.documents + "/c.PROBEDOC", fixture.sandbox.root + "/link.probedoc")
        #expect(try fixture.sandbox.run([fixture.documents + "/../link.probedoc"]).status == 0)
        #expect(fixture.documentLines() == [
            fixture.line("b.probelog", type: "Probe log", mime: "text/x-loadprobe-log", role: "Viewer"),
            fixture.line("my list #1.probedoc"), fixture.line("c.PROBEDOC"),
        ])
    }

    @Test("several files in one invocation, cold and on a wake: each delivered once, in order, the first as the launch URL")
    func severalFiles() throws {
        let fixture = try Fixture()
        let cold = try fixture.run(["a.probedoc", "b.probelog", fixture.documents + "/c.PROBEDOC"])
        #expect(cold.status == 0, "\(cold.error)")
        #expect(fixture.sandbox.hooks() == ["willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive", "open", "open"])
        let wake = try fixture.run(["c.PROBEDOC", "loadprobe://record/1/2", "a.probedoc"])
        #expect(wake.status == 0, "\(wake.error)")
        #expect(fixture.documentLines() == [
            fixture.line("a.probedoc"), fixture.line("b.probelog", type: "Probe log", mime: "text/x-loadprobe-log", role: "Viewer"),
            fixture.line("c.PROBEDOC"), fixture.line("c.PROBEDOC"), fixture.line("a.probedoc"),
        ])
        #expect(fixture.sandbox.deliveries().map(\.sequence) == [2])
    }

    @Test("one bad file among several: the others are delivered, in order; the bad one is named; exit 2 (cold and on a wake)")
    func oneBadFileAmongSeveral() throws {
        let fixture = try Fixture()
        let cold = try fixture.run(["missing.probedoc", "a.probedoc", "plain.txt", "b.probelog"])
        #expect(cold.status == 2, "\(cold.error)")
        #expect(cold.error.contains("/missing.probedoc: no such file at byte 7"), "\(cold.error)")
        #expect(cold.error.contains("'plain.txt' is of no document type the app declares (Probe document: *.probedoc; Probe log: *.probelog)"), "\(cold.error)")
        #expect(fixture.documentLines() == [fixture.line("a.probedoc"), fixture.line("b.probelog", type: "Probe log", mime: "text/x-loadprobe-log", role: "Viewer")])
        let wake = try fixture.run(["c.PROBEDOC", "plain.txt"])
        #expect(wake.status == 2, "\(wake.error)")
        #expect(fixture.documentLines().last == fixture.line("c.PROBEDOC"))
        #expect(fixture.sandbox.hooks().filter { $0 == "open" }.count == 3)
    }

    @Test("a launch with several URLs whose second open overruns the hook deadline: the first is handled, the invocation exits 12, the third never runs")
    func overrunAfterTheLaunchURL() throws {
        let fixture = try Fixture()
        let run = try fixture.run(["a.probedoc", "loadprobe://stall", "b.probelog"], environment: ["SCHEMEROUTER_HOOK_DEADLINE_MS=700"])
        #expect(run.status == ExitStatus.hookTimedOut.rawValue, "\(run.error)")
        #expect(run.error.contains("open did not return within the hook deadline (700 ms)"), "\(run.error)")
        #expect(fixture.documentLines() == [fixture.line("a.probedoc")])
        #expect(fixture.sandbox.logLines().last == "stall open")
    }

    /// Each bad file, and the name the refusal starts with after the path.
    static let badFiles: [(name: String, make: @Sendable (String) -> Void, message: String)] = [
        ("missing.probedoc", { _ in }, "no such file"),
        ("dir.probedoc", { mkdir($0, 0o755) }, "a directory, not a regular file: only files are documents"),
        ("fifo.probedoc", { mkfifo($0, 0o600) }, "a FIFO, not a regular file: only files are documents"),
        ("null.probedoc", { symlink("/dev/null", $0) }, "a character device, not a regular file: only files are documents"),
        ("loop.probedoc", { path in symlink(path + ".2", path); symlink(path, path + ".2") }, "its symbolic links loop"),
        ("dangling.probedoc", { symlink($0 + ".gone", $0) }, "a symbolic link to a file that does not exist"),
        ("plain.txt", { TestFiles.write($0, "x") }, ""),
    ]

    @Test(
        "a bad file is refused before any hook runs, exit 2, naming what is wrong: cold (nothing launches) and on a wake (no hook)",
        arguments: 0..<badFiles.count)
    func badFile(_ index: Int) throws {
        let (name, make, message) = Self.badFiles[index]
        let fixture = try Fixture()
        let path = fixture.documents + "/" + name
        make(path)
        // A FIFO is never opened: a run that blocked on it would overrun this bound.
        let cold = try fixture.sandbox.run([path], timeout: .seconds(15))
        #expect(cold.status == 2, "\(cold.error)")
        let expected = message.isEmpty ? "'plain.txt' is of no document type the app declares" : "/\(name): \(message)"
        #expect(cold.error.contains(expected), "\(cold.error)")
        #expect(fixture.sandbox.primaryPID == nil, "a refused file launches nothing")
        #expect(fixture.sandbox.hooks().isEmpty)
        try fixture.sandbox.launch()
        let hooks = fixture.sandbox.hooks()
        let wake = try fixture.sandbox.run(["file://" + path.replacing(" ", with: "%20")], timeout: .seconds(15))
        #expect(wake.status == 2, "\(wake.error)")
        #expect(wake.error.contains(expected), "\(wake.error)")
        #expect(fixture.sandbox.hooks() == hooks, "no hook ran, not even the wake sequence")
        #expect(fixture.documentLines().isEmpty)
    }

    @Test("a file: URL for another host, and an app without document types: refused by name")
    func notAFileTheAppOpens() throws {
        let fixture = try Fixture()
        let remote = try fixture.sandbox.run(["file://server/a.probedoc"])
        #expect(remote.status == 2)
        #expect(remote.error.contains("not a local file: the file is on the host 'server', not this machine at byte 7"), "\(remote.error)")
        let todo = try TodoSandbox()
        let path = fixture.documents + "/a.probedoc"
        let refused = try todo.run([path])
        #expect(refused.status == 2, "\(refused.error)")
        #expect(refused.error.contains("com.acme.todolist declares no document types, so it opens no files"), "\(refused.error)")
        #expect(todo.hooks().isEmpty)
    }

    @Test("a file the user may not read (as nobody): refused, exit 2, no hook")
    func unreadableFile() throws {
        let nobody = getuid() == 0 ? try OtherUser.prefix() : []
        // A directory nobody may enter, with the app's runtime directory and log in it.
        let home = TestFiles.temporaryDirectory()
        defer { TestFiles.removeTree(home) }
        chmod(home, 0o755)
        let secret = home + "/secret.probedoc"
        TestFiles.write(secret, "private")
        chmod(secret, 0o000)
        let closed = home + "/closed"
        mkdir(closed, 0o700)
        TestFiles.write(closed + "/inside.probedoc", "private")
        mkdir(home + "/run", 0o700)
        let log = home + "/log"
        TestFiles.write(log, "")
        chmod(log, 0o666)
        if getuid() == 0 { chown(home + "/run", 65534, 65534) }
        // Root's closed directory keeps nobody out; run as an ordinary user, it is the user's own
        // and takes away its search bit (put back so it can be removed).
        if getuid() != 0 { chmod(closed, 0o000) }
        defer { chmod(closed, 0o700) }
        let probe = try Executables.path("load-probe")
        for (path, message) in [(secret, "/secret.probedoc: this user may not read it"), (closed + "/inside.probedoc", "a directory on its path may not be searched by this user")] {
            let process = try ChildProcess(
                nobody.first ?? probe, (Array(nobody.dropFirst()) + (nobody.isEmpty ? [] : [probe]) + [path]).map { Array($0.utf8) },
                environment: ["PATH=/usr/bin:/bin", "HOME=\(home)", "XDG_RUNTIME_DIR=\(home)/run", "LOADPROBE_LOG=\(log)", "SWIFT_BACKTRACE=enable=no"],
                outputPrefix: home + "/run-\(path.count)")
            let status = try process.wait(timeout: .seconds(20))
            #expect(status == 2, "\(process.standardError)")
            #expect(process.standardError.contains(message), "\(process.standardError)")
        }
        #expect(TestFiles.read(log).isEmpty, "no hook ran")
    }
}
