import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// A real X server (Xvfb) on a free display with a real EWMH window manager (openbox), started
/// for one test and stopped after it. Nothing sleeps: the display number arrives on a pipe
/// (`-displayfd`), openbox runs a command once it manages the screen (`--startup`), which
/// creates a file this waits for with inotify.
struct XServer {
    static let tools = ["Xvfb", "openbox", "xdotool", "wmctrl", "xprop", "import", "convert", "xdg-open", "gio"]

    let display: String
    private let server: ChildProcess.Running
    private let windowManager: ChildProcess.Running

    /// Starts Xvfb and openbox; `directory` holds openbox's ready file.
    init(directory: String) throws {
        let environment = ProcessEnvironment.current()
        let missing = Self.tools.filter { environment.which($0) == nil }
        try #require(
            missing.isEmpty,
            "missing \(missing.joined(separator: ", ")): run `bash scripts/setup gtk` (installs xvfb, openbox, xdotool, wmctrl, x11-utils, imagemagick, xdg-utils, libglib2.0-bin)")
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let xvfb: String = try #require(environment.which("Xvfb"))
        server = try ChildProcess.start(
            ["Xvfb", "-displayfd", String(ends[1]), "-screen", "0", "1024x768x24", "-nolisten", "tcp"].map { Array($0.utf8) },
            executable: xvfb,
            environment: environment.entries, output: .discard, passing: [(ends[1], ends[1])], newSession: true)
        close(ends[1])
        let number = Self.readLine(ends[0], timeout: .seconds(20))
        close(ends[0])
        guard let number, !number.isEmpty else {
            server.signal(SIGKILL)
            _ = server.wait(deadline: .seconds(10))
            throw XServerError.noDisplay
        }
        display = ":" + number
        let ready = directory + "/openbox-ready"
        var wmEnvironment = environment
        wmEnvironment["DISPLAY"] = display
        let openbox: String = try #require(environment.which("openbox"))
        windowManager = try ChildProcess.start(
            ["openbox", "--sm-disable", "--startup", "touch \(ready)"].map { Array($0.utf8) },
            executable: openbox,
            environment: wmEnvironment.entries, output: .discard, newSession: true)
        _ = try #require(FileWait.until(ready, timeout: .seconds(20)) { _ in true }, "openbox did not start on \(display)")
        let check = try ChildProcess.run(
            try #require(environment.which("xprop")), arguments: ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
            environment: wmEnvironment.entries, deadline: .seconds(10))
        try #require(check.standardOutputText.contains("window id"), "openbox manages no screen: \(check.standardOutputText)")
    }

    /// Stops openbox and Xvfb.
    func stop() {
        for process in [windowManager, server] {
            process.signal(SIGTERM)
            _ = process.wait(deadline: .seconds(10))
        }
    }

    /// Reads one line from `descriptor`, waiting at most `timeout`.
    private static func readLine(_ descriptor: Int32, timeout: Duration) -> String? {
        let deadline = Sys.monotonicNow() + timeout
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let remaining = Int(Sys.milliseconds(until: deadline))
            guard remaining > 0 else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(remaining)) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { return nil }
            bytes.append(byte)
        }
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }
}

enum XServerError: Error {
    case noDisplay
}
