import Glibc
import SchemeRouterPlatform
import Testing

/// The Getting Started article, followed alone: its marked code blocks
/// (`<!-- getting-started: PATH -->` before a fence) make a new package in a directory of its own,
/// which depends on this checkout by path (`../SchemeRouter`, as the article says) and builds with
/// the plugin; its tests pass; a typo in its manifest fails the build at the line and column. The
/// GTK section (`getting-started-gtk:`) makes a second package. The packages and their build
/// directories are kept outside the clone between runs (a first build compiles SchemeRouter).
@Suite("Getting Started, followed alone", .serialized)
struct GettingStartedTests {
    static let article = CompileCheckTests.packageRoot + "/Sources/SchemeRouterRuntime/SchemeRouterRuntime.docc/GettingStarted.md"

    /// The files a marker names, in article order.
    static func files(_ marker: String) -> [(path: String, text: String)] {
        let lines = TestFiles.read(article).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var files: [(String, String)] = []
        let prefix = "<!-- \(marker): "
        for (index, line) in lines.enumerated() where line.hasPrefix(prefix) && line.hasSuffix(" -->") {
            let path = String(line.dropFirst(prefix.count).dropLast(4))
            let body = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }
            files.append((path, body.joined(separator: "\n") + "\n"))
        }
        return files
    }

    /// A directory for `name` outside the clone, one per checkout and user (several may test at
    /// once; one user's packages are not another's to write), with `SchemeRouter` beside it: a
    /// symbolic link to this checkout.
    static func workspace(_ name: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in CompileCheckTests.packageRoot.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let base = "/tmp/schemerouter-getting-started-" + String(hash, radix: 16) + "-u\(getuid())"
        _ = mkdir(base, 0o700)
        if FileSystem.realPath(base + "/SchemeRouter") != FileSystem.realPath(CompileCheckTests.packageRoot) {
            _ = unlink(base + "/SchemeRouter")
            #expect(symlink(CompileCheckTests.packageRoot, base + "/SchemeRouter") == 0)
        }
        return base + "/" + name
    }

    /// Writes `files` into `package` (a file that already holds the text is left alone, so a
    /// rebuild is incremental) and removes nothing else.
    static func write(_ files: [(path: String, text: String)], into package: String) throws {
        for file in files {
            let path = package + "/" + file.path
            try FileSystem.makeDirectories(FileSystem.split(path).directory, mode: 0o755)
            if TestFiles.exists(path) && TestFiles.read(path) == file.text { continue }
            TestFiles.write(path, file.text)
        }
    }

    /// Runs `swift` in `package` with `arguments`, for at most 20 minutes (a first build compiles
    /// everything); returns its status and its output and errors together. The package's build
    /// directory is emptied first when this checkout's sources changed since it was last used
    /// (scripts/fresh-build: SwiftPM's incremental builds can keep a module built against the old code).
    static func swift(_ arguments: [String], in package: String) throws -> (status: Int32, output: String) {
        let environment = ["PATH", "HOME"].compactMap { name in getenv(name).map { name + "=" + String(cString: $0) } }
        let root = CompileCheckTests.packageRoot
        let script = """
            bash "$1/scripts/fresh-build" "$0/.build" "$1/Sources" "$1/Plugins" "$1/Package.swift" >/dev/null 2>&1
            cd "$0" && shift && exec swift "$@" 2>&1
            """
        let process = try ChildProcess(
            "/bin/sh", (["-c", script, package, root] + arguments).map { Array($0.utf8) },
            environment: environment, outputPrefix: package + "/.swift-run")
        let status = try process.wait(timeout: .seconds(1200))
        return (status, process.standardOutput)
    }

    /// Skips, with the reason, when this user cannot fetch the package's dependencies: SwiftPM
    /// gets them from the network or from the user's own mirror configuration, which another user
    /// (nobody, in scripts/test-as-nobody) may not have. Any other failure to resolve fails.
    static func requireDependencies(of package: String) throws {
        let resolve = try swift(["package", "resolve"], in: package)
        guard resolve.status != 0 else { return }
        if let line = resolve.output.split(separator: "\n").first(where: { $0.contains("Failed to clone repository") }) {
            try Test.cancel("uid \(getuid()) cannot fetch the package's dependencies (no network or mirror for this user): \(line)")
        }
        Issue.record("swift package resolve failed: \(resolve.output)")
    }

    @Test("the headless app builds with the plugin, its tests pass, and a manifest typo fails the build at its line and column")
    func headlessApp() throws {
        let files = Self.files("getting-started")
        #expect(files.map(\.path) == [
            "Package.swift", "Sources/ReadLater/Schemes/read-later.json", "Sources/ReadLater/ReadLaterDelegate.swift",
            "Sources/ReadLater/ReadLaterOptions.swift", "Sources/ReadLater/main.swift", "Sources/ReadLater/com.example.readlater.desktop",
            "Tests/ReadLaterTests/ReadLaterTests.swift",
        ])
        let package = Self.workspace("ReadLater")
        try Self.write(files, into: package)
        try Self.requireDependencies(of: package)
        let build = try Self.swift(["build", "--build-tests"], in: package)
        #expect(build.status == 0, "\(build.output)")
        let warnings = build.output.split(separator: "\n").filter { $0.contains("warning: ") && !$0.contains("prohibited flag") }
        #expect(warnings.isEmpty, "\(build.output)")
        // Its --help is its own, with the runtime's part; its --version is an option of its own.
        let app = package + "/.build/debug/ReadLater"
        let help = try ChildProcess(app, [Array("--help".utf8)], environment: [], outputPrefix: package + "/.help")
        #expect(try help.wait(timeout: .seconds(30)) == 0)
        #expect(help.standardOutput.hasPrefix("ReadLater keeps links to read later.\nusage: ReadLater [OPTION]... [URL]\n\nOptions:\n  --version"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("Running the app:\n  ReadLater URL "), "\(help.standardOutput)")
        let version = try ChildProcess(app, [Array("--version".utf8)], environment: [], outputPrefix: package + "/.version")
        #expect(try version.wait(timeout: .seconds(30)) == 0)
        #expect(version.standardOutput == "ReadLater 1.0\n")
        // The desktop entry the article shows passes the real validator.
        let entry = package + "/Sources/ReadLater/com.example.readlater.desktop"
        let validation = try ChildProcess("/usr/bin/desktop-file-validate", [Array(entry.utf8)], environment: [], outputPrefix: package + "/.validate")
        #expect(try validation.wait(timeout: .seconds(30)) == 0, "\(validation.standardOutput)")
        #expect(validation.standardOutput.isEmpty, "\(validation.standardOutput)")
        let test = try Self.swift(["test", "--skip-build"], in: package)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("Test run with 4 tests"), "\(test.output)")

        let manifest = try #require(files.first { $0.path.hasSuffix(".json") })
        let typo = manifest.text.replacing(#""type": "integer""#, with: #""type": "integr""#)
        #expect(typo != manifest.text)
        try Self.write([(manifest.path, typo)], into: package)
        let broken = try Self.swift(["build"], in: package)
        try Self.write([manifest], into: package)
        #expect(broken.status != 0)
        #expect(
            broken.output.contains(
                package + "/Sources/ReadLater/Schemes/read-later.json:19:37: error: routes[1].parameters.id.type: 'integr' is not a parameter type"),
            "\(broken.output)")
    }

    @Test(
        "the GTK app (products SchemeRouterGLib and SchemeRouterGTK, import CGTK) builds with the plugin",
        .enabled(if: access("/usr/include/gtk-4.0/gtk/gtk.h", R_OK) == 0, "GTK 4's headers (libgtk-4-dev) are not installed"))
    func gtkApp() throws {
        let files = Self.files("getting-started-gtk")
        #expect(files.map(\.path) == ["Package.swift", "Sources/ReadLater/main.swift"])
        let manifest = try #require(Self.files("getting-started").first { $0.path.hasSuffix(".json") })
        let package = Self.workspace("ReadLaterGTK")
        try Self.write(files + [manifest], into: package)
        try Self.requireDependencies(of: package)
        let build = try Self.swift(["build"], in: package)
        #expect(build.status == 0, "\(build.output)")
    }
}
