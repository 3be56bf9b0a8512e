public import SchemeRouter

/// The `[Desktop Entry]` group of a `.desktop` file: the keys URL dispatch needs, read leniently
/// (unknown keys and other groups are ignored; the first of duplicate keys wins).
public struct DesktopEntry: Sendable, Hashable {
    /// The key that marks a desktop file written by `schemectl register`; its value is the app's
    /// bundle name, which also names the app's runtime socket.
    public static let bundleNameKey = "X-SchemeRouter-BundleName"

    /// The key Flatpak adds to the desktop files it exports for an installed app (`flatpak
    /// build-finish`); its value is the app id.
    public static let flatpakKey = "X-Flatpak"

    /// The group every desktop entry must start with.
    public static let group = "Desktop Entry"

    /// Every key of the group with its raw (escaped) value, in file order.
    public let keys: [(key: String, value: String)]

    /// Reads the `[Desktop Entry]` group of `bytes`.
    public init(bytes: [UInt8]) {
        keys = KeyFile(bytes).entries(in: Self.group)
    }

    /// The raw (still escaped) value of `key`, or `nil`.
    public func raw(_ key: String) -> String? { keys.first { $0.key == key }?.value }

    /// The unescaped string value of `key`, or `nil`.
    public func string(_ key: String) -> String? { raw(key).map(DesktopEntryValue.unescape) }

    /// The elements of the list value of `key` (empty when absent).
    public func list(_ key: String) -> [String] { raw(key).map(DesktopEntryValue.list) ?? [] }

    /// `true` when `key` is `true`.
    public func boolean(_ key: String) -> Bool { raw(key) == "true" }

    /// `Type`.
    public var type: String? { string("Type") }
    /// `Name` (unlocalised).
    public var name: String? { string("Name") }
    /// `Exec`, still escaped (``ExecLine/arguments(exec:url:name:icon:desktopFilePath:)`` reads it).
    public var exec: String? { raw("Exec") }
    /// `MimeType`, e.g. `["x-scheme-handler/todolist"]`.
    public var mimeTypes: [String] { list("MimeType") }
    /// `Hidden=true`: the entry counts as deleted.
    public var isHidden: Bool { boolean("Hidden") }
    /// The bundle name of a SchemeRouter app (``bundleNameKey``), or `nil` for any other entry.
    public var bundleName: ReverseDNSName? { string(Self.bundleNameKey).flatMap { try? ReverseDNSName($0) } }

    /// The Flatpak app id of an app installed as a Flatpak (``flatpakKey``), or `nil`.
    public var flatpakAppID: String? { string(Self.flatpakKey) }

    /// Whether this entry declares it handles `mimeType` (compared case-insensitively).
    public func handles(_ mimeType: String) -> Bool {
        let wanted = mimeType.lowercased()
        return mimeTypes.contains { $0.lowercased() == wanted }
    }

    /// The executable `Exec` runs (its first argument, unquoted, `%%` expanded), or `nil` when
    /// the line cannot be read.
    public var program: String? {
        guard let exec else { return nil }
        return (try? ExecLine.arguments(exec: exec, url: ""))?.first
    }

    public static func == (lhs: DesktopEntry, rhs: DesktopEntry) -> Bool {
        lhs.keys.elementsEqual(rhs.keys) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in keys {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}
