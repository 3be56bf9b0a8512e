import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// Notes on KWin `--virtual`, the strict compositor: a token from the launcher with the focus
/// brings Notes' window forward; a token minted by a client without the focus, or none, is
/// refused, and KWin marks the window as asking for attention instead. What KWin activates is
/// read from KWin (a script's events), never from the app.
@Suite(.serialized) struct NotesKWinTests {
    /// Opens notes Alpha and Beta, each in its own window, and waits until KWin activated each.
    private func openTwoNotes(_ desktop: NotesDesktop, _ kwin: KWin) throws {
        for title in ["Alpha", "Beta"] {
            let count = kwin.events.count
            let run = try desktop.run(desktop.notes, ["notes://new?title=\(title)"])
            #expect(run.termination == .exited(0), "\(run.standardErrorText)")
            let active = kwin.waitForEvent(after: count) { $0.hasPrefix("active \(title)") }
            // The app id KWin sees ties the window to com.example.notes.desktop.
            #expect(active?.event == "active \(title)\tcom.example.notes", "\(kwin.events)")
        }
    }

    @Test func aLauncherTokenMovesTheFocusOneMintedWithoutTheFocusIsRefused() throws {
        let desktop = try NotesDesktop(display: KWin.init)
        defer { desktop.stop() }
        let kwin = try desktop.display(KWin.self)
        try openTwoNotes(desktop, kwin)
        var count = kwin.events.count
        let launcher = try Launcher(desktop)
        defer { launcher.stop() }
        #expect(kwin.waitForEvent(after: count) { $0.hasPrefix("active \(launcher.title)\t") } != nil, "\(kwin.events)")

        count = kwin.events.count
        let token = try #require(try launcher.mint(), "KWin gave the focused launcher no token")
        let woken = try desktop.run("xdg-open", ["notes://open/1"], extra: ["XDG_ACTIVATION_TOKEN": token])
        #expect(woken.termination == .exited(0), "\(woken.standardErrorText)")
        // KWin reports no window active first ("active "), then the window it activated.
        let activated = kwin.waitForEvent(after: count) { $0.hasPrefix("active ") && $0 != "active " }
        #expect(activated?.event == "active Alpha\tcom.example.notes", "\(kwin.events)")

        // The launcher no longer has the focus: what it mints now does not activate anything.
        count = kwin.events.count
        let stale = try launcher.mint() ?? "none"
        let refused = try desktop.run("xdg-open", ["notes://open/2"], extra: ["XDG_ACTIVATION_TOKEN": stale])
        #expect(refused.termination == .exited(0), "\(refused.standardErrorText)")
        let attention = try #require(kwin.waitForEvent(after: count) { $0 == "attention Beta\ttrue" }, "\(kwin.events)")
        #expect(!attention.before.contains { $0.hasPrefix("active ") }, "\(attention.before)")
    }

    @Test func aWakeWithoutATokenLeavesTheFocusAndAsksForAttention() throws {
        let desktop = try NotesDesktop(display: KWin.init)
        defer { desktop.stop() }
        let kwin = try desktop.display(KWin.self)
        try openTwoNotes(desktop, kwin)
        let count = kwin.events.count
        let woken = try desktop.run("xdg-open", ["notes://open/1"])
        #expect(woken.termination == .exited(0), "\(woken.standardErrorText)")
        let attention = try #require(kwin.waitForEvent(after: count) { $0 == "attention Alpha\ttrue" }, "\(kwin.events)")
        #expect(!attention.before.contains { $0.hasPrefix("active ") }, "\(attention.before)")
    }
}
