import Glibc
import Testing

import SchemeRouterPlatform

/// An app with document types packaged by `schemectl flatpak` and built by flatpak-builder
/// (LoadProbe: `.probedoc`, a type it defines and owns, and an Alternate type): Flatpak exports
/// its desktop file with the types' `MimeType=` claims and its shared-mime-info package, and the
/// host's MIME database then knows the type it defines.
@Suite("Flatpak: an app's document types are exported to the host", .serialized)
struct FlatpakDocumentTypesTests {
    @Test("the exported desktop file claims the document types with %U; the MIME package is exported and compiled for host launchers")
    func documentTypesAreExported() throws {
        let runtime = try FlatpakRuntime.require()
        let repository = try LoadProbeFlatpak.repository(runtime)
        let world = try FlatpakWorld(appID: LoadProbeFlatpak.appID, runtime: runtime)
        defer { world.tearDown() }
        try world.install(from: repository)

        let exported = FileWatch.read(world.exportedDesktopFile)
        #expect(exported.contains("\nMimeType=x-scheme-handler/loadprobe;application/x-loadprobe-document;text/x-loadprobe-log;\n"), "\(exported)")
        #expect(exported.contains("--file-forwarding org.schemerouter.loadprobe @@u %U @@"), "\(exported)")
        let package = FileWatch.read(world.userInstallation + "/exports/share/mime/packages/org.schemerouter.loadprobe.xml")
        // Flatpak rewrites the package on export: each glob weighs 5, below the default 50, so a
        // sandboxed app cannot take an extension the host's own types claim.
        #expect(package.contains("<mime-type type=\"application/x-loadprobe-document\">")
            && package.contains("<glob pattern=\"*.probedoc\" weight=\"5\"/>"), "\(package)")

        // Flatpak compiles the exported packages (its mime-database trigger): gio on the host, with the
        // exports in XDG_DATA_DIRS, types a .probedoc file by name.
        let file = world.root + "/list.probedoc"
        try FileSystem.writeAtomically(Array("first\n".utf8), to: file)
        let info = try world.run("gio", ["info", "--attributes=standard::content-type", file])
        #expect(info.standardOutputText.contains("standard::content-type: application/x-loadprobe-document"), "\(info.standardOutputText)\(info.standardErrorText)")
    }
}
