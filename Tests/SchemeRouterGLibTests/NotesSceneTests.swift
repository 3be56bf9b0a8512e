import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// Notes' scenes in a real Xvfb with openbox: one window per note, a URL for an open note
/// presents its window, and the windows come back after `--quit` (state preservation), except
/// from a corrupt archive or after a launch killed while restoring.
@Suite(.serialized) struct NotesSceneTests {
    /// Creates notes Alpha and Beta, each in its own window (scene-1, scene-2).
    private func openTwoNotes(_ desktop: NotesDesktop) throws {
        for title in ["Alpha", "Beta"] {
            let run = try desktop.run(desktop.notes, ["notes://new?title=\(title)"])
            #expect(run.termination == .exited(0), "\(run.standardErrorText)")
            #expect(try desktop.window(titled: title) != nil, "no window for \(title)")
        }
        _ = try #require(desktop.hookLines(11))
    }

    /// The sessions the URL of each `willConnect` line connected, by title: `scene-1` → `Alpha`.
    private func titlesBySession(_ lines: [String], _ desktop: NotesDesktop) -> [String: String] {
        var titles: [String: String] = [:]
        for (line, session) in zip(lines, desktop.sessions(lines)) {
            guard let session, line.contains("\"hook\": \"willConnect\""), let start = line.firstRange(of: "title=") else { continue }
            titles[session] = String(line[start.upperBound...].prefix { $0 != "\"" && $0 != "&" })
        }
        return titles
    }

    /// Closes `window` the way a user does: focused, then closed through the window manager
    /// (`wmctrl -c`, a taskbar's Close: openbox sends the `WM_DELETE_WINDOW` request GTK honours
    /// by destroying the window).
    private func closeWindow(_ window: String, _ desktop: NotesDesktop) throws {
        try desktop.requestActivation(window)
        // Not Alt+F4: a fresh X server's first synthetic key remaps the keyboard, and while openbox
        // grabs its keys again the F4 can reach the window instead (about one run in ten under load).
        #expect(try desktop.run("wmctrl", ["-i", "-c", window]).termination == .exited(0))
    }

    @Test func closingTheLastWindowQuitsNotes() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        try openTwoNotes(desktop)
        let beta = try #require(try desktop.window(titled: "Beta"))
        try closeWindow(beta, desktop)
        let discarded = try #require(desktop.traceLines(containing: "didDiscardSceneSessions"), "closing Beta discarded nothing")
        let lines = discarded.filter { $0.hasPrefix("{\"hook\"") }
        let index = try #require(lines.firstIndex { $0.contains("didDiscardSceneSessions") })
        #expect(desktop.hooks([lines[index - 1]]) == ["didDisconnect"], "\(lines)")
        #expect(desktop.sessions([lines[index - 1]]) == ["scene-2"], "\(lines)")
        let running = try desktop.run(desktop.schemectl, ["lifecycle", "com.example.notes", "state"])
        #expect(running.termination == .exited(0), "one window left, Notes still runs: \(running.standardErrorText)")

        let alpha = try #require(try desktop.window(titled: "Alpha"))
        try closeWindow(alpha, desktop)
        let ended = try #require(desktop.traceLines(containing: "willTerminate"), "closing the last window did not quit")
        let hooks = desktop.hooks(ended.filter { $0.hasPrefix("{\"hook\"") })
        #expect(hooks.count { $0 == "didDiscardSceneSessions" } == 2, "\(ended)")
        #expect(hooks.last == "willTerminate", "\(ended)")
        // The primary exits: its process is gone and nothing answers for the app.
        let gone = try desktop.run(desktop.schemectl, ["lifecycle", "com.example.notes", "state"])
        #expect(gone.termination == .exited(8), "\(gone.standardOutputText)\(gone.standardErrorText)")
    }

    /// Notes run again without a URL brings its most recent window back, as its icon does on
    /// a desktop: both windows minimised, Beta's (focused last) is restored and focused with the
    /// sender's token, and only its scene comes forward; Alpha's stays minimised until a URL for
    /// its note restores it. Each restored scene comes forward once, with no back and forth.
    @Test func runningNotesAgainBringsBackItsLastWindow() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        try openTwoNotes(desktop)
        let beta = try #require(try desktop.window(titled: "Beta"))
        for title in ["Alpha", "Beta"] {
            let window = try #require(try desktop.window(titled: title))
            #expect(try desktop.run("xdotool", ["windowminimize", window]).termination == .exited(0))
        }
        let saved = try #require(desktop.traceLines(containing: "\"restoration\": \"saved\""), "minimising changed nothing")
        let before = saved.filter { $0.hasPrefix("{\"hook\"") }.count
        #expect(try desktop.visibleWindowTitles().isEmpty)

        let again = try desktop.run(desktop.notes, [], extra: ["DESKTOP_STARTUP_ID": "again_TIME0"])
        #expect(again.termination == .exited(0), "\(again.standardErrorText)")
        let shown = try desktop.run("timeout", ["15", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Beta$"])
        #expect(shown.standardOutputText.split(separator: "\n").first.map(String.init) == beta, "Beta's window is not back")
        let token = try desktop.run("xprop", ["-id", beta, "_NET_STARTUP_ID"]).standardOutputText
        #expect(token.contains("\"again_TIME0\""), "\(token)")
        let lines = try #require(desktop.hookLines(before + 2))
        #expect(Array(desktop.hooks(lines)[before...]) == ["willEnterForeground", "didBecomeActive"], "\(lines)")
        #expect(Array(desktop.sessions(lines)[before...]) == ["scene-2", "scene-2"])
        let state = try desktop.run(desktop.schemectl, ["lifecycle", "com.example.notes", "state"])
        #expect(state.standardOutputText == "com.example.notes: active\n", "\(state.standardErrorText)")
        #expect(try desktop.visibleWindowTitles() == ["Beta"])

        #expect(try desktop.run(desktop.notes, ["notes://open/1"]).termination == .exited(0))
        let alpha = try desktop.run("timeout", ["15", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Alpha$"])
        #expect(alpha.termination == .exited(0), "Alpha's window is not back")
        // `--quit` is the barrier: whatever the windows did meanwhile is in the trace before it.
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate")).filter { $0.hasPrefix("{\"hook\"") }
        let after = Array(ended[before...])
        #expect(
            desktop.hooks(after) == [
                "willEnterForeground", "didBecomeActive", "willEnterForeground", "openURLContexts", "willResignActive",
                "didBecomeActive", "shouldSaveApplicationState", "willEncodeRestorableState", "encodeRestorableState",
                "encodeRestorableState", "didDisconnect", "didDisconnect", "willTerminate",
            ], "\(after)")
        #expect(Array(desktop.sessions(after).prefix(6)) == ["scene-2", "scene-2", "scene-1", "scene-1", "scene-2", "scene-1"])
        #expect(desktop.hooks(ended).count { $0 == "willConnect" } == 2, "\(ended)")
    }

    /// D-Bus `Activate`, the call GNOME and KDE make to start a D-Bus-activatable app that runs
    /// already, brings the minimised window back the same way, with its platform data's token.
    @Test func busActivateBringsBackTheWindow() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        let (bus, daemon) = try desktop.startSessionBus()
        defer { kill(daemon, SIGTERM) }
        #expect(try desktop.run(desktop.notes, ["notes://new?title=Alpha"], extra: bus).termination == .exited(0))
        let alpha = try #require(try desktop.window(titled: "Alpha"))
        _ = try #require(desktop.hookLines(6))
        #expect(try desktop.run("xdotool", ["windowminimize", alpha]).termination == .exited(0))
        let saved = try #require(desktop.traceLines(containing: "\"restoration\": \"saved\""), "minimising changed nothing")
        let before = saved.filter { $0.hasPrefix("{\"hook\"") }.count

        let call = try desktop.busActivate("com.example.notes", platformData: "{'desktop-startup-id': <'bus_TIME0'>}", bus: bus)
        #expect(call.termination == .exited(0), "\(call.standardErrorText)")
        let shown = try desktop.run("timeout", ["15", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Alpha$"])
        #expect(shown.termination == .exited(0), "Alpha's window is not back")
        let token = try desktop.run("xprop", ["-id", alpha, "_NET_STARTUP_ID"]).standardOutputText
        #expect(token.contains("\"bus_TIME0\""), "\(token)")
        // `--quit` is the barrier: the scene came forward once.
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate")).filter { $0.hasPrefix("{\"hook\"") }
        #expect(Array(desktop.hooks(ended)[before...].prefix(3)) == ["willEnterForeground", "didBecomeActive", "shouldSaveApplicationState"], "\(ended)")
        #expect(Array(desktop.sessions(ended)[before...].prefix(2)) == ["scene-1", "scene-1"])
    }

    @Test func aURLForAnOpenNotePresentsItsWindow() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        try openTwoNotes(desktop)
        #expect(try desktop.run(desktop.notes, ["notes://open/1"]).termination == .exited(0))
        let lines = try #require(desktop.hookLines(14))
        #expect(Array(desktop.hooks(lines)[11...]) == ["openURLContexts", "willResignActive", "didBecomeActive"], "\(lines)")
        #expect(Array(desktop.sessions(lines)[11...]) == ["scene-1", "scene-2", "scene-1"])
        // The windows move the scenes: a lifecycle command other than `state` is refused, says why.
        let refused = try desktop.run(desktop.schemectl, ["lifecycle", "com.example.notes", "background"])
        #expect(refused.termination == .exited(9), "\(refused.standardErrorText)")
        #expect(refused.standardErrorText.contains("it uses scenes"), "\(refused.standardErrorText)")
        let state = try desktop.run(desktop.schemectl, ["lifecycle", "com.example.notes", "state"])
        #expect(state.standardOutputText == "com.example.notes: active\n", "\(state.standardErrorText)")
        // `--quit` is the barrier: no window was added meanwhile.
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate"))
        #expect(desktop.hooks(ended).count { $0 == "willConnect" } == 2, "\(ended)")
        #expect(!desktop.hooks(ended).contains("didEnterBackground"), "\(ended)")
    }

    @Test func quitAndRelaunchRestoresTheWindows() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        try openTwoNotes(desktop)
        let opened = titlesBySession(try #require(desktop.hookLines(11)), desktop)
        #expect(opened == ["scene-1": "Alpha", "scene-2": "Beta"])
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let quit = try #require(desktop.traceLines(containing: "willTerminate"))
        #expect(quit.contains { $0.contains("\"restoration\": \"saved\"") && $0.contains("2 scenes") }, "\(quit)")
        let before = quit.count

        let launch = try desktop.run(desktop.notes, [])
        #expect(launch.termination == .exited(0), "\(launch.standardErrorText)")
        // The relaunch: 11 hooks and 2 restoration lines (restored, then discarded after the launch).
        let restored = try #require(desktop.traceLines(before + 13), "the relaunch did not finish")
        #expect(restored.contains { $0.contains("\"restoration\": \"restored\"") }, "nothing restored: \(restored)")
        for title in ["Alpha", "Beta"] { #expect(try desktop.window(titled: title) != nil, "\(title) did not come back") }
        let relaunch = Array(restored[before...]).filter { $0.hasPrefix("{\"hook\"") }
        let reconnected = zip(desktop.hooks(relaunch), desktop.sessions(relaunch)).compactMap { $0 == "willConnect" ? $1 : nil }
        #expect(reconnected == ["scene-1", "scene-2"], "restored in focus order: \(relaunch)")
        // The window that had the focus (Beta's, the last created) has it again.
        let activated = zip(desktop.hooks(relaunch), desktop.sessions(relaunch)).compactMap { $0 == "didBecomeActive" ? $1 : nil }
        #expect(activated == ["scene-2"], "\(relaunch)")
        // The windows on screen are exactly the restored scenes' notes.
        #expect(try desktop.visibleWindowTitles() == reconnected.compactMap { opened[$0] }.sorted())
    }

    @Test func aCorruptArchiveIsDiscardedWithTheReason() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        try openTwoNotes(desktop)
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        _ = try #require(desktop.traceLines(containing: "willTerminate"))
        let archive = desktop.stateDirectory + "/state.json"
        #expect(FileSystem.kind(of: archive) != .missing, "nothing was preserved")
        try FileSystem.writeAtomically(Array("{not json".utf8), to: archive, mode: 0o600)

        #expect(try desktop.run(desktop.notes, []).termination == .exited(0))
        let lines = try #require(desktop.traceLines(containing: "\"restoration\": \"discarded\""), "the corrupt archive was not reported")
        let discarded = try #require(lines.first { $0.contains("\"restoration\": \"discarded\"") })
        #expect(discarded.contains("invalid"), "\(discarded)")
        // Started clean: the list, no restored note.
        #expect(try desktop.window(titled: "Notes") != nil)
        #expect(try desktop.visibleWindowTitles() == ["Notes"])
    }

    @Test func aLaunchKilledWhileRestoringLeavesTheNextOneClean() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        try openTwoNotes(desktop)
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        _ = try #require(desktop.traceLines(containing: "willTerminate"))

        // Watch the state directory for the `restoring` marker, then stop the primary while it
        // exists and kill it.
        let marker = desktop.stateDirectory + "/restoring"
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(watch) }
        #expect(inotify_add_watch(watch, desktop.stateDirectory, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0)
        let launcher = try ChildProcess.start([Array("notes".utf8)], executable: desktop.notes, environment: desktop.environment.entries)
        var stopped: pid_t?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stopped == nil {
            var waiting = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            try #require(poll(&waiting, 1, 20_000) > 0, "the restoring marker never appeared")
            let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            try #require(count > 0)
            guard FileSystem.kind(of: marker) != .missing, let pid = desktop.primaryPID else { continue }
            try #require(kill(pid, SIGSTOP) == 0, "no primary \(pid) to stop")
            stopped = pid
        }
        let pid = try #require(stopped)
        #expect(FileSystem.kind(of: marker) != .missing, "restoration ended before the primary stopped")
        kill(pid, SIGKILL)
        _ = launcher.wait(deadline: .seconds(20))
        _ = try #require(desktop.traceLines(containing: "\"hook\": \"willFinishLaunching\""))

        #expect(try desktop.run(desktop.notes, []).termination == .exited(0))
        let lines = try #require(desktop.traceLines(containing: "\"restoration\": \"discarded\""), "no discard after the kill")
        let discarded = try #require(lines.first { $0.contains("\"restoration\": \"discarded\"") })
        #expect(discarded.contains("ended while restoring"), "\(discarded)")
        #expect(try desktop.window(titled: "Notes") != nil)
        #expect(try desktop.visibleWindowTitles() == ["Notes"])
    }
}
