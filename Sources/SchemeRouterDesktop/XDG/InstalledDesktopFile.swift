/// A desktop file found in one of the `applications` directories.
public struct InstalledDesktopFile: Sendable, Hashable, CustomStringConvertible {
    /// Its desktop file id.
    public let id: DesktopFileID
    /// Its path.
    public let path: String
    /// Its `[Desktop Entry]` group.
    public let entry: DesktopEntry

    /// Describes a file.
    public init(id: DesktopFileID, path: String, entry: DesktopEntry) {
        self.id = id
        self.path = path
        self.entry = entry
    }

    /// Whether the entry launches an application (`Type=Application`, not `Hidden`, with an `Exec`).
    public var isLaunchable: Bool { entry.type == "Application" && !entry.isHidden && entry.exec != nil }

    /// `com.acme.todolist.desktop (/home/u/.local/share/applications/com.acme.todolist.desktop)`.
    public var description: String { "\(id) (\(path))" }
}
