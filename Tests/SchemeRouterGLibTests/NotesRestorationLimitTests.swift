import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// An archive of many windows (issue 51, item 10): Notes' launch restores what fits in half the
/// launch deadline, else starts clean with the reason, and never overruns it; the archive and the
/// restoration record are gone afterwards either way, as Docs/Scenes.md says.
@Suite(.serialized) struct NotesRestorationLimitTests {
    /// A valid archive of `count` search windows (search windows need no stored note).
    static func archive(windows count: Int) -> String {
        let scenes = (1...count).map { index in
            #"{"session": "scene-\#(index)", "configuration": "Default Configuration", "restorationIdentifier": "window", "#
                + #""userInfo": {}, "state": {"content": "search/q\#(index)"}}"#
        }
        return #"{"format": "schemerouter-state", "version": 1, "bundle": "com.example.notes", "app": {"version": 1}, "#
            + #""scenes": [\#(scenes.joined(separator: ", "))]}"#
    }

    @Test func anArchiveOfAThousandWindowsDoesNotOverrunTheLaunch() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        try FileSystem.makeDirectories(desktop.stateDirectory)
        let archive = desktop.stateDirectory + "/state.json"
        try FileSystem.writeAtomically(Array(Self.archive(windows: 1000).utf8), to: archive, mode: 0o600)

        let launch = try desktop.run(desktop.notes, [], timeout: .seconds(60))
        #expect(launch.termination == .exited(0), "the launch failed: \(launch.standardErrorText)")
        let lines = try #require(desktop.traceLines(containing: "\"restoration\": \"discarded\""), "the archive was not discarded")
        let reasons = lines.filter { $0.contains("\"restoration\": \"discarded\"") }
        // Restored whole within half the deadline (a fast machine), or stopped with the reason.
        #expect(
            reasons.contains { $0.contains("took longer than half the launch deadline") || $0.contains("the app finished launching") },
            "\(reasons)")
        #expect(FileSystem.kind(of: archive) == .missing, "the archive was left behind")
        #expect(FileSystem.kind(of: desktop.stateDirectory + "/restoring") == .missing, "the restoration record was left behind")
    }
}
