/// What `register` or `unregister` did, file by file.
public struct RegistrationReport: Sendable, Hashable {
    /// What happened to one file.
    public enum Change: String, Sendable, Hashable {
        /// The file did not exist and was written.
        case created
        /// The file existed and its content changed.
        case updated
        /// The file already had the wanted content (registering twice changes nothing).
        case unchanged
        /// The file was deleted (`unregister`, or `mimeapps.list` left empty).
        case removed
        /// There was nothing to remove.
        case absent
    }

    /// Whether a database tool (`update-desktop-database` for `mimeinfo.cache`,
    /// `update-mime-database` for the MIME database) ran.
    public enum DatabaseRefresh: Sendable, Hashable, CustomStringConvertible {
        /// It ran and succeeded (the tool's path).
        case refreshed(tool: String)
        /// It is not installed (the command's name). Without `update-desktop-database`, xdg-mime
        /// and GLib still find the default through `mimeapps.list`; without `update-mime-database`,
        /// the desktop does not recognise the types the app defines.
        case toolMissing(String)
        /// It ran and failed; the registration itself stands.
        case failed(tool: String, reason: String)
        /// Nothing changed, so there was nothing to refresh.
        case notNeeded

        /// One line for people.
        public var description: String {
            switch self {
            case .refreshed(let tool) where tool.hasSuffix("update-mime-database"): "compiled the MIME database with \(tool)"
            case .refreshed(let tool): "refreshed mimeinfo.cache with \(tool)"
            case .toolMissing("update-mime-database"):
                "update-mime-database is not installed, the app's types are not in the MIME database (apt-get install shared-mime-info)"
            case .toolMissing(let command):
                "\(command) is not installed, mimeinfo.cache not refreshed (apt-get install desktop-file-utils)"
            case .failed(let tool, let reason) where tool.hasSuffix("update-mime-database"):
                "\(tool) failed (\(reason)); the MIME database may not know the app's types"
            case .failed(let tool, let reason): "\(tool) failed (\(reason)); mimeinfo.cache may be stale"
            case .notNeeded: "mimeinfo.cache already current"
            }
        }
    }

    /// The desktop file's path.
    public let desktopFile: String
    /// What happened to it.
    public let desktopFileChange: Change
    /// The `mimeapps.list` edited.
    public let mimeAppsList: String
    /// What happened to it.
    public let mimeAppsListChange: Change
    /// The MIME types whose default changed.
    public let changedMimeTypes: [String]
    /// The desktop database refresh.
    public let databaseRefresh: DatabaseRefresh
    /// Other installed desktop files that claim one of ``defaultMimeTypes`` (`register` only).
    public let competingClaimants: [InstalledDesktopFile]
    /// The MIME types whose default `register` sets to the app: its schemes', then those of its
    /// Owner-rank document types (`register` only).
    public internal(set) var defaultMimeTypes: [String] = []
    /// The app's desktop entry SchemeRouter's keys were merged into (`register` only).
    public internal(set) var desktopEntrySource = DesktopEntrySource.minimal
    /// The app's shared-mime-info package (``MimePackage``): written by `register` for the types
    /// the app defines, removed by `unregister` and by a `register` whose manifest defines none.
    public internal(set) var mimePackage: String? = nil
    /// What happened to ``mimePackage``.
    public internal(set) var mimePackageChange = Change.absent
    /// Whether `update-mime-database` compiled the package (``DatabaseRefresh/notNeeded`` when
    /// the package did not change and the database knows every type the app defines).
    public internal(set) var mimeDatabaseRefresh = DatabaseRefresh.notNeeded
    /// The D-Bus service file's path (written by `register --dbus-activatable`, removed by
    /// `unregister` and a plain `register`).
    public internal(set) var busServiceFile: String? = nil
    /// What happened to ``busServiceFile`` (``Change/absent`` when there was none).
    public internal(set) var busServiceFileChange = Change.absent
}
