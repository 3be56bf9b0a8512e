import Glibc
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// A throwaway home for one test: `HOME`, the four `XDG_*` directory variables and
/// `XDG_RUNTIME_DIR` all point inside a fresh directory under `/tmp` (short, for socket paths),
/// `XDG_DATA_DIRS`/`XDG_CONFIG_DIRS` at "system" directories inside it, so nothing on the machine
/// (and no other test) can influence or see what the test does. Call ``remove()`` when done.
struct Sandbox: Sendable {
    let root: String
    let environment: ProcessEnvironment

    var home: String { root + "/home" }
    var dataHome: String { home + "/.local/share" }
    var configHome: String { home + "/.config" }
    var systemData: String { root + "/usr/share" }
    var systemConfig: String { root + "/etc/xdg" }
    var userApplications: String { dataHome + "/applications" }
    var systemApplications: String { systemData + "/applications" }
    var mimeAppsList: String { configHome + "/mimeapps.list" }

    init(root: String, environment: ProcessEnvironment) {
        self.root = root
        self.environment = environment
    }

    init(extra: [String: String] = [:]) throws {
        var template = Array("/tmp/srd.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil, "mkdtemp failed")
        root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var variables: [String: String] = [
            "HOME": root + "/home",
            "XDG_DATA_HOME": root + "/home/.local/share",
            "XDG_CONFIG_HOME": root + "/home/.config",
            "XDG_DATA_DIRS": root + "/usr/share",
            "XDG_CONFIG_DIRS": root + "/etc/xdg",
            "XDG_RUNTIME_DIR": root + "/run",
            "PATH": ProcessEnvironment.current()["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        for (key, value) in extra { variables[key] = value }
        environment = ProcessEnvironment(variables)
        for directory in [home, systemData + "/applications", systemConfig, root + "/run", configHome] {
            try FileSystem.makeDirectories(directory)
        }
        chmod(root + "/run", 0o700)
    }

    var directories: XDGDirectories { try! XDGDirectories(environment: environment) }
    var database: DesktopDatabase { DesktopDatabase(directories: directories) }

    /// Writes `text` to `path`, creating directories.
    func write(_ text: String, to path: String, mode: UInt32 = 0o644) throws {
        try write(Array(text.utf8), to: path, mode: mode)
    }

    /// Writes `bytes` to `path`, creating directories. An executable is put in place by
    /// `install`, a child process: a file this process wrote could still be open for writing in
    /// a child another test is spawning at that moment (between its clone and its exec), and
    /// running the file would then fail with `ETXTBSY` ("Text file busy").
    func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o644) throws {
        try FileSystem.makeDirectories(FileSystem.split(path).directory)
        guard mode & 0o111 != 0 else {
            try FileSystem.writeAtomically(bytes, to: path, mode: mode)
            chmod(path, mode_t(mode))
            return
        }
        let source = path + ".source"
        try FileSystem.writeAtomically(bytes, to: source, mode: 0o600)
        defer { unlink(source) }
        let installed = try ChildProcess.run(
            "/usr/bin/install", arguments: ["install", "-m", String(mode, radix: 8), source, path], environment: [])
        try #require(installed.termination == .exited(0), "install \(path): \(installed.standardErrorText)")
    }

    func read(_ path: String) throws -> String? {
        try RegularFile.readIfExists(path).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ path: String) -> Bool { FileSystem.kind(of: path) != .missing }

    /// Runs a tool found on `PATH` with the sandbox's environment (plus `extra`).
    func run(_ tool: String, _ arguments: [String], extra: [String: String] = [:], timeout: Duration = .seconds(20))
        throws -> ChildProcess.Result
    {
        var env = environment
        for (key, value) in extra { env[key] = value }
        let path = try #require(env.which(tool), "\(tool) is not installed: run `bash scripts/setup desktop`")
        return try ChildProcess.run(path, arguments: [tool] + arguments, environment: env.entries, deadline: timeout)
    }

    /// Deletes the sandbox.
    func remove() {
        _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", root], environment: [], deadline: .seconds(30))
    }
}
