/// A desktop tool `status` checks for, and what is lost without it.
public struct HelperTool: Sendable, Hashable {
    /// The command, e.g. `xdg-open`.
    public let command: String
    /// The Debian package that provides it.
    public let package: String
    /// What does not work without it.
    public let purpose: String
    /// Where it was found on `PATH`, or `nil`.
    public let path: String?

    /// The tools: xdg-utils' `xdg-open` and `xdg-mime`, desktop-file-utils'
    /// `update-desktop-database` and `desktop-file-validate`, GLib's `gio`, shared-mime-info's
    /// `update-mime-database`, and `mimetype`, without which generic xdg-open cannot see an app's own type.
    static let known: [(command: String, package: String, purpose: String)] = [
        ("xdg-open", "xdg-utils", "opening URLs from the shell and from most programs"),
        ("xdg-mime", "xdg-utils", "checking which app xdg-open picks"),
        ("update-desktop-database", "desktop-file-utils", "refreshing mimeinfo.cache after register"),
        ("desktop-file-validate", "desktop-file-utils", "validating the desktop files"),
        ("gio", "libglib2.0-bin", "opening URLs the way GNOME and GTK apps do"),
        ("update-mime-database", "shared-mime-info", "teaching the desktop the file types apps define"),
        ("mimetype", "libfile-mimeinfo-perl", "xdg-open recognising an app's own file types (it reads contents instead)"),
    ]

    /// Looks every known tool up on the `PATH` of `environment`.
    static func survey(_ environment: ProcessEnvironment) -> [HelperTool] {
        known.map { HelperTool(command: $0.command, package: $0.package, purpose: $0.purpose, path: environment.which($0.command)) }
    }
}
