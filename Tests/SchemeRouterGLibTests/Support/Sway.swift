import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// A headless sway (wlroots: the compositor of sway, labwc, river and more) for one test, in the
/// test's runtime directory, with no input devices: apps reach it with the ``environment``; the
/// test reads what it shows and focuses over its IPC socket, never from the app. Nothing sleeps:
/// sway runs a command from its configuration once its sockets exist, which writes a file this
/// waits for with inotify.
struct Sway: DisplayServer {
    let environment: [String: String]
    /// Its IPC socket (`SWAYSOCK`).
    let socket: String
    /// Its log (standard output and error).
    let log: String
    private let process: ChildProcess.Running

    /// Starts sway; cancels the test, with the reason, where sway is not installed or cannot run.
    init(root: String, runtimeDirectory: String) throws {
        let current = ProcessEnvironment.current()
        guard let sway = current.which("sway") else {
            try Test.cancel("sway is not installed: `bash scripts/setup wayland` installs it (sway, grim, wtype)")
        }
        let directory = root + "/sway"
        try FileSystem.makeDirectories(directory)
        log = directory + "/sway.log"
        let ready = directory + "/ready"
        // sway runs this once its sockets exist: it records their names in one rename.
        let hook = directory + "/ready.sh"
        try FileSystem.writeAtomically(
            Array("#!/bin/sh\nprintf '%s\\n%s\\n' \"$WAYLAND_DISPLAY\" \"$SWAYSOCK\" > '\(ready).new' && mv '\(ready).new' '\(ready)'\n".utf8),
            to: hook, mode: 0o755)
        let configuration = directory + "/config"
        try FileSystem.writeAtomically(
            Array(
                """
                # No Xwayland: the apps under test speak Wayland.
                xwayland disable
                output HEADLESS-1 resolution 1280x800
                # sway's default, "urgent", only marks a window a valid token asks to activate.
                focus_on_window_activation focus
                exec '\(hook)'

                """.utf8), to: configuration, mode: 0o644)
        let variables = [
            "PATH=" + (current["PATH"] ?? "/usr/bin:/bin"), "HOME=" + root + "/home", "XDG_RUNTIME_DIR=" + runtimeDirectory,
            "XDG_CONFIG_HOME=" + directory, "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman",
        ]
        // sway refuses to run as root (its setuid check). In a new user namespace root's uid is
        // unmapped, so the check passes, and the sockets it makes stay usable from outside.
        let command = geteuid() == 0 ? ["unshare", "--user", sway, "-c", configuration] : [sway, "-c", configuration]
        let executable = try #require(geteuid() == 0 ? current.which("unshare") : sway, "unshare (util-linux) is not installed")
        process = try ChildProcess.start(
            command.map { Array($0.utf8) }, executable: executable, environment: variables, output: .file(log), newSession: true)
        guard let names = FileWait.until(ready, timeout: .seconds(20), unlessExited: process, { $0.hasSuffix("\n") }) else {
            let output = ((try? RegularFile.readIfExists(log)) ?? nil).map { String(decoding: $0.suffix(600), as: UTF8.self) } ?? ""
            process.signal(SIGKILL)
            _ = process.wait(deadline: .seconds(10))
            try Test.cancel("headless sway cannot start here: \(output)")
        }
        let lines = names.split(separator: "\n").map(String.init)
        socket = lines.count > 1 ? lines[1] : ""
        environment = [
            "WAYLAND_DISPLAY": lines.first ?? "", "SWAYSOCK": socket, "XDG_SESSION_TYPE": "wayland", "XDG_CURRENT_DESKTOP": "sway",
            "GDK_BACKEND": "wayland",
            // A headless compositor has no GPU: GTK draws with cairo instead of probing for GL.
            "GSK_RENDERER": "cairo",
        ]
    }

    func stop() {
        process.signal(SIGTERM)
        if process.wait(deadline: .seconds(10)).termination == .timedOut { process.signal(SIGKILL) }
    }

    /// A new connection to sway's IPC.
    func connect() throws -> SwayIPC { try SwayIPC(socket: socket) }

    /// Runs sway commands (`[title="^Beta$"] focus`); throws unless each succeeded.
    func command(_ text: String) throws {
        let replies = try connect().request(.runCommand, text) as? [[String: Any]] ?? []
        guard !replies.isEmpty, replies.allSatisfy({ $0["success"] as? Bool == true }) else {
            throw SwayIPCError("sway refused '\(text)': \(replies)")
        }
    }

    /// The windows sway shows, in tree order.
    func windows() throws -> [SwayWindow] {
        SwayWindow.all(in: try connect().request(.getTree) as? [String: Any] ?? [:])
    }

    /// A connection that reads sway's window events from now on: subscribe before acting, so no
    /// event is missed.
    func windowEvents() throws -> SwayWindowEvents { try SwayWindowEvents(self) }
}

/// sway's window events, from the moment the connection subscribed.
struct SwayWindowEvents {
    private let connection: SwayIPC
    private let sway: Sway

    init(_ sway: Sway) throws {
        self.sway = sway
        connection = try sway.connect()
        try connection.subscribe(["window"])
    }

    /// The window the next focus change went to, or `nil` when none came within `timeout`.
    func nextFocus(timeout: Duration = .seconds(15)) throws -> SwayWindow? {
        let deadline = Sys.monotonicNow() + timeout
        while let event = try connection.nextEvent(timeout: max(deadline - Sys.monotonicNow(), .zero)) {
            if event["change"] as? String == "focus", let container = event["container"] as? [String: Any] {
                return SwayWindow(container)
            }
        }
        return nil
    }

    /// Whether the window titled `title` has the focus, now or within `timeout` (by its event).
    func waitForFocus(_ title: String, timeout: Duration = .seconds(15)) throws -> Bool {
        if try sway.windows().contains(where: { $0.title == title && $0.isFocused }) { return true }
        let deadline = Sys.monotonicNow() + timeout
        while let window = try nextFocus(timeout: max(deadline - Sys.monotonicNow(), .zero)) {
            if window.title == title { return true }
        }
        return false
    }
}

/// A keyboard on sway's headless seat, for the window that mints tokens: wlroots grants a token
/// only with an input serial the client got. `wtype` adds a virtual keyboard while it runs and no
/// persistent client exists, so one `wtype` sleeps for the test's length; a second presses keys.
struct VirtualKeyboard {
    private let process: ChildProcess.Running
    private let environment: [String]

    init(on sway: Sway, environment desktop: ProcessEnvironment) throws {
        let wtype = try #require(desktop.which("wtype"), "wtype is not installed: `bash scripts/setup wayland`")
        environment = desktop.entries
        let inputs = try sway.connect()
        try inputs.subscribe(["input"])
        process = try ChildProcess.start(
            ["wtype", "-s", "600000"].map { Array($0.utf8) }, executable: wtype, environment: environment, output: .discard)
        // sway 1.7 announces a virtual keyboard by its keymap ("xkb_keymap"), not as "added".
        var added = false
        while !added, let event = try inputs.nextEvent(timeout: .seconds(10)) {
            added = (event["input"] as? [String: Any])?["type"] as? String == "keyboard"
        }
        if !added {
            stop()
            throw SwayIPCError("no keyboard appeared on sway's seat within 10 s")
        }
    }

    /// Presses and releases `key` in the focused window.
    func press(_ key: String = "Shift_L") throws {
        let wtype = try #require(ProcessEnvironment.current().which("wtype"))
        let pressed = try ChildProcess.run(wtype, arguments: ["wtype", "-k", key], environment: environment)
        try #require(pressed.termination == .exited(0), "wtype -k \(key): \(pressed.standardErrorText)")
    }

    func stop() {
        process.signal(SIGTERM)
        _ = process.wait(deadline: .seconds(10))
    }
}
