import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// The default-handler lookup in the MIME Applications Associations specification's order, on
/// files in a throwaway home (and, where xdg-mime implements the same rule, checked against it).
@Suite struct DesktopDatabaseTests {
    static let mime = "x-scheme-handler/todolist"

    static func app(_ name: String, mime: String? = DesktopDatabaseTests.mime, extra: String = "") -> String {
        "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %u\n"
            + (mime.map { "MimeType=\($0);\n" } ?? "") + extra
    }

    static func defaultID(_ sandbox: Sandbox) -> String? { sandbox.database.defaultHandler(for: mime)?.file.id.rawValue }

    @Test func configHomeBeatsConfigDirsBeatsDataDirs() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for name in ["a", "b", "c"] { try sandbox.write(Self.app(name), to: sandbox.systemApplications + "/\(name).desktop") }
        try sandbox.write("[Default Applications]\n\(Self.mime)=c.desktop;\n", to: sandbox.systemApplications + "/mimeapps.list")
        #expect(Self.defaultID(sandbox) == "c.desktop")
        try sandbox.write("[Default Applications]\n\(Self.mime)=b.desktop;\n", to: sandbox.systemConfig + "/mimeapps.list")
        #expect(Self.defaultID(sandbox) == "b.desktop")
        try sandbox.write("[Default Applications]\n\(Self.mime)=a.desktop;\n", to: sandbox.mimeAppsList)
        let handler = try #require(sandbox.database.defaultHandler(for: Self.mime))
        #expect(handler.file.id.rawValue == "a.desktop")
        #expect(handler.source == .defaultApplications(list: sandbox.mimeAppsList))
        let xdg = try sandbox.run("xdg-mime", ["query", "default", Self.mime])
        #expect(xdg.standardOutputText == "a.desktop\n")
    }

    @Test func desktopSpecificListComesFirst() throws {
        let sandbox = try Sandbox(extra: ["XDG_CURRENT_DESKTOP": "KDE-ish:X-Test"])
        defer { sandbox.remove() }
        for name in ["a", "b"] { try sandbox.write(Self.app(name), to: sandbox.systemApplications + "/\(name).desktop") }
        try sandbox.write("[Default Applications]\n\(Self.mime)=a.desktop;\n", to: sandbox.mimeAppsList)
        try sandbox.write("[Default Applications]\n\(Self.mime)=b.desktop;\n", to: sandbox.configHome + "/x-test-mimeapps.list")
        #expect(Self.defaultID(sandbox) == "b.desktop")
    }

    @Test func skipsMissingUnassociatedAndRemovedIDs() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write(Self.app("other", mime: "text/plain"), to: sandbox.systemApplications + "/other.desktop")
        try sandbox.write(Self.app("removed"), to: sandbox.systemApplications + "/removed.desktop")
        try sandbox.write(Self.app("hidden", extra: "Hidden=true\n"), to: sandbox.userApplications + "/hidden.desktop")
        try sandbox.write(Self.app("hidden"), to: sandbox.systemApplications + "/hidden.desktop")
        try sandbox.write(Self.app("good"), to: sandbox.systemApplications + "/good.desktop")
        try sandbox.write(
            "[Default Applications]\n\(Self.mime)=missing.desktop;other.desktop;removed.desktop;hidden.desktop;good.desktop;\n"
                + "[Removed Associations]\n\(Self.mime)=removed.desktop;\n",
            to: sandbox.mimeAppsList)
        #expect(Self.defaultID(sandbox) == "good.desktop")
    }

    /// A file's [Removed Associations] apply to its own defaults and later files, never to earlier files.
    @Test func removalsApplyOnlyToLaterFiles() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for name in ["a", "b"] { try sandbox.write(Self.app(name), to: sandbox.systemApplications + "/\(name).desktop") }
        try sandbox.write("[Default Applications]\n\(Self.mime)=a.desktop;\n", to: sandbox.mimeAppsList)
        try sandbox.write("[Removed Associations]\n\(Self.mime)=a.desktop;\n", to: sandbox.systemConfig + "/mimeapps.list")
        #expect(Self.defaultID(sandbox) == "a.desktop")
        try sandbox.write(
            "[Removed Associations]\n\(Self.mime)=b.desktop;\n[Default Applications]\n\(Self.mime)=a.desktop;\n",
            to: sandbox.mimeAppsList)
        try sandbox.write("[Default Applications]\n\(Self.mime)=b.desktop;\n", to: sandbox.systemConfig + "/mimeapps.list")
        try FileSystem.remove(sandbox.systemApplications + "/a.desktop")
        // a is gone; b is the next file's default but the first file removed it: mimeinfo/desktop scan has none left.
        #expect(Self.defaultID(sandbox) == nil)
    }

    @Test func fallsBackToAddedAssociationsThenMimeInfoCache() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write(Self.app("cached"), to: sandbox.systemApplications + "/cached.desktop")
        try sandbox.write(Self.app("added", mime: nil), to: sandbox.systemApplications + "/added.desktop")
        try sandbox.write("[MIME Cache]\n\(Self.mime)=cached.desktop;\n", to: sandbox.systemApplications + "/mimeinfo.cache")
        #expect(sandbox.database.defaultHandler(for: Self.mime)?.source
            == .mimeInfoCache(path: sandbox.systemApplications + "/mimeinfo.cache"))
        #expect(Self.defaultID(sandbox) == "cached.desktop")
        try sandbox.write("[Added Associations]\n\(Self.mime)=added.desktop;\n", to: sandbox.mimeAppsList)
        #expect(Self.defaultID(sandbox) == "added.desktop")
    }

    @Test func scansDesktopFilesWhereThereIsNoCache() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write(Self.app("plain"), to: sandbox.systemApplications + "/plain.desktop")
        #expect(sandbox.database.defaultHandler(for: Self.mime)?.source == .desktopFile)
    }

    @Test func resolvesDashedIDsIntoSubdirectoriesAndHonoursPrecedence() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write(Self.app("vendored"), to: sandbox.systemApplications + "/acme/todo.desktop")
        let file = try #require(sandbox.database.desktopFile(DesktopFileID(foreign: "acme-todo.desktop")))
        #expect(file.path == sandbox.systemApplications + "/acme/todo.desktop")
        #expect(sandbox.database.claimants(of: Self.mime).map(\.id.rawValue) == ["acme-todo.desktop"])
        // The same id in XDG_DATA_HOME shadows the system one.
        try sandbox.write(Self.app("mine"), to: sandbox.userApplications + "/acme-todo.desktop")
        #expect(sandbox.database.desktopFile(DesktopFileID(foreign: "acme-todo.desktop"))?.entry.name == "mine")
        #expect(sandbox.database.claimants(of: Self.mime).count == 1)
    }
}
