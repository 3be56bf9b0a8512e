public import SchemeRouter

/// A desktop file id, such as `com.acme.todolist.desktop`: how `mimeapps.list`, `mimeinfo.cache`
/// and `xdg-mime` name an application.
///
/// **The rule for the ids SchemeRouter writes**: the id is the app's `CFBundleURLName` (a
/// `SchemeRouter/ReverseDNSName`) followed by `.desktop`, and the file lies directly in
/// `$XDG_DATA_HOME/applications/`, never in a subdirectory. `ReverseDNSName` admits only ASCII
/// letters, digits, `_` and `.`, so the id is a valid D-Bus name (as the Desktop Entry
/// specification asks) and never contains `-`. That matters: the specification derives an id from
/// a path by turning `/` into `-` (`applications/acme/todo.desktop` is `acme-todo.desktop`), and
/// xdg-utils 1.1.3 goes the other way, trying `applications/acme/todo.desktop` for an id
/// `acme-todo.desktop` first. An id with `-` can therefore be answered by a file somebody else put in a
/// subdirectory; an id without `-` names exactly one file per directory.
///
/// Ids read from other people's files (``init(foreign:)``) are kept as written, `-` and all.
public struct DesktopFileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id, e.g. `com.acme.todolist.desktop`.
    public let rawValue: String

    /// The id of the desktop file SchemeRouter writes for `name`: `<name>.desktop`.
    public init(_ name: ReverseDNSName) { rawValue = name.rawValue + ".desktop" }

    /// An id as found in `mimeapps.list`, `mimeinfo.cache` or a directory listing.
    public init(foreign rawValue: String) { self.rawValue = rawValue }

    /// The id of the desktop file `relativePath` (relative to an `applications` directory):
    /// `acme/todo.desktop` → `acme-todo.desktop`.
    public init(relativePath: String) { rawValue = relativePath.replacing("/", with: "-") }

    /// The bundle name this id was made from, when it follows SchemeRouter's rule.
    public var bundleName: ReverseDNSName? {
        guard rawValue.hasSuffix(".desktop") else { return nil }
        return try? ReverseDNSName(String(rawValue.dropLast(".desktop".count)))
    }

    /// Alphabetical order.
    public static func < (lhs: DesktopFileID, rhs: DesktopFileID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id.
    public var description: String { rawValue }
}
