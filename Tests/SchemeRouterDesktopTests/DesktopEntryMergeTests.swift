import PropertyBased
import SchemeRouter
import Testing

@testable import SchemeRouterDesktop

/// The app owns its desktop file: merging adds only the managed keys, keeps every other byte,
/// names a conflicting key with its line, and merging again changes nothing.
@Suite struct DesktopEntryMergeTests {
    static let executable = "/opt/readlater/bin/readlater"

    static func handler(
        schemes: [String] = ["readlater"], displayName: String? = nil, busActivatable: Bool = false, actions: [DesktopAction] = []
    ) throws -> HandlerDesktopFile {
        var handler = try HandlerDesktopFile(
            name: ReverseDNSName("com.acme.readlater"), schemes: schemes.map { try SchemeName($0) }, executable: executable,
            displayName: displayName)
        handler.busActivatable = busActivatable
        handler.actions = actions
        return handler
    }

    static func merge(_ text: String, _ handler: HandlerDesktopFile) throws -> String {
        try handler.merged(into: DesktopFile(text: text)).text
    }

    @Test func addsOnlyTheManagedKeysAndKeepsEverythingElse() throws {
        let merged = try Self.merge(DesktopFileTests.rich, Self.handler(actions: [DesktopAction(id: "add", title: "Add a Link")]))
        #expect(merged == """
            # Written by schemectl register; `schemectl unregister com.acme.readlater` removes it.
            # ReadLater's desktop entry
            [Desktop Entry]
            Type=Application
            Version=1.5
            Name=ReadLater
            Name[de]=Später lesen
            Name[sr@latin]=Čitaj kasnije
            Name[de_DE.UTF-8@euro]=Später
            GenericName = Reading list
            Comment=Keep links;\\sread them later\\n(offline)
            Icon=com.acme.readlater
            Categories=Network;Office;
            Keywords=read;later;bookmark\\;s;
            MimeType=text/x-readlater;x-scheme-handler/readlater;
            Actions=new-window;add;
            X-Acme-Build=42
            Exec=/opt/readlater/bin/readlater %u
            StartupNotify=true
            X-SchemeRouter-BundleName=com.acme.readlater
            X-SchemeRouter-Added=Exec;StartupNotify;MimeType=x-scheme-handler/readlater;Actions=add;X-SchemeRouter-BundleName;[Desktop Action add];

            [Desktop Action new-window]
            Name=New Window
            Exec=/usr/bin/readlater --new-window

            # vendor extension
            [X-Acme Settings]
            Theme=dark

            [Desktop Action add]
            Name=Add a Link
            Exec=/opt/readlater/bin/readlater

            """)
    }

    @Test func mergingAgainChangesNothing() throws {
        let handler = try Self.handler(busActivatable: true, actions: [DesktopAction(id: "add", title: "Add")])
        let once = try Self.merge(DesktopFileTests.rich, handler)
        #expect(try Self.merge(once, handler) == once)
        #expect(try Self.merge(handler.text, handler) == handler.text)
    }

    @Test func aDroppedSchemeOrFlagLeavesNoTrace() throws {
        let app = "[Desktop Entry]\nName=ReadLater\nMimeType=text/x-readlater;\n"
        let before = try Self.merge(app, Self.handler(schemes: ["readlater", "rl"], busActivatable: true, actions: [.init(id: "add", title: "Add")]))
        #expect(before.contains("MimeType=text/x-readlater;x-scheme-handler/readlater;x-scheme-handler/rl;\n"))
        #expect(before.contains("DBusActivatable=true\n"))
        let after = try Self.merge(before, Self.handler())
        #expect(after == (try Self.merge(app, Self.handler())))
        #expect(!after.contains("rl;") && !after.contains("DBusActivatable") && !after.contains("Action add"))
    }

    @Test func mimeTypesAreAUnionWithoutDuplicates() throws {
        let app = "[Desktop Entry]\nName=R\nMimeType=text/x-readlater;X-Scheme-Handler/ReadLater;text/plain\n"
        let merged = try Self.merge(app, Self.handler(schemes: ["readlater", "rl"]))
        #expect(merged.contains("\nMimeType=text/x-readlater;X-Scheme-Handler/ReadLater;text/plain;x-scheme-handler/rl;\n"))
        #expect(merged.contains("X-SchemeRouter-Added=Type;Exec;StartupNotify;MimeType=x-scheme-handler/rl;X-SchemeRouter-BundleName;\n"))
    }

    @Test func theAppsOwnValuesOfManagedKeysStayWhenTheyAgree() throws {
        let app = """
            [Desktop Entry]
            Name=ReadLater
            Exec=/opt/readlater/bin/readlater %u
            StartupNotify=true
            DBusActivatable=false
            StartupWMClass=com.acme.readlater
            TryExec=/opt/readlater/bin/readlater
            Hidden=false
            Type=Application

            """
        let merged = try Self.merge(app, Self.handler())
        #expect(merged == """
            # Written by schemectl register; `schemectl unregister com.acme.readlater` removes it.
            \(app.dropLast())
            MimeType=x-scheme-handler/readlater;
            X-SchemeRouter-BundleName=com.acme.readlater
            X-SchemeRouter-Added=MimeType=x-scheme-handler/readlater;X-SchemeRouter-BundleName;

            """)
    }

    @Test(arguments: [
        ("Exec=readlater %U", "Exec"),
        ("DBusActivatable=true", "DBusActivatable"),
        ("StartupNotify=false", "StartupNotify"),
        ("Type=Link", "Type"),
        ("Hidden=true", "Hidden"),
        ("StartupWMClass=ReadLater", "StartupWMClass"),
        ("TryExec=readlater", "TryExec"),
        ("X-GIO-NoFuse=true", "X-GIO-NoFuse"),
        ("X-SchemeRouter-BundleName=org.other.app", "X-SchemeRouter-BundleName"),
    ])
    func aConflictingKeyIsNamedWithItsLine(line: String, key: String) throws {
        let app = "# comment\n[Desktop Entry]\nName=ReadLater\nIcon=x\n\(line)\nCategories=Office;\n"
        do {
            _ = try Self.merge(app, Self.handler())
            Issue.record("\(line) was accepted")
        } catch let error as DesktopFileError {
            guard case .conflictingKey(let number, let named, let found, _, _) = error else {
                Issue.record("expected a conflict, got \(error)")
                return
            }
            #expect(number == 5)
            #expect(named == key)
            #expect(line == "\(key)=\(found)")
            #expect(error.located(in: "app.desktop").hasPrefix("app.desktop:5: \(line) conflicts with SchemeRouter, which needs "))
        }
    }

    @Test func dbusActivatableIsTheFlags() throws {
        let app = "[Desktop Entry]\nName=R\nDBusActivatable=true\n"
        #expect(try Self.merge(app, Self.handler(busActivatable: true)).contains("\nDBusActivatable=true\n"))
        #expect(throws: DesktopFileError.self) { try Self.merge(app, Self.handler(busActivatable: false)) }
    }

    @Test func theDisplayNameFillsAMissingNameAndMustAgreeWhenGiven() throws {
        #expect(try Self.merge("[Desktop Entry]\nIcon=x\n", Self.handler()).contains("\nName=com.acme.readlater\n"))
        #expect(try Self.merge("[Desktop Entry]\nIcon=x\n", Self.handler(displayName: "Read Later")).contains("\nName=Read Later\n"))
        #expect(try Self.merge("[Desktop Entry]\nName=Mine\n", Self.handler()).contains("\nName=Mine\n"))
        #expect(try Self.merge("[Desktop Entry]\nName=Mine\n", Self.handler(displayName: "Mine")).contains("\nName=Mine\n"))
        #expect(throws: DesktopFileError.self) { try Self.merge("[Desktop Entry]\nName=Mine\n", Self.handler(displayName: "Other")) }
        // Changing --display-name between two registers is not a conflict with the first one's.
        let first = try Self.merge("[Desktop Entry]\nIcon=x\n", Self.handler(displayName: "A"))
        #expect(try Self.merge(first, Self.handler(displayName: "B")).contains("\nName=B\n"))
    }

    @Test func anActionGroupOfTheAppsOwnIsKept() throws {
        let app = "[Desktop Entry]\nName=R\nActions=add;\n\n[Desktop Action add]\nName=Add\nName[de]=Hinzufügen\nExec=/usr/bin/r --add\n"
        let merged = try Self.merge(app, Self.handler(actions: [DesktopAction(id: "add", title: "Add a Link")]))
        #expect(merged.hasSuffix("X-SchemeRouter-Added=Type;Exec;StartupNotify;MimeType=x-scheme-handler/readlater;X-SchemeRouter-BundleName;\n\n[Desktop Action add]\nName=Add\nName[de]=Hinzufügen\nExec=/usr/bin/r --add\n"))
    }

    /// Every managed key is in the one list, each once.
    @Test func theManagedKeysAreOneList() throws {
        let keys = try Self.handler().managedKeys.map(\.key)
        #expect(keys == [
            "Type", "Name", "Exec", "TryExec", "DBusActivatable", "StartupNotify", "StartupWMClass", "X-GIO-NoFuse", "Hidden", "MimeType",
            "Actions", "X-SchemeRouter-Owns", "X-SchemeRouter-BundleName",
        ])
    }

    // MARK: - Properties

    /// Realistic app entries: any of them merges, merging again is the identity, the app's lines
    /// survive in order (a list line extended at its end), and taking the additions away gives
    /// the app's entry back but for list lines that lacked their final `;`.
    @Test func anyEntryMergesOnceAndKeepsItsLines() async throws {
        let handler = try Self.handler(schemes: ["readlater", "rl"], actions: [DesktopAction(id: "add", title: "Add")])
        await propertyCheck(count: 400, input: DesktopFileTests.validFiles) { lines in
            let app = DesktopFile(lines: lines)
            let merged: DesktopFile
            do throws(DesktopFileError) {
                merged = try handler.merged(into: app)
            } catch {
                // Only an app's own value of a managed key (the generated Exec) may stop the merge.
                guard case .conflictingKey(_, let key, _, _, _) = error else { throw error }
                #expect(handler.managedKeys.contains { $0.key == key })
                return
            }
            #expect(try handler.merged(into: merged) == merged)
            var remaining = merged.lines[...]
            for line in app.lines {
                guard let index = remaining.firstIndex(where: { Self.extends($0, line) }) else {
                    Issue.record("\(line.text) is missing from\n\(merged.text)")
                    return
                }
                remaining = remaining[(index + 1)...]
            }
            let stripped = merged.removingAdditions(comment: handler.comment)
            #expect(stripped.lines.count == app.lines.count)
        }
    }

    /// `merged` is `original`, or the same list entry with elements added at its end.
    static func extends(_ merged: DesktopFile.Line, _ original: DesktopFile.Line) -> Bool {
        guard merged != original else { return true }
        guard case .entry(let after) = merged, case .entry(let before) = original,
            after.key == before.key, after.locale == before.locale, after.locale == nil, ["MimeType", "Actions"].contains(after.key)
        else { return false }
        return after.value.hasPrefix(before.value)
    }
}
