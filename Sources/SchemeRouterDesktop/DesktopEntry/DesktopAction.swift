/// An application action in a desktop file: listed in `Actions=`, described by a
/// `[Desktop Action <id>]` group. A launcher of a `DBusActivatable` app runs it with
/// `org.freedesktop.Application.ActivateAction`; others run the group's `Exec`.
public struct DesktopAction: Sendable, Hashable {
    /// The action's id, e.g. `new-item` (letters, digits and `-`).
    public let id: String
    /// What menus show.
    public let title: String

    /// Creates an action entry.
    /// - Parameters:
    ///   - id: The action's id (the manifest's action name).
    ///   - title: What menus show.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    /// `Desktop Action <id>`.
    public var group: String { "Desktop Action \(id)" }

    /// The group's lines: its header, `Name` and an `Exec` that launches the app (the action
    /// itself needs the bus).
    func lines(executable: String) -> [DesktopFile.Line] {
        [
            .group(group), .entry(.init(key: "Name", value: DesktopEntryValue.escape(title))),
            .entry(.init(key: "Exec", value: DesktopEntryValue.escape(ExecLine.quote(executable)))),
        ]
    }
}
