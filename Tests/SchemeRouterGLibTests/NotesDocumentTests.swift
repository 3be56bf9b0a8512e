import SchemeRouterPlatform
import Glibc
import Testing

@testable import SchemeRouterDesktop

/// Notes' `.note` document type in a real Xvfb with openbox: a `.note` file (UTF-8, its first
/// line the title) opens in a note window of its own, a new scene, cold or on a wake; the same
/// file again brings its window back; a file Notes cannot read as a note fails by name.
@Suite(.serialized) struct NotesDocumentTests {
    /// Writes a `.note` file under the desktop's home and returns its path.
    private func note(_ name: String, _ text: String, in desktop: NotesDesktop) throws -> String {
        let path = desktop.root + "/home/" + name
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
        return path
    }

    /// The `willConnect` lines of the trace so far, once there are `count`.
    private func connections(_ count: Int, _ desktop: NotesDesktop) -> [String]? {
        desktop.hookLines { lines in lines.count { $0.contains("\"hook\": \"willConnect\"") } >= count }?
            .filter { $0.contains("\"hook\": \"willConnect\"") }
    }

    @Test func aNoteFileLaunchesNotesInItsOwnWindow() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        let path = try note("Groceries.note", "Groceries\nmilk\neggs\n", in: desktop)
        let run = try desktop.run(desktop.notes, [path])
        #expect(run.termination == .exited(0), "\(run.standardErrorText)")
        #expect(try desktop.window(titled: "Groceries") != nil, "no window titled by the note's first line")
        let connected = try #require(connections(1, desktop))
        #expect(connected.count == 1)
        #expect(connected.first?.contains("file://\(desktop.root)/home/Groceries.note") == true, "\(connected)")
        #expect(try desktop.visibleWindowTitles() == ["Groceries"])
    }

    @Test func aNoteFileOnAWakeOpensANewWindowAndAgainBringsItBack() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        #expect(try desktop.run(desktop.notes, ["notes://new?title=Alpha"]).termination == .exited(0))
        #expect(try desktop.window(titled: "Alpha") != nil)
        // CRLF line ends, a name with a space, reached through a relative `..`.
        let path = try note("Trip plan.note", "Trip to Porto\r\nbook the train\r\n", in: desktop)
        let opened = try desktop.run(desktop.notes, [desktop.root + "/home/../home/Trip plan.note"])
        #expect(opened.termination == .exited(0), "\(opened.standardErrorText)")
        #expect(try desktop.window(titled: "Trip to Porto") != nil, "no window for the file")
        // An empty first line: the file's name is the title.
        let untitled = try note("Untitled idea.note", "\nsomething\n", in: desktop)
        #expect(try desktop.run(desktop.notes, ["file://" + untitled.replacing(" ", with: "%20")]).termination == .exited(0))
        #expect(try desktop.window(titled: "Untitled idea") != nil)
        let connected = try #require(connections(3, desktop))
        #expect(desktop.sessions(connected) == ["scene-1", "scene-2", "scene-3"], "each file in a new scene")
        #expect(connected[1].contains("file://\(desktop.root)/home/Trip%20plan.note"), "the canonical URL: \(connected[1])")

        // The same file again: its window, not a new one.
        #expect(try desktop.run(desktop.notes, [path]).termination == .exited(0))
        #expect(try desktop.run(desktop.notes, ["--quit"]).termination == .exited(0))
        let ended = try #require(desktop.traceLines(containing: "willTerminate"))
        #expect(ended.count { $0.contains("\"hook\": \"willConnect\"") } == 3, "\(ended)")
        let reopened = ended.filter { $0.contains("\"hook\": \"openURLContexts\"") }
        #expect(desktop.sessions(reopened) == ["scene-2"], "the file's own window got it: \(reopened)")
    }

    @Test func aNoteFileNotesCannotReadFailsByNameAndABadFileIsRefusedBeforeAnyHook() throws {
        let desktop = try NotesDesktop()
        defer { desktop.stop() }
        let latin1 = desktop.root + "/home/Café.note"
        try FileSystem.writeAtomically([0x43, 0x61, 0x66, 0xE9, 0x0A], to: latin1)
        let failed = try desktop.run(desktop.notes, [latin1])
        #expect(failed.termination == .exited(3), "open threw: \(failed.standardErrorText)")
        #expect(failed.standardErrorText.contains("Café.note: not UTF-8 text"), "\(failed.standardErrorText)")
        // Refused by SchemeRouter before any hook: a directory, and a file of no declared type.
        mkdir(desktop.root + "/home/Folder.note", 0o755)
        try FileSystem.writeAtomically(Array("x\n".utf8), to: desktop.root + "/home/list.txt")
        let hooks = desktop.hooks(desktop.traceLines(containing: "")?.filter { $0.hasPrefix("{\"hook\"") } ?? [])
        for (path, message) in [
            (desktop.root + "/home/Folder.note", "a directory, not a regular file"),
            (desktop.root + "/home/list.txt", "'list.txt' is of no document type the app declares (Note: *.note)"),
        ] {
            let refused = try desktop.run(desktop.notes, [path])
            #expect(refused.termination == .exited(2), "\(refused.standardErrorText)")
            #expect(refused.standardErrorText.contains(message), "\(refused.standardErrorText)")
        }
        let after = desktop.hooks(desktop.traceLines(containing: "")?.filter { $0.hasPrefix("{\"hook\"") } ?? [])
        #expect(after == hooks, "no hook ran for a refused file")
    }
}
