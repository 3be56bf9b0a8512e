import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// System events reach a scene app (Notes, in Xvfb with openbox) from the runtime's real sources:
/// the user's `locale.conf` replaced by rename, at once while its window is shown, and queued while
/// it is minimised, then delivered before the window's scene comes back.
@Suite(.serialized) struct NotesSystemEventTests {
    /// Replaces `locale.conf` the way `localectl` and editors do: a new file renamed over it.
    private func setLocale(_ lang: String, in config: String) throws {
        let text = Array("LANG=\(lang)\n".utf8)
        let descriptor = open(config + "/locale.conf.new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0, "open: errno \(errno)")
        defer { close(descriptor) }
        try #require(text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == text.count)
        try #require(rename(config + "/locale.conf.new", config + "/locale.conf") == 0)
    }

    @Test func localeChangesReachTheAppDelegateAtOnceOrWhenTheWindowComesBack() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        let config = desktop.root + "/home/.config"
        mkdir(config, 0o700)
        try setLocale("C.UTF-8", in: config)
        #expect(try desktop.run(desktop.notes, ["notes://new?title=Groceries"]).termination == .exited(0))
        let window = try #require(try desktop.window(titled: "Groceries"))
        _ = try #require(desktop.hookLines(6))

        try setLocale("de_DE.UTF-8", in: config)
        let changed = try #require(desktop.traceLines(containing: "currentLocaleDidChange"), "the locale change did not arrive")
        #expect(
            changed.last == #"{"hook": "currentLocaleDidChange", "state": "active", "from": "C.UTF-8", "to": "de_DE.UTF-8"}"#,
            "\(changed)")

        #expect(try desktop.run("xdotool", ["windowminimize", window]).termination == .exited(0))
        _ = try #require(desktop.traceLines(containing: "\"restoration\": \"saved\""), "minimising changed nothing")
        try setLocale("fr_FR.UTF-8", in: config)
        try setLocale("it_IT.UTF-8", in: config)
        // A round trip to the primary after the renames: their events were read before it answered.
        let state = try desktop.run(desktop.schemectl, ["lifecycle", "com.example.notes", "state"])
        #expect(
            ["com.example.notes: background\n", "com.example.notes: suspended\n"].contains(state.standardOutputText),
            "\(state.standardOutputText)\(state.standardErrorText)")
        #expect(desktop.hooks(try #require(desktop.hookLines(1))).count { $0 == "currentLocaleDidChange" } == 1, "delivered while away")

        try desktop.requestActivation(window)
        let back = try #require(
            FileWait.until(desktop.trace, timeout: .seconds(20)) { $0.ranges(of: #""hook": "willEnterForeground""#).count >= 2 }, "the window did not come back")
        let hookLines = back.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{\"hook\"") }
        let index = try #require(hookLines.lastIndex { $0.hasPrefix(#"{"hook": "willEnterForeground""#) })
        #expect(
            hookLines[index - 1]
                == #"{"hook": "currentLocaleDidChange", "state": "background", "from": "de_DE.UTF-8", "to": "it_IT.UTF-8"}"#,
            "\(hookLines)")
    }
}
