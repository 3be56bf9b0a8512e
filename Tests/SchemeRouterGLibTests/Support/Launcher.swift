import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// The window that hands tokens out in the Wayland tests, as a launcher, a browser or a file
/// manager does when the user clicks a link (`Examples/LauncherProbe`): it mints a token on
/// command through GTK's launch context. Commands go down a pipe; its replies, one a line, land in
/// a file this waits on with inotify.
struct Launcher {
    let title: String
    private let process: ChildProcess.Running
    private let commands: Int32
    private let output: String

    init(_ desktop: NotesDesktop, title: String = "Launcher") throws {
        self.title = title
        let probe = FileSystem.split(desktop.notes).directory + "/LauncherProbe"
        try #require(FileSystem.isExecutableFile(probe), "\(probe) is missing: swift build --build-tests")
        output = desktop.root + "/launcher.out"
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        process = try ChildProcess.start(
            ["LauncherProbe", title].map { Array($0.utf8) }, executable: probe, environment: desktop.environment.entries,
            output: .file(output), passing: [(ends[0], 0)])
        close(ends[0])
        commands = ends[1]
    }

    /// A token for the app launched next, or `nil` when the compositor gave none.
    func mint() throws -> String? {
        let before = lines("token ").count
        let command = Array("mint\n".utf8)
        try #require(command.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) } == command.count)
        let text = FileWait.until(output, timeout: .seconds(10), unlessExited: process) { Self.lines(in: $0, "token ").count > before }
        let token = try #require(text.map { Self.lines(in: $0, "token ")[before] }, "LauncherProbe minted nothing")
        return token == "-" ? nil : token
    }

    /// Waits for the window to get a key press (an input serial for the next token).
    func waitForKey(after count: Int) -> Bool {
        FileWait.until(output, timeout: .seconds(10), unlessExited: process) { Self.lines(in: $0, "key ").count > count } != nil
    }

    /// The key presses the window got so far.
    var keyCount: Int { lines("key ").count }

    /// Closes the window (end of its input) and waits for the probe to exit.
    func stop() {
        close(commands)
        if process.wait(deadline: .seconds(10)).termination == .timedOut { process.signal(SIGKILL) }
    }

    private func lines(_ prefix: String) -> [String] {
        Self.lines(in: ((try? RegularFile.readIfExists(output)) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? "", prefix)
    }

    /// What follows `prefix` on each line of `text` that starts with it.
    private static func lines(in text: String, _ prefix: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}
