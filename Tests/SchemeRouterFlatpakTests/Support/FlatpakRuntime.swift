import Glibc
import Testing

import SchemeRouterPlatform

/// The Flatpak runtime the sandbox tests run their apps on: built once per machine by
/// `scripts/flatpak-test-runtime` (a Debian minbase tree, cached outside the clone under
/// `~/.cache/schemerouter/flatpak/`) and installed there as a Flatpak "system" installation that
/// every test only reads (`FLATPAK_SYSTEM_DIR`); each test installs its apps into a throwaway
/// `FLATPAK_USER_DIR` (``FlatpakWorld``). Looked up once per test process.
///
/// A test calls ``require()``: where the runtime cannot be built (not root, the Debian mirror
/// unreachable) or bubblewrap cannot make a sandbox, the test is cancelled with that reason,
/// which `scripts/test` lists at the end. A build that fails otherwise fails the test.
enum FlatpakRuntime {
    /// A runtime ready to use.
    struct Ready: Sendable {
        /// The installation holding the runtime (`FLATPAK_SYSTEM_DIR`).
        let systemDirectory: String
        /// Its id, e.g. `org.schemerouter.TestPlatform`.
        let id: String
        /// Its branch.
        let branch: String
        /// Directories the debug build loads the Swift runtime from (the toolchain's, from the
        /// executables' `RUNPATH`): each test app may read them (`flatpak override
        /// --filesystem=DIR:ro`). The shipped static PIE needs none (``StaticPIESandboxTests``).
        let toolchainLibraries: [String]
    }

    /// Why the tests cannot run here, or the runtime.
    enum Status: Sendable {
        case ready(Ready)
        /// Cancel with this reason.
        case unavailable(String)
        /// Fail with this message.
        case broken(String)
    }

    /// The package's root directory (this file is `Tests/SchemeRouterFlatpakTests/Support/…`).
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// Looked up (and built, the first time on a machine: about a minute) once per process.
    static let status: Status = prepare()

    /// The runtime, or the test is cancelled (unavailable here) or fails (broken).
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> Ready {
        switch status {
        case .ready(let ready): return ready
        case .unavailable(let reason): try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
        case .broken(let message): throw FlatpakTestFailure(message)
        }
    }

    private static func prepare() -> Status {
        let tools = ["flatpak", "flatpak-builder", "bwrap", "gio", "gdbus", "dbus-daemon", "update-desktop-database", "readelf"]
        let missing = tools.filter { which($0) == nil }
        guard missing.isEmpty else {
            return .broken("missing \(missing.joined(separator: ", ")): run `bash scripts/setup desktop flatpak`")
        }
        // bubblewrap itself first: without user namespaces (or the privilege to make them) no sandbox.
        let probe = run("bwrap", ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "/bin/true"], timeout: .seconds(30))
        guard probe.termination == .exited(0) else {
            return .unavailable("bubblewrap cannot create a sandbox here (\(probe.termination)): \(lastLine(probe.standardErrorText))")
        }
        let script = packageRoot + "/scripts/flatpak-test-runtime"
        let built = run(script, [], timeout: .seconds(900))
        switch built.termination {
        case .exited(0): break
        case .exited(69): return .unavailable(lastLine(built.standardErrorText))
        default: return .broken("scripts/flatpak-test-runtime: \(built.termination): \(built.standardErrorText)")
        }
        var values: [String: String] = [:]
        for line in built.standardOutputText.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let system = values["FLATPAK_SYSTEM_DIR"], let reference = values["SCHEMEROUTER_FLATPAK_RUNTIME"] else {
            return .broken("scripts/flatpak-test-runtime printed no runtime: \(built.standardOutputText)")
        }
        let parts = reference.split(separator: "/").map(String.init)
        guard parts.count == 3 else { return .broken("unreadable runtime reference \(reference)") }
        switch toolchainLibraryDirectories() {
        case .success(let directories):
            return .ready(Ready(systemDirectory: system, id: parts[0], branch: parts[2], toolchainLibraries: directories))
        case .failure(let problem):
            return problem.status
        }
    }

    /// Where Flatpak refuses to expose host paths (`--filesystem`): the sandbox has its own.
    private static let reservedPrefixes = ["/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc", "/app", "/proc", "/sys", "/dev"]

    /// The absolute `RUNPATH` entries of the built `todolist`: where the debug build finds the
    /// Swift runtime.
    private static func toolchainLibraryDirectories() -> Result<[String], ProblemStatus> {
        guard let todolist = try? Binaries.path("todolist") else {
            return .failure(ProblemStatus(.broken("todolist is not built: swift build --build-tests")))
        }
        let dynamic = run("readelf", ["-dW", todolist], timeout: .seconds(30))
        guard dynamic.termination == .exited(0) else { return .failure(ProblemStatus(.broken("readelf -d \(todolist) failed"))) }
        var directories: [String] = []
        for line in dynamic.standardOutputText.split(separator: "\n") where line.contains("(RUNPATH)") || line.contains("(RPATH)") {
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { continue }
            for entry in line[line.index(after: open)..<close].split(separator: ":") where entry.hasPrefix("/") {
                directories.append(String(entry))
            }
        }
        if let reserved = directories.first(where: { directory in
            reservedPrefixes.contains { directory == $0 || directory.hasPrefix($0 + "/") }
        }) {
            return .failure(ProblemStatus(.unavailable(
                "the debug build loads the Swift runtime from \(reserved), a path Flatpak cannot expose to a sandbox; "
                    + "with a toolchain outside /usr (e.g. /opt/swift) these tests run")))
        }
        return .success(directories)
    }

    /// A ``Status`` as an error, for the `Result` above.
    struct ProblemStatus: Error {
        let status: Status
        init(_ status: Status) { self.status = status }
    }

    /// The first executable `tool` on this process's `PATH`.
    static func which(_ tool: String) -> String? {
        let path = Sys.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first(where: FileSystem.isExecutableFile)
    }

    /// What a tool run by ``run(_:_:timeout:)`` did.
    struct Outcome {
        let termination: ChildProcess.Termination
        let standardOutputText: String
        let standardErrorText: String
    }

    /// Runs a tool with this process's environment.
    static func run(_ tool: String, _ arguments: [String], timeout: Duration) -> Outcome {
        let path = tool.hasPrefix("/") ? tool : which(tool) ?? tool
        do {
            let result = try ChildProcess.run(path, arguments: [tool] + arguments, environment: nil, deadline: timeout)
            return Outcome(termination: result.termination, standardOutputText: result.standardOutputText, standardErrorText: result.standardErrorText)
        } catch {
            return Outcome(termination: .exited(127), standardOutputText: "", standardErrorText: "\(error)")
        }
    }

    private static func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last.map(String.init) ?? "(no message)"
    }
}

/// A test failure with its message (thrown from the support code).
struct FlatpakTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The executables this package builds, next to the test bundle.
enum Binaries {
    static func path(_ product: String) throws -> String {
        let directory = FileSystem.split(FileSystem.realPath("/proc/self/exe") ?? "").directory
        let path = directory + "/" + product
        guard FileSystem.isExecutableFile(path) else {
            throw FlatpakTestFailure("\(path) is missing: build everything first (swift build --build-tests)")
        }
        return path
    }
}
