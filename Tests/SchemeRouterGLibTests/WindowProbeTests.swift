import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// An app without scenes (WindowProbe: one GTK window) in a real Xvfb with openbox: run again
/// without a URL, or by D-Bus `Activate`, it brings its minimised window back with the sender's
/// token, as its icon does on a desktop, and its lifecycle comes forward once.
@Suite(.serialized) struct WindowProbeTests {
    @Test(arguments: ["run again", "D-Bus Activate"])
    func activatingTheAppBringsBackItsWindow(how: String) throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        let overTheBus = how == "D-Bus Activate"
        let (bus, daemon) = overTheBus ? try desktop.startSessionBus() : ([:], 0)
        defer { if daemon > 0 { kill(daemon, SIGTERM) } }
        let probe = FileSystem.split(desktop.notes).directory + "/WindowProbe"
        defer { _ = try? desktop.run(probe, ["--quit"]) }
        let launched = try desktop.run(probe, [], extra: bus)
        #expect(launched.termination == .exited(0), "\(launched.standardErrorText)")
        let window = try #require(try desktop.window(titled: "Probe"))
        _ = try #require(desktop.hookLines(3))
        #expect(try desktop.run("xdotool", ["windowminimize", window]).termination == .exited(0))
        let saved = try #require(desktop.traceLines(containing: "\"hook\": \"didEnterBackground\""), "minimising changed nothing")
        let before = saved.filter { $0.hasPrefix("{\"hook\"") }.count

        let again =
            overTheBus
            ? try desktop.busActivate("com.example.windowprobe", platformData: "{'desktop-startup-id': <'probe_TIME0'>}", bus: bus)
            : try desktop.run(probe, [], extra: ["DESKTOP_STARTUP_ID": "probe_TIME0"])
        #expect(again.termination == .exited(0), "\(again.standardErrorText)")
        let shown = try desktop.run("timeout", ["15", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Probe$"])
        #expect(shown.termination == .exited(0), "the window is not back")
        let token = try desktop.run("xprop", ["-id", window, "_NET_STARTUP_ID"]).standardOutputText
        #expect(token.contains("\"probe_TIME0\""), "\(token)")
        // `--quit` is the barrier: whatever the window did meanwhile is in the trace before it.
        #expect(try desktop.run(probe, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate")).filter { $0.hasPrefix("{\"hook\"") }
        #expect(Array(desktop.hooks(ended)[before...]) == ["willEnterForeground", "didBecomeActive", "willTerminate"], "\(ended)")
    }
}
