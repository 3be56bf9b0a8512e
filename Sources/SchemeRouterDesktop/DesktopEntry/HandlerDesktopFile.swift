public import SchemeRouter

/// What SchemeRouter needs in a SchemeRouter app's desktop file: its id, the schemes and document
/// types it handles, the executable that receives every URL and file as one argument, and how
/// launchers reach it.
///
/// The app owns the rest of the file. ``merged(into:)`` takes the app's own entry (its `Name`,
/// `Icon`, `Categories`, `Actions`, localized keys, comments, other groups — anything) and adds
/// the ``managedKeys``, keeping every other byte; an app value that contradicts one is a
/// ``DesktopFileError/conflictingKey(line:key:found:required:reason:)``. Without an entry of the
/// app's, ``text`` is the merge into a minimal one (`NoDisplay=true`: a handler, not a menu item):
///
/// ```
/// # Written by schemectl register; `schemectl unregister com.acme.todolist` removes it.
/// [Desktop Entry]
/// Type=Application
/// Version=1.0
/// Terminal=false
/// NoDisplay=true
/// Name=com.acme.todolist
/// Exec=/usr/local/bin/todolist %u
/// StartupNotify=true
/// MimeType=x-scheme-handler/todolist;
/// X-SchemeRouter-BundleName=com.acme.todolist
/// X-SchemeRouter-Added=Name;Exec;StartupNotify;MimeType=x-scheme-handler/todolist;X-SchemeRouter-BundleName;
/// ```
public struct HandlerDesktopFile: Sendable, Hashable {
    /// The app's bundle name; the file's id is `<name>.desktop`.
    public let name: ReverseDNSName
    /// The schemes the app handles.
    public let schemes: [SchemeName]
    /// The absolute path of the app's executable.
    public let executable: String
    /// What desktop menus and choosers would call the app (the `Name` key) when the app's own
    /// entry names it no other way.
    public let displayName: String
    /// Whether ``displayName`` was given (then the app's own `Name` must agree with it).
    let namesItself: Bool
    /// Whether launchers call the app's `org.freedesktop.Application` on the session bus
    /// instead of running `Exec` (`DBusActivatable=true`, see Docs/DBus.md).
    public var busActivatable = false
    /// The app's actions (`Actions=` and one `[Desktop Action …]` group each).
    public var actions: [DesktopAction] = []
    /// The kinds of file the app opens (`CFBundleDocumentTypes`): the MIME types of those it
    /// advertises join `MimeType`, those of rank Owner get the app as their default, and `Exec`
    /// takes `%U` (launchers may pass several files, or URLs, to one invocation).
    public var documentTypes: [DocumentType] = []
    /// The file types the app defines (`UTExportedTypeDeclarations`): `register` writes them into
    /// the app's shared-mime-info package (``MimePackage``).
    public var exportedTypes: [ExportedTypeDeclaration] = []

    /// Describes the file.
    /// - Parameters:
    ///   - name: The app's bundle name (`CFBundleURLName`).
    ///   - schemes: The URL schemes it handles.
    ///   - executable: The absolute path of its executable.
    ///   - displayName: The `Name` (default: the bundle name). Given, the app's own entry may not
    ///     name the app otherwise.
    /// - Throws: ``ExecLineError`` when `executable` is relative or cannot be written in an `Exec` line.
    public init(name: ReverseDNSName, schemes: [SchemeName], executable: String, displayName: String? = nil)
        throws(ExecLineError)
    {
        try ExecLine.checkExecutable(executable)
        self.name = name
        self.schemes = schemes
        self.executable = executable
        let display = displayName ?? ""
        namesItself = !display.isEmpty
        // `Name` is one line: control characters other than those escaped become spaces.
        self.displayName = String(String.UnicodeScalarView((display.isEmpty ? name.rawValue : display).unicodeScalars.map {
            ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F ? " " : $0
        }))
    }

    /// `<name>.desktop`.
    public var id: DesktopFileID { DesktopFileID(name) }

    /// The MIME types the file claims (`MimeType`): `x-scheme-handler/<scheme>` for each scheme,
    /// then those of the document types the app advertises (every rank but None), each once.
    public var mimeTypes: [String] {
        var result = schemes.map { Self.mimeType(for: $0) }
        for type in documentTypes where type.rank.isAdvertised {
            for mimeType in type.mimeTypes where !result.contains(mimeType.rawValue) { result.append(mimeType.rawValue) }
        }
        return result
    }

    /// The MIME types of the document types of rank Owner, each once: `register` makes the app
    /// their default, as it does for the schemes.
    public var ownedMimeTypes: [String] {
        var result: [String] = []
        for type in documentTypes where type.rank == .owner {
            for mimeType in type.mimeTypes where !result.contains(mimeType.rawValue) { result.append(mimeType.rawValue) }
        }
        return result
    }

    /// The MIME types whose default `register` sets to the app: the schemes', then ``ownedMimeTypes``.
    public var defaultMimeTypes: [String] { schemes.map { Self.mimeType(for: $0) } + ownedMimeTypes }

    /// `x-scheme-handler/todolist`.
    public static func mimeType(for scheme: SchemeName) -> String { "x-scheme-handler/" + scheme.rawValue }

    /// The key that lists ``ownedMimeTypes``, so that `unregister` (which has no manifest) takes
    /// the app away from exactly the defaults `register` set.
    public static let ownedTypesKey = "X-SchemeRouter-Owns"

    /// The key that lists what ``merged(into:)`` added to the app's entry (keys, list elements,
    /// action groups), so that the next merge into the file it wrote takes exactly that away first.
    public static let addedKey = "X-SchemeRouter-Added"

    /// The `Exec` value (unescaped): the executable, quoted when it must be, and `%u`; `%U` when
    /// the app opens files (GLib and xdg-open pass a local file as its path, several to one
    /// invocation with `gio launch`).
    var execLine: String { ExecLine.quote(executable) + (documentTypes.isEmpty ? " %u" : " %U") }

    /// The file's first line.
    var comment: String { "# Written by schemectl register; `schemectl unregister \(name)` removes it." }

    /// The entry of an app that brings none: a handler that menus do not list.
    static let minimalEntry = DesktopFile(
        lines: [
            .group(DesktopEntry.group), .entry(.init(key: "Type", value: "Application")), .entry(.init(key: "Version", value: "1.0")),
            .entry(.init(key: "Terminal", value: "false")), .entry(.init(key: "NoDisplay", value: "true")),
        ])

    /// The file when the app brings no entry of its own.
    public var minimalFile: DesktopFile {
        do {
            return try merged(into: Self.minimalEntry)
        } catch {
            preconditionFailure("the minimal entry sets no managed key, so nothing conflicts: \(error)")
        }
    }

    /// The file's text when the app brings no entry of its own.
    public var text: String { minimalFile.text }

    /// ``text`` under another first comment line saying what wrote it (`schemectl flatpak`).
    func text(comment: String) -> String {
        var file = minimalFile
        file.replace(0, with: .comment("# " + comment))
        return file.text
    }

    /// The file's bytes (UTF-8).
    public var bytes: [UInt8] { Array(text.utf8) }
}
