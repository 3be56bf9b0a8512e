public import SchemeRouter

/// The desktop file `schemectl register` writes for a SchemeRouter app: a handler-only
/// application entry that passes every URL of its schemes to the app as one argument.
///
/// ```
/// # Written by schemectl register; `schemectl unregister com.acme.todolist` removes it.
/// [Desktop Entry]
/// Type=Application
/// Version=1.0
/// Name=com.acme.todolist
/// Exec=/usr/local/bin/todolist %u
/// Terminal=false
/// StartupNotify=true
/// NoDisplay=true
/// MimeType=x-scheme-handler/todolist;
/// X-SchemeRouter-BundleName=com.acme.todolist
/// ```
public struct HandlerDesktopFile: Sendable, Hashable {
    /// The app's bundle name; the file's id is `<name>.desktop`.
    public let name: ReverseDNSName
    /// The schemes the app handles.
    public let schemes: [SchemeName]
    /// The absolute path of the app's executable.
    public let executable: String
    /// What desktop menus and choosers would call the app (the `Name` key).
    public let displayName: String
    /// Whether launchers call the app's `org.freedesktop.Application` on the session bus
    /// instead of running `Exec` (`DBusActivatable=true`, see Docs/DBus.md).
    public var busActivatable = false
    /// The app's actions (`Actions=` and one `[Desktop Action …]` group each).
    public var actions: [DesktopAction] = []

    /// Describes the file.
    /// - Throws: ``ExecLineError`` when `executable` is relative or cannot be written in an `Exec` line.
    public init(name: ReverseDNSName, schemes: [SchemeName], executable: String, displayName: String? = nil)
        throws(ExecLineError)
    {
        try ExecLine.checkExecutable(executable)
        self.name = name
        self.schemes = schemes
        self.executable = executable
        let display = displayName ?? name.rawValue
        self.displayName = display.isEmpty ? name.rawValue : display
    }

    /// `<name>.desktop`.
    public var id: DesktopFileID { DesktopFileID(name) }

    /// `x-scheme-handler/<scheme>` for each scheme.
    public var mimeTypes: [String] { schemes.map { Self.mimeType(for: $0) } }

    /// `x-scheme-handler/todolist`.
    public static func mimeType(for scheme: SchemeName) -> String { "x-scheme-handler/" + scheme.rawValue }

    /// The file's text.
    public var text: String { text(comment: "Written by schemectl register; `schemectl unregister \(name)` removes it.") }

    /// The file's text under a first comment line saying what wrote it.
    func text(comment: String) -> String {
        // The display name is a localestring: control characters other than those escaped are
        // replaced so the file stays one key per line.
        let safeName = String(String.UnicodeScalarView(displayName.unicodeScalars.map {
            ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F ? " " : $0
        }))
        // checkExecutable ran in init, so this cannot fail.
        let exec = (try? ExecLine.value(executable: executable)) ?? ""
        return """
            # \(comment)
            [Desktop Entry]
            Type=Application
            Version=1.0
            Name=\(DesktopEntryValue.escape(safeName))
            Exec=\(exec)
            Terminal=false
            StartupNotify=true
            NoDisplay=true
            MimeType=\(mimeTypes.map { $0 + ";" }.joined())
            \(busActivatable ? "DBusActivatable=true\n" : "")\(actionsLine)\(DesktopEntry.bundleNameKey)=\(name)

            """ + actionGroups
    }

    /// The file's bytes (UTF-8).
    public var bytes: [UInt8] { Array(text.utf8) }
}
