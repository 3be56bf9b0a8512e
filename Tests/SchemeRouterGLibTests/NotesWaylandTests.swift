import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// The real Notes on a real Wayland compositor (headless sway), reached through the real
/// `xdg-open` and D-Bus after `schemectl register`. What is on screen and which window has the
/// focus is read from the compositor (its IPC), never from the app; tokens come from a window
/// that mints them as a launcher does (`LauncherProbe`).
@Suite(.serialized) struct NotesWaylandTests {
    /// Opens notes Alpha and Beta, each in its own window (scene-1, scene-2); Beta has the focus.
    fileprivate static func openTwoNotes(_ desktop: NotesDesktop, _ sway: Sway, extra: [String: String] = [:]) throws {
        for title in ["Alpha", "Beta"] {
            let events = try sway.windowEvents()
            let run = try desktop.run(desktop.notes, ["notes://new?title=\(title)"], extra: extra)
            #expect(run.termination == .exited(0), "\(run.standardErrorText)")
            #expect(try events.waitForFocus(title), "\(title)'s window never had the focus")
        }
        _ = try #require(desktop.hookLines(11))
    }

    @Test func coldLaunchByXdgOpenShowsAWindowNamedForTheApp() throws {
        let desktop = try NotesDesktop(display: Sway.init)
        defer { desktop.stop() }
        let sway = try desktop.display(Sway.self)
        let events = try sway.windowEvents()
        let url = "notes://new?title=Hello%20Wayland&tag=a"
        let opened = try desktop.run("xdg-open", [url])
        #expect(opened.termination == .exited(0), "\(opened.standardErrorText)")
        #expect(try events.waitForFocus("Hello Wayland"), "no window titled with the new note")
        let launch = try #require(desktop.hookLines(6), "no cold launch in the trace")
        #expect(desktop.hooks(launch) == NotesDesktopTests.coldLaunch)
        #expect(launch[3].contains("\"url\": \"\(url)\""))
        // The compositor ties the window to com.example.notes.desktop by its app id.
        #expect(try sway.windows().map(\.description) == ["Hello Wayland (com.example.notes) focused"])
    }

    @Test func aLauncherTokenBringsTheExistingWindowForward() throws {
        let setup = try LauncherOverTwoNotes()
        defer { setup.stop() }
        let (desktop, sway, launcher) = (setup.desktop, setup.sway, setup.launcher)
        let before = try #require(desktop.hookLines(12), "Notes did not resign when the launcher took the focus")
        #expect(desktop.hooks([before[11]]) == ["willResignActive"])

        let token = try #require(try launcher.mint(), "the compositor gave the launcher no token")
        let events = try sway.windowEvents()
        let woken = try desktop.run("xdg-open", ["notes://open/1"], extra: ["XDG_ACTIVATION_TOKEN": token])
        #expect(woken.termination == .exited(0), "\(woken.standardErrorText)")
        #expect(try events.nextFocus()?.title == "Alpha", "the existing window did not come forward")
        let lines = try #require(desktop.hookLines(14))
        #expect(lines[12].contains("\"activationToken\": \"\(token)\""), "\(lines[12])")
        #expect(Array(desktop.hooks(lines)[12...]) == ["openURLContexts", "didBecomeActive"], "\(lines)")
        #expect(Array(desktop.sessions(lines)[12...]) == ["scene-1", "scene-1"])
        // `--quit` is the barrier: the focus moving did nothing more to the lifecycle.
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate")).filter { $0.hasPrefix("{\"hook\"") }
        #expect(desktop.hooks(ended)[14] == "shouldSaveApplicationState", "\(ended)")
    }

    /// No focus stealing: a URL without a token presents the window, and the compositor refuses
    /// it the focus. The barrier is a second wake, with a token, for the other window: the first
    /// focus change after both is to that window.
    @Test func aWakeWithoutATokenLeavesTheFocusWhereTheUserPutIt() throws {
        let setup = try LauncherOverTwoNotes()
        defer { setup.stop() }
        let (desktop, sway, launcher) = (setup.desktop, setup.sway, setup.launcher)
        _ = try #require(desktop.hookLines(12))

        let events = try sway.windowEvents()
        let tokenless = try desktop.run("xdg-open", ["notes://open/1"])
        #expect(tokenless.termination == .exited(0), "\(tokenless.standardErrorText)")
        let token = try #require(try launcher.mint())
        let barrier = try desktop.run("xdg-open", ["notes://open/2"], extra: ["XDG_ACTIVATION_TOKEN": token])
        #expect(barrier.termination == .exited(0), "\(barrier.standardErrorText)")
        #expect(try events.nextFocus()?.title == "Beta", "the window woken without a token took the focus")
        // Alpha's scene came forward for its URL and went back once its window stayed unfocused.
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate")).filter { $0.hasPrefix("{\"hook\"") }
        let alpha = zip(desktop.hooks(ended), desktop.sessions(ended)).filter { $0.1 == "scene-1" }.map(\.0)
        let woken = try #require(alpha.lastIndex(of: "openURLContexts"))
        #expect(Array(alpha[woken...]).last { $0 != "encodeRestorableState" && $0 != "didDisconnect" } == "willResignActive", "\(ended)")
    }

    /// A URL that is malformed, or that no route takes, exits 2 and nothing on screen changes:
    /// the same windows in the same places of sway's layout (its tree's order; their rectangles
    /// may still settle from Beta's arrival), the focus where it was; no hook ran (only a hook
    /// presents a window).
    @Test func aMalformedURLExitsTwoAndChangesNothingOnScreen() throws {
        let desktop = try NotesDesktop(display: Sway.init)
        defer { desktop.stop() }
        let sway = try desktop.display(Sway.self)
        try Self.openTwoNotes(desktop, sway)
        let screen = try sway.windows()
        let trace = try #require(desktop.traceLines(11))
        for url in ["notes://new?title=%zz", "notes://nothing", "notes://open/x"] {
            let refused = try desktop.run(desktop.notes, [url])
            #expect(refused.termination == .exited(2), "\(url): \(refused.standardErrorText)")
        }
        #expect(try desktop.run("xdg-open", ["notes://new?title=%zz"]).termination != .exited(0))
        #expect(try sway.windows().map(\.description) == screen.map(\.description))
        #expect(desktop.traceLines(11) == trace)
    }

    /// D-Bus `Open`, as GNOME's and KDE's launchers call it: the token in `platform_data` under
    /// either name (`activation-token`, Wayland's; `desktop-startup-id`, X11's and GTK's before
    /// 4.10) reaches the window, which comes forward.
    @Test(arguments: ["activation-token", "desktop-startup-id"])
    func busOpenWithATokenBringsTheWindowForward(key: String) throws {
        let setup = try LauncherOverTwoNotes(onSessionBus: true)
        defer { setup.stop() }
        let (desktop, sway, launcher, bus) = (setup.desktop, setup.sway, setup.launcher, setup.bus)
        let token = try #require(try launcher.mint())
        let events = try sway.windowEvents()
        let call = try desktop.busOpen("com.example.notes", uris: ["notes://open/1"], platformData: "{'\(key)': <'\(token)'>}", bus: bus)
        #expect(call.termination == .exited(0), "\(call.standardErrorText)")
        #expect(try events.nextFocus()?.title == "Alpha", "the window did not come forward")
        let lines = try #require(desktop.traceLines(containing: "notes://open/1"))
        #expect(lines.last { $0.contains("openURLContexts") }?.contains("\"activationToken\": \"\(token)\"") == true, "\(lines)")
    }

    /// The lifecycle follows the compositor's focus (no keyboard on the seat: the toplevel's
    /// `activated` state, not GTK's keyboard focus) and closing: another app taking the focus
    /// makes Notes inactive, a window focused makes its scene active, a window closed by the
    /// compositor disconnects its scene, the last one ends Notes.
    @Test func theLifecycleFollowsTheCompositorsFocusAndClosing() throws {
        let desktop = try NotesDesktop(display: Sway.init)
        defer { desktop.stop() }
        let sway = try desktop.display(Sway.self)
        try Self.openTwoNotes(desktop, sway)
        var events = try sway.windowEvents()
        let launcher = try Launcher(desktop)
        defer { launcher.stop() }
        #expect(try events.waitForFocus(launcher.title))
        let inactive = try #require(desktop.hookLines(12), "another app's window took the focus: Notes did not resign")
        #expect(desktop.hooks([inactive[11]]) == ["willResignActive"] && desktop.sessions([inactive[11]]) == ["scene-2"])

        try sway.command("[title=\"^Alpha$\"] focus")
        let alpha = try #require(desktop.hookLines(13))
        #expect(desktop.hooks([alpha[12]]) == ["didBecomeActive"] && desktop.sessions([alpha[12]]) == ["scene-1"], "\(alpha)")
        try sway.command("[title=\"^Beta$\"] focus")
        let beta = try #require(desktop.hookLines(15))
        #expect(Array(desktop.hooks(beta)[13...]) == ["willResignActive", "didBecomeActive"], "\(beta)")
        #expect(Array(desktop.sessions(beta)[13...]) == ["scene-1", "scene-2"])

        // Closed as a user closes it (the compositor asks the window to close): Beta's scene goes,
        // and Alpha's, which sway focuses next (it had the focus before Beta), becomes active.
        events = try sway.windowEvents()
        try sway.command("[title=\"^Beta$\"] kill")
        #expect(try events.waitForFocus("Alpha"))
        let closed = try #require(
            desktop.hookLines { lines in
                lines.dropFirst(15).contains { $0.contains("didDiscardSceneSessions") }
                    && lines.dropFirst(15).contains { $0.contains("didBecomeActive") && $0.contains("scene-1") }
            }, "closing Beta did not discard its scene and activate Alpha's")
        let after = Array(closed[15...])
        let hooks = { (session: String?) in zip(desktop.hooks(after), desktop.sessions(after)).filter { $0.1 == session }.map(\.0) }
        #expect(hooks("scene-2") == ["willResignActive", "didEnterBackground", "didDisconnect"], "\(after)")
        #expect(hooks("scene-1") == ["didBecomeActive"], "\(after)")
        #expect(hooks(nil) == ["didDiscardSceneSessions"], "\(after)")
        try sway.command("[title=\"^Alpha$\"] kill")
        let ended = try #require(desktop.traceLines(containing: "willTerminate"), "closing the last window did not end Notes")
        #expect(desktop.hooks(ended).last == "willTerminate")
        #expect(try sway.windows().map(\.title) == [launcher.title])
    }

    /// Notes drawn on Wayland: a `grim` screenshot of its window holds more than a flat colour
    /// (`SCHEMEROUTER_KEEP_SCREENSHOT=PATH` keeps it: Docs/notes-wayland.png).
    @Test func theWindowIsDrawn() throws {
        let desktop = try NotesDesktop(display: Sway.init)
        defer { desktop.stop() }
        let sway = try desktop.display(Sway.self)
        let events = try sway.windowEvents()
        #expect(try desktop.run(desktop.notes, ["notes://new?title=On%20Wayland&tag=sway&tag=gtk"]).termination == .exited(0))
        #expect(try events.waitForFocus("On Wayland"))
        let window = try #require(try sway.windows().first { $0.title == "On Wayland" })
        let rectangle = window.rectangle
        let shot = desktop.root + "/screen.png"
        // Mapped is not drawn: take shots until the window's rectangle holds more than a flat
        // background, bounded by the attempts, not a clock.
        var colours = 0
        for _ in 0..<50 where colours < 8 {
            let grim = try desktop.run("grim", ["-g", "\(rectangle[0]),\(rectangle[1]) \(rectangle[2])x\(rectangle[3])", shot])
            try #require(grim.termination == .exited(0), "\(grim.standardErrorText)")
            colours = Int(try desktop.run("convert", [shot, "-format", "%k", "info:"]).standardOutputText) ?? 0
        }
        #expect(colours >= 8, "the window's rectangle has \(colours) colours: not drawn")
        if let keep = ProcessEnvironment.current()["SCHEMEROUTER_KEEP_SCREENSHOT"] {
            _ = try ChildProcess.run("/bin/cp", arguments: ["cp", shot, keep], environment: [], deadline: .seconds(10))
        }
    }
}

/// Notes' Alpha and Beta windows on a headless sway, then a launcher's window with the focus and
/// a fresh input serial, ready to mint tokens; Notes on a private session bus when asked.
private struct LauncherOverTwoNotes {
    let desktop: NotesDesktop
    let sway: Sway
    /// Notes' session bus (its address), when it has one.
    let bus: [String: String]
    let launcher: Launcher
    private let keyboard: VirtualKeyboard
    private let daemon: pid_t?

    init(onSessionBus: Bool = false) throws {
        let desktop = try NotesDesktop(display: Sway.init)
        var started: [() -> Void] = [desktop.stop]
        do {
            let sway = try desktop.display(Sway.self)
            let session = onSessionBus ? try desktop.startSessionBus() : nil
            let (bus, daemon) = (session?.environment ?? [:], session?.pid)
            if let daemon { started.append { kill(daemon, SIGTERM) } }
            try NotesWaylandTests.openTwoNotes(desktop, sway, extra: bus)
            let keyboard = try VirtualKeyboard(on: sway, environment: desktop.environment)
            started.append(keyboard.stop)
            let events = try sway.windowEvents()
            let launcher = try Launcher(desktop)
            started.append(launcher.stop)
            #expect(try events.waitForFocus(launcher.title), "the launcher's window never had the focus")
            let keys = launcher.keyCount
            try keyboard.press()
            try #require(launcher.waitForKey(after: keys), "the launcher got no key press")
            (self.desktop, self.sway, self.bus, self.launcher, self.keyboard, self.daemon) = (desktop, sway, bus, launcher, keyboard, daemon)
        } catch {
            for stop in started.reversed() { stop() }
            throw error
        }
    }

    /// Stops the launcher, the keyboard, the bus and the desktop.
    func stop() {
        launcher.stop()
        keyboard.stop()
        if let daemon { kill(daemon, SIGTERM) }
        desktop.stop()
    }
}
