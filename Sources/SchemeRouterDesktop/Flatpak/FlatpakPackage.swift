public import SchemeRouter
internal import SchemeRouterSender

/// What packaging a SchemeRouter app as a Flatpak needs: the desktop file to install in the app
/// (`/app/share/applications/<app id>.desktop`, with its `MimeType=` claims for the schemes and
/// the document types), the shared-mime-info package of the file types the app defines
/// (`/app/share/mime/packages/<app id>.xml`), and a flatpak-builder manifest that installs the
/// executables and those files, with the finish arguments the app needs (`schemectl flatpak`
/// writes them; Docs/Desktop.md, "Flatpak"). Flatpak exports both files to the host, because
/// their names start with the app id.
///
/// The app id is the app's bundle name: the sandboxed primary listens in
/// `$XDG_RUNTIME_DIR/app/<app id>/`, which host senders find through the exported desktop file's
/// `X-Flatpak` key, and its D-Bus door may own that name (and nothing else) in the sandbox.
/// No finish argument is needed for either: Flatpak shares that directory and lets an app own
/// its id by default; a graphical app adds the display sockets.
///
/// The executable should be the static PIE `scripts/release` builds: it carries the Swift runtime
/// and its C libraries, so any runtime will do (`org.freedesktop.Platform` by default).
public struct FlatpakPackage: Sendable, Hashable {
    /// The app id: the app's bundle name.
    public let appID: ReverseDNSName
    /// The executables to install in `/app/bin`, as absolute paths on the build machine; the
    /// first is the app (the Flatpak's `command`).
    public let executables: [String]
    /// The desktop file, whose `Exec` runs `/app/bin/<command> %u`, or `%U` for an app with
    /// document types (`flatpak build-finish` rewrites it to `flatpak run … --file-forwarding
    /// <app id> @@u %u @@` on export and adds `X-Flatpak=<app id>`). Its ``HandlerDesktopFile/documentTypes``
    /// and ``HandlerDesktopFile/exportedTypes`` are the app's, as `register` writes them.
    public let desktopFile: HandlerDesktopFile
    /// A windowed app: it gets the display sockets (``finishArguments``).
    public var graphical = false
    /// The runtime, its version and the SDK the manifest names.
    public var runtime = "org.freedesktop.Platform"
    public var runtimeVersion = "24.08"
    public var sdk = "org.freedesktop.Sdk"

    /// Describes the package.
    /// - Parameters:
    ///   - name: The bundle name, also the app id.
    ///   - schemes: The schemes the app handles (its desktop file's `MimeType=`).
    ///   - executable: The app's executable (absolute path on the build machine).
    ///   - otherExecutables: More executables for `/app/bin` (e.g. `schemectl`, for scripts run in
    ///     the sandbox).
    ///   - displayName: What choosers show (default: the bundle name).
    ///   - actions: The app's actions.
    ///   - documentTypes: The kinds of file the app opens (`CFBundleDocumentTypes`): those of rank
    ///     Owner, Default and Alternate join `MimeType=`, and `Exec` takes `%U`.
    ///   - exportedTypes: The file types the app defines (`UTExportedTypeDeclarations`), installed
    ///     as its shared-mime-info package (``mimePackage``).
    /// - Throws: ``FlatpakPackageError``: the bundle name is not a valid Flatpak app id, a path is
    ///   relative, a file name cannot go into `/app/bin`, or two executables share a name.
    public init(
        name: ReverseDNSName, schemes: [SchemeName], executable: String, otherExecutables: [String] = [],
        displayName: String? = nil, actions: [DesktopAction] = [], documentTypes: [DocumentType] = [],
        exportedTypes: [ExportedTypeDeclaration] = []
    ) throws(FlatpakPackageError) {
        guard Self.isValidAppID(name.rawValue) else { throw .invalidAppID(name.rawValue) }
        let all = [executable] + otherExecutables
        var names: Set<String> = []
        for path in all {
            guard path.hasPrefix("/") else { throw .relativeExecutable(path) }
            let file = Self.fileName(path)
            guard Self.isPlainFileName(file) else { throw .unusableFileName(path) }
            guard names.insert(file).inserted else { throw .duplicateName(file) }
        }
        appID = name
        executables = all
        do {
            var desktop = try HandlerDesktopFile(
                name: name, schemes: schemes, executable: Self.installedPath(executable), displayName: displayName)
            desktop.actions = actions
            desktop.documentTypes = documentTypes
            desktop.exportedTypes = exportedTypes
            desktopFile = desktop
        } catch {
            // `/app/bin/<plain file name>` is always a valid Exec program.
            preconditionFailure("\(error)")
        }
    }

    /// The Flatpak's `command`: the app executable's file name.
    public var command: String { Self.fileName(executables[0]) }

    /// The desktop file's name, `<app id>.desktop` (Flatpak exports only files named after the app).
    public var desktopFileName: String { "\(appID).desktop" }

    /// The desktop file's text.
    public var desktopFileText: String {
        desktopFile.text(comment: "Written by schemectl flatpak; installed as /app/share/applications/\(desktopFileName).")
    }

    /// The shared-mime-info package of the types the app defines, `nil` when it defines none.
    public var mimePackage: MimePackage? {
        desktopFile.exportedTypes.isEmpty ? nil : MimePackage(name: appID, types: desktopFile.exportedTypes)
    }

    /// The package's file name, `<app id>.xml` (Flatpak exports `share/mime/packages` files named after the app).
    public var mimePackageFileName: String { "\(appID).xml" }

    /// The package's text, `nil` when the app defines no type.
    public var mimePackageText: String? {
        mimePackage?.text(marker: "<!-- Written by schemectl flatpak; installed as /app/share/mime/packages/\(mimePackageFileName). -->")
    }

    /// The `finish-args`: none for a headless app (the shared runtime directory and the app's own
    /// bus name need no permission); `--share=ipc`, `--socket=fallback-x11` and `--socket=wayland`
    /// for a graphical one.
    public var finishArguments: [String] { graphical ? ["--share=ipc", "--socket=fallback-x11", "--socket=wayland"] : [] }

    /// The flatpak-builder manifest (JSON): one `simple` module installing the executables, the
    /// desktop file and, when the app defines types, its MIME package, `desktopFilePath` and
    /// `mimePackagePath` being where those files are on the build machine (relative paths are
    /// relative to the manifest). Debug information is not split out and nothing is stripped: the
    /// binaries are installed as built.
    public func builderManifest(desktopFilePath: String, mimePackagePath: String? = nil) -> JSONValue {
        var commands = executables.map { "install -Dm755 \(Self.fileName($0)) /app/bin/\(Self.fileName($0))" }
        commands.append("install -Dm644 \(desktopFileName) /app/share/applications/\(desktopFileName)")
        var sources: [JSONValue] = executables.map { .object([("type", .string("file")), ("path", .string($0))]) }
        sources.append(
            .object([("type", .string("file")), ("path", .string(desktopFilePath)), ("dest-filename", .string(desktopFileName))]))
        if mimePackage != nil {
            commands.append("install -Dm644 \(mimePackageFileName) /app/share/mime/packages/\(mimePackageFileName)")
            sources.append(.object([
                ("type", .string("file")), ("path", .string(mimePackagePath ?? mimePackageFileName)),
                ("dest-filename", .string(mimePackageFileName)),
            ]))
        }
        return .object([
            ("app-id", .string(appID.rawValue)),
            ("runtime", .string(runtime)),
            ("runtime-version", .string(runtimeVersion)),
            ("sdk", .string(sdk)),
            ("command", .string(command)),
            ("finish-args", .array(finishArguments.map(JSONValue.string))),
            ("build-options", .object([("no-debuginfo", .bool(true)), ("strip", .bool(false))])),
            ("modules", .array([
                .object([
                    ("name", .string(appID.rawValue)),
                    ("buildsystem", .string("simple")),
                    ("build-commands", .array(commands.map(JSONValue.string))),
                    ("sources", .array(sources)),
                ])
            ])),
        ])
    }

    /// Where an executable is inside the sandbox.
    static func installedPath(_ path: String) -> String { "/app/bin/" + fileName(path) }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
    }

    /// A name the build commands can use unquoted: letters, digits, `.`, `_`, `-`, not starting with `-` or `.`.
    private static func isPlainFileName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else { return false }
        return name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// Flatpak's rule for app ids (`flatpak_is_valid_name`): at least three `.`-separated
    /// elements of letters, digits, `_` and `-`, none empty or starting with a digit, at most 255 bytes.
    public static func isValidAppID(_ id: String) -> Bool { FlatpakSandbox.isValidAppID(id) }
}
