import ArgumentParser
import Glibc
import SchemeRouter
import SchemeRouterDesktop
import SchemeRouterPlatform
import SchemeRouterSender

/// `schemectl flatpak`: what flatpak-builder needs to package an app as a Flatpak.
struct Flatpak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flatpak",
        abstract: "Write the desktop file and flatpak-builder manifest that package an app as a Flatpak.",
        discussion: """
            Writes into --output (default: the current directory): <CFBundleURLName>.desktop, the \
            handler desktop file with the manifest's MimeType= claims as register writes them \
            (x-scheme-handler/<scheme>; and the MIME types of the document types of rank Owner, Default \
            or Alternate), Exec=/app/bin/<executable> %u (%U with document types) and \
            X-SchemeRouter-BundleName; <CFBundleURLName>.xml, the shared-mime-info package of the types \
            the app defines (UTExportedTypeDeclarations), when it defines any; and \
            <CFBundleURLName>.json, a flatpak-builder manifest whose app-id is the bundle name, whose \
            command is the executable, and whose one module installs the executables into /app/bin, the \
            desktop file into /app/share/applications and the package into /app/share/mime/packages \
            (Flatpak exports both to the host: their names start with the app id). Build and install it with:
              flatpak-builder --user --install build-dir <output>/<CFBundleURLName>.json

            On export Flatpak rewrites Exec to `flatpak run ... --file-forwarding <app id> @@u %u @@` \
            and adds X-Flatpak=<app id>: host senders (schemectl open, URLOpener, the app's own \
            invocation) then wake the sandboxed primary in $XDG_RUNTIME_DIR/app/<app id>/, and the app \
            sends URLs to other apps through the OpenURI portal (see Docs/Desktop.md, "Flatpak").

            finish-args: none for a headless app (the shared runtime directory and owning its own bus \
            name need no permission); --gui adds --share=ipc, --socket=fallback-x11, --socket=wayland. \
            Ship the static PIE of scripts/release (it needs no Swift runtime in the sandbox, so any \
            runtime works; --runtime, --runtime-version and --sdk name it).

            Exit status: 0 written; 64 usage error (a relative or unusable executable name, two \
            executables of one name); 65 invalid manifest, or its bundle name is not a valid Flatpak app \
            id (at least three parts); 66 manifest unreadable, or an executable missing; 74 a file could \
            not be written.
            """
    )

    @Argument(help: "The app's manifest (e.g. Examples/TodoList/Schemes/todolist.json; an installed app prints its own with --manifest).")
    var manifest: String
    @Option(help: "The app's executable, installed as /app/bin/<its name> (a relative path is taken from the current directory).")
    var executable: String
    @Option(help: "Another executable for /app/bin (repeatable), e.g. schemectl for scripts run in the sandbox.")
    var include: [String] = []
    @Option(help: "Where to write the files.") var output = "."
    @Option(help: "What desktop choosers show (default: the CFBundleURLName).") var displayName: String?
    @Flag(help: "A windowed app: add the display finish-args.") var gui = false
    @Option(help: "The runtime the manifest names.") var runtime = "org.freedesktop.Platform"
    @Option(help: "The runtime's version.") var runtimeVersion = "24.08"
    @Option(help: "The SDK the manifest names.") var sdk = "org.freedesktop.Sdk"
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let loaded: Manifest
        do {
            loaded = try Manifest(json: try ManifestFiles.read(manifest), file: manifest)
            _ = try SchemeDeclaration(loaded)
        } catch let error as ManifestFiles.Unreadable {
            throw DesktopErrorOutput.fail(error.description, code: "unreadable", status: ExitStatus.cannotRead.code, json: json)
        } catch {
            throw DesktopErrorOutput.fail("\(error)", code: "invalid-manifest", status: ExitStatus.invalidInput.code, json: json)
        }
        let executables = ([executable] + include).map(Register.absolute)
        for path in executables where !FileSystem.isExecutableFile(path) {
            throw DesktopErrorOutput.fail(
                "\(path) does not exist or is not an executable file", code: "exec-unusable", status: ExitStatus.cannotRead.code, json: json)
        }
        var package: FlatpakPackage
        do {
            package = try FlatpakPackage(
                name: loaded.name, schemes: loaded.schemes, executable: executables[0], otherExecutables: Array(executables.dropFirst()),
                displayName: displayName, actions: loaded.actions.map { DesktopAction(id: $0.name, title: $0.title) },
                documentTypes: loaded.documentTypes, exportedTypes: loaded.exportedTypes)
        } catch {
            let status = error == .invalidAppID(loaded.name.rawValue) ? ExitStatus.invalidInput.code : ExitStatus.usage.code
            throw DesktopErrorOutput.fail(error.description, code: "unpackageable", status: status, json: json)
        }
        package.graphical = gui
        package.runtime = runtime
        package.runtimeVersion = runtimeVersion
        package.sdk = sdk
        let directory = Register.absolute(output)
        let desktopPath = directory + "/" + package.desktopFileName
        let manifestPath = directory + "/\(package.appID).json"
        let mimePackagePath = package.mimePackageText.map { _ in directory + "/" + package.mimePackageFileName }
        do {
            try FileSystem.makeDirectories(directory)
            try FileSystem.writeAtomically(Array(package.desktopFileText.utf8), to: desktopPath, mode: 0o644)
            if let mimePackagePath, let text = package.mimePackageText {
                try FileSystem.writeAtomically(Array(text.utf8), to: mimePackagePath, mode: 0o644)
            }
            // The manifest names the other files by their own names: they stay side by side.
            let text = package.builderManifest(desktopFilePath: package.desktopFileName).text + "\n"
            try FileSystem.writeAtomically(Array(text.utf8), to: manifestPath, mode: 0o644)
        } catch {
            throw DesktopErrorOutput.fail(error.description, code: "io", status: ExitStatus.cannotWrite.code, json: json)
        }
        if json {
            FlatpakOutput(
                appID: package.appID.rawValue, builderManifest: manifestPath, desktopFile: desktopPath, command: package.command,
                finishArgs: package.finishArguments, mimeTypes: package.desktopFile.mimeTypes, mimePackage: mimePackagePath
            ).printJSON()
        } else {
            let types = package.desktopFile.exportedTypes.map(\.identifier.rawValue).joined(separator: ", ")
            print("""
                wrote \(manifestPath)
                wrote \(desktopPath) (\(package.desktopFile.mimeTypes.joined(separator: ", ")))
                \(mimePackagePath.map { "wrote \($0) (\(types))\n" } ?? "")\
                  app id \(package.appID), command /app/bin/\(package.command), finish-args: \
                \(package.finishArguments.isEmpty ? "none needed" : package.finishArguments.joined(separator: " "))
                build and install: flatpak-builder --user --install build-dir \(manifestPath)
                """)
        }
    }
}
