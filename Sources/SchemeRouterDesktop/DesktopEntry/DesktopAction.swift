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
}

extension HandlerDesktopFile {
    /// `Actions=a;b;` and its newline, or nothing.
    var actionsLine: String {
        actions.isEmpty ? "" : "Actions=" + actions.map { $0.id + ";" }.joined() + "\n"
    }

    /// One `[Desktop Action id]` group per action. Its `Exec` launches the app (the action
    /// itself needs the bus).
    var actionGroups: String {
        let exec = DesktopEntryValue.escape(ExecLine.quote(executable))
        return actions.map { action in
            "\n[Desktop Action \(action.id)]\nName=\(DesktopEntryValue.escape(action.title))\nExec=\(exec)\n"
        }.joined()
    }
}
