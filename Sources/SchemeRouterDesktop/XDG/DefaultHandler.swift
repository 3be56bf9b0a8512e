/// The application that opens a MIME type by default, and which rule of the MIME Applications
/// Associations specification chose it.
public struct DefaultHandler: Sendable, Hashable {
    /// Where the choice came from, in the order the lookup tries them.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// A `[Default Applications]` line of this `mimeapps.list`.
        case defaultApplications(list: String)
        /// An `[Added Associations]` line of this `mimeapps.list` (no default was set).
        case addedAssociations(list: String)
        /// This `mimeinfo.cache` (no default was set, no association added).
        case mimeInfoCache(path: String)
        /// The desktop file's own `MimeType` key, in a directory without a `mimeinfo.cache`.
        case desktopFile

        /// `[Default Applications] in /home/u/.config/mimeapps.list`.
        public var description: String {
            switch self {
            case .defaultApplications(let list): "[Default Applications] in \(list)"
            case .addedAssociations(let list): "[Added Associations] in \(list)"
            case .mimeInfoCache(let path): path
            case .desktopFile: "the desktop file's MimeType (no mimeinfo.cache)"
            }
        }
    }

    /// The handler's desktop file.
    public let file: InstalledDesktopFile
    /// Why it is the default.
    public let source: Source
}
