import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// The real Notes app (GTK 4 inside GLib's main loop) in a real Xvfb with openbox, reached
/// through the real `xdg-open` and `gio open` after `schemectl register`.
@Suite(.serialized) struct NotesDesktopTests {
    /// A cold launch by URL: the launch hooks, then the first scene connects with the URL.
    static let coldLaunch = [
        "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "willConnect", "willEnterForeground",
        "didBecomeActive",
    ]

    @Test func coldLaunchByXdgOpenWakeByGioWithTokenRaisesTheWindow() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        let first = "notes://new?title=Hello%20World&tag=a&tag=b"
        let xdg = try desktop.run("xdg-open", [first], extra: ["XDG_ACTIVATION_TOKEN": "launch-token"])
        #expect(xdg.termination == .exited(0), "\(xdg.standardErrorText)")
        #expect(try desktop.window(titled: "Hello World") != nil, "no window titled with the new note")
        let launch = try #require(desktop.hookLines(6), "no cold launch in the trace")
        #expect(desktop.hooks(launch) == Self.coldLaunch)
        #expect(launch[3].contains("\"url\": \"\(first)\""))
        #expect(launch[3].contains("\"activationToken\": \"launch-token\""))

        // A wake through gio: a new scene (window) connects with the sender's token.
        let gio = try desktop.run("gio", ["open", "notes://new?title=Second"], extra: ["XDG_ACTIVATION_TOKEN": "tok123"])
        #expect(gio.termination == .exited(0), "\(gio.standardErrorText)")
        #expect(try desktop.window(titled: "Second") != nil)
        let woken = try #require(desktop.hookLines(11))
        #expect(woken[7].contains("\"hook\": \"willConnect\"") && woken[7].contains("\"activationToken\": \"tok123\""))
        #expect(desktop.sessions(woken)[7] == "scene-2")

        // The store has both notes; `notes://open/1` presents the first window again.
        let open = try desktop.run(desktop.notes, ["notes://open/1"], extra: ["DESKTOP_STARTUP_ID": "x11-token_TIME0"])
        #expect(open.termination == .exited(0), "\(open.standardErrorText)")
        #expect(try desktop.window(titled: "Hello World") != nil)
        let reopened = try #require(desktop.hookLines(14))
        #expect(reopened.last { $0.contains("notes://open/1") }?.contains("\"activationToken\": \"x11-token_TIME0\"") == true, "\(reopened)")
        // Focus never flickered: one launch, a new scene, the first scene presented, nothing else.
        #expect(
            desktop.hooks(reopened) == Self.coldLaunch + [
                "configurationForConnecting", "willConnect", "willEnterForeground", "willResignActive", "didBecomeActive",
                "openURLContexts", "willResignActive", "didBecomeActive",
            ], "\(reopened)")
        #expect(Array(desktop.sessions(reopened)[11...]) == ["scene-1", "scene-2", "scene-1"])
    }

    @Test func minimisingAndActivatingTheWindowMovesTheLifecycle() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        #expect(try desktop.run(desktop.notes, ["notes://new?title=Groceries"]).termination == .exited(0))
        let window = try #require(try desktop.window(titled: "Groceries"))
        _ = try #require(desktop.hookLines(6))
        #expect(try desktop.run("xdotool", ["windowminimize", window]).termination == .exited(0))
        // The window's scene goes to the background, and with it the app: its state is preserved.
        let background = try #require(desktop.traceLines(containing: "\"restoration\": \"saved\""), "minimising changed nothing")
        let hidden = desktop.hooks(background.filter { $0.hasPrefix("{\"hook\"") })
        #expect(
            Array(hidden[6...]) == [
                "willResignActive", "didEnterBackground", "shouldSaveApplicationState", "willEncodeRestorableState",
                "encodeRestorableState",
            ], "\(background)")
        try desktop.requestActivation(window)
        _ = try #require(desktop.hookLines(13), "activating changed nothing")
        // `--quit` is the barrier: whatever focus did meanwhile is in the trace before willTerminate.
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate"))
        #expect(
            Array(desktop.hooks(ended)[11...]) == [
                "willEnterForeground", "didBecomeActive", "shouldSaveApplicationState", "willEncodeRestorableState",
                "encodeRestorableState", "didDisconnect", "willTerminate",
            ], "\(ended)")
    }

    @Test func badURLsChangeNothingAndAKilledPrimaryIsReplaced() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        #expect(try desktop.run(desktop.notes, ["notes://new?title=Keep"]).termination == .exited(0))
        #expect(try desktop.window(titled: "Keep") != nil)
        let before = try #require(desktop.traceLines(6))
        // Malformed: rejected by the sender before anything is sent.
        let malformed = try desktop.run(desktop.notes, ["notes://new?title=%zz"])
        #expect(malformed.termination == .exited(2), "\(malformed.standardErrorText)")
        let undeclared = try desktop.run(desktop.notes, ["other://new?title=x"])
        #expect(undeclared.termination == .exited(2), "\(undeclared.standardErrorText)")
        // No route, or a parameter the route refuses: the primary rejects it before any hook.
        for url in ["notes://nothing", "notes://open/x", "notes://new"] {
            let refused = try desktop.run(desktop.notes, [url])
            #expect(refused.termination == .exited(2), "\(url): \(refused.standardErrorText)")
        }
        // Through xdg-open too: the URL reaches notes, which exits 2; xdg-open reports the failure.
        #expect(try desktop.run("xdg-open", ["notes://nothing"]).termination != .exited(0))
        #expect(desktop.traceLines(6) == before)

        let pid = try #require(desktop.primaryPID)
        kill(pid, SIGKILL)
        let again = try desktop.run("xdg-open", ["notes://new?title=After%20Crash"])
        #expect(again.termination == .exited(0), "\(again.standardErrorText)")
        #expect(try desktop.window(titled: "After Crash") != nil, "no new window after the primary was killed")
        let relaunched = try #require(desktop.hookLines(12))
        #expect(Array(desktop.hooks(relaunched)[6...]) == Self.coldLaunch)
        #expect(desktop.primaryPID != pid)
    }

    @Test func theWindowIsDrawn() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        #expect(try desktop.run(desktop.notes, ["notes://new?title=Screenshot&tag=gtk&tag=x11"]).termination == .exited(0))
        let window = try #require(try desktop.window(titled: "Screenshot"))
        _ = try #require(desktop.hookLines(6))
        // Mapped is not drawn: the shots below wait for the frame GTK draws.
        try desktop.requestActivation(window)
        let geometry = try desktop.run("xdotool", ["getwindowgeometry", "--shell", window]).standardOutputText
        var values: [String: Int] = [:]
        for line in geometry.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        let (x, y, width, height) = (values["X"] ?? 0, values["Y"] ?? 0, values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
        #expect(width > 100 && height > 100, "\(geometry)")
        // Named for the app, as its desktop file is (com.example.notes.desktop): res_name and res_class.
        let wmClass = try desktop.run("xprop", ["-id", window, "WM_CLASS"]).standardOutputText
        #expect(wmClass.contains("= \"com.example.notes\", \"com.example.notes\""), "\(wmClass)")
        let shot = desktop.root + "/screen.png"
        // The frame may not be painted yet when the window maps: take shots until the window's
        // rectangle holds more than a flat background, bounded by the attempts, not a clock.
        var colours = 0
        for _ in 0..<50 where colours < 8 {
            #expect(try desktop.run("import", ["-window", "root", shot]).termination == .exited(0))
            let counted = try desktop.run(
                "convert", [shot, "-crop", "\(width)x\(height)+\(x)+\(y)", "+repage", "-format", "%k", "info:"])
            colours = Int(counted.standardOutputText) ?? 0
        }
        #expect(colours >= 8, "the window's rectangle has \(colours) colours: not drawn")
        if let keep = ProcessEnvironment.current()["SCHEMEROUTER_KEEP_SCREENSHOT"] {
            _ = try ChildProcess.run("/bin/cp", arguments: ["cp", shot, keep], environment: [], deadline: .seconds(10))
        }
    }
}
