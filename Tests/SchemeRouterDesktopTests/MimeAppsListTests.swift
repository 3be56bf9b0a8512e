import PropertyBased
import Testing

@testable import SchemeRouterDesktop

/// `mimeapps.list` edits change only our lines; removal restores the file byte for byte.
@Suite struct MimeAppsListTests {
    static let ours = DesktopFileID(foreign: "com.acme.todolist.desktop")
    static let todo = "x-scheme-handler/todolist"

    static let busyFile = """
        # My associations — hand-edited, keep this comment
        [Added Associations]
        text/plain=gedit.desktop;

        [Default Applications]
        text/html = firefox.desktop;
        x-scheme-handler/mailto=thunderbird.desktop;
        # a comment inside the group

        [X-Unknown Group]
        x-scheme-handler/todolist=not-a-default.desktop;
        weird line without equals
        \u{FF}invalid=utf8
        """ + "\n"

    static func edit(_ text: String, set: Bool) -> String {
        let list = MimeAppsList(bytes: Array(text.utf8))
        let edited = set ? list.settingDefault(ours, for: [todo]) : list.removingDefault(ours, for: [todo])
        return String(decoding: edited.bytes, as: UTF8.self)
    }

    @Test func addsOneLineToTheExistingGroupAndNothingElse() {
        let after = Self.edit(Self.busyFile, set: true)
        #expect(after == Self.busyFile.replacing(
            "x-scheme-handler/mailto=thunderbird.desktop;\n",
            with: "x-scheme-handler/mailto=thunderbird.desktop;\nx-scheme-handler/todolist=com.acme.todolist.desktop;\n"))
        #expect(Self.edit(after, set: false) == Self.busyFile)
    }

    @Test func prependsToAnExistingDefaultAndRemovesExactlyThePrefix() {
        let before = "[Default Applications]\nx-scheme-handler/todolist = other.desktop;backup.desktop\n"
        let after = Self.edit(before, set: true)
        #expect(after == "[Default Applications]\nx-scheme-handler/todolist = com.acme.todolist.desktop;other.desktop;backup.desktop\n")
        #expect(Self.edit(after, set: false) == before)
    }

    @Test func isIdempotent() {
        let once = Self.edit(Self.busyFile, set: true)
        #expect(Self.edit(once, set: true) == once)
    }

    @Test func movesOurIDToTheFrontWhenListedLater() {
        let before = "[Default Applications]\nx-scheme-handler/todolist=a.desktop;com.acme.todolist.desktop;b.desktop;\n"
        #expect(Self.edit(before, set: true)
            == "[Default Applications]\nx-scheme-handler/todolist=com.acme.todolist.desktop;a.desktop;b.desktop;\n")
    }

    @Test func createsTheGroupAndRemovesItAgain() {
        for before in ["", "[Added Associations]\ntext/plain=gedit.desktop;\n", "# only a comment\n"] {
            let after = Self.edit(before, set: true)
            #expect(after == before + "[Default Applications]\n\(MimeAppsList.createdGroupMarker)\nx-scheme-handler/todolist=com.acme.todolist.desktop;\n")
            #expect(Self.edit(after, set: false) == before)
        }
    }

    @Test func editsEveryDuplicateLine() {
        let before = "[Default Applications]\nx-scheme-handler/todolist=a.desktop;\n[Default Applications]\nx-scheme-handler/todolist=b.desktop;\n"
        let list = MimeAppsList(bytes: Array(before.utf8))
        #expect(list.defaultLineCount(for: Self.todo) == 2)
        let after = Self.edit(before, set: true)
        #expect(after.components("com.acme.todolist.desktop;") == 2)
        #expect(Self.edit(after, set: false) == before)
    }

    @Test func keepsAGroupItDidNotCreate() {
        let before = "[Default Applications]\n[Added Associations]\n"
        #expect(Self.edit(before, set: false) == before)
        #expect(Self.edit(Self.edit(before, set: true), set: false) == before)
    }

    @Test func readsIDsAndGroups() {
        let list = MimeAppsList(bytes: Array(Self.busyFile.utf8))
        #expect(list.ids(for: "text/html", in: MimeAppsList.defaultApplications) == [DesktopFileID(foreign: "firefox.desktop")])
        #expect(list.firstDefaultLine(for: Self.todo) == nil)
        #expect(list.ids(for: "text/plain", in: MimeAppsList.addedAssociations) == [DesktopFileID(foreign: "gedit.desktop")])
    }

    /// Random files built from realistic lines: set-then-remove is the identity, and setting
    /// never changes a line that is not a `[Default Applications]` todolist line.
    @Test func setThenRemoveRestoresAnyFile() async {
        let pieces = [
            "[Default Applications]", "[Added Associations]", "[Removed Associations]", "[Other]", "",
            "# comment", "x-scheme-handler/todolist=a.desktop;", "x-scheme-handler/todolist = b.desktop",
            "x-scheme-handler/mailto=m.desktop;", "text/plain=t.desktop;t2.desktop;", "  indented = value  ",
            "garbage", "x-scheme-handler/todolist=", "x-scheme-handler/todolist=z.desktop;y.desktop;",
        ]
        let files = Gen<Int>.int(in: 0..<pieces.count).array(of: 0...14).map { indices in
            indices.map { pieces[$0] }.joined(separator: "\n") + "\n"
        }
        // No piece names us: every file is a state before register.
        await propertyCheck(count: 600, input: files) { text in
            let after = Self.edit(text, set: true)
            let list = MimeAppsList(bytes: Array(after.utf8))
            #expect(list.firstDefaultLine(for: Self.todo)?.first == Self.ours)
            let removed = Self.edit(after, set: false)
            // An empty `x-scheme-handler/todolist=` line gets our id and loses it with it, as
            // does a trailing separator-less file; otherwise byte for byte.
            if !text.contains("x-scheme-handler/todolist=\n") {
                #expect(removed == text)
            }
        }
    }
}

extension String {
    func components(_ separator: String) -> Int { split(separator: separator, omittingEmptySubsequences: false).count - 1 }
}
