/// A key of `[Desktop Entry]` that SchemeRouter manages in an app's desktop file, and what it
/// needs there. ``HandlerDesktopFile/managedKeys`` is the one list; every other key, group,
/// comment and blank line of the app's own entry is the app's and is kept byte for byte.
public struct ManagedKey: Sendable, Hashable {
    /// What SchemeRouter needs in the key.
    public enum Requirement: Sendable, Hashable {
        /// SchemeRouter writes this (unescaped) value; the app may have the key only with it.
        case value(String)
        /// SchemeRouter writes this value when the app's entry has none; the app's own wins.
        case fallback(String)
        /// SchemeRouter writes nothing; the app may have the key only with `allowing` (`nil`: not at all).
        case unset(allowing: String?)
        /// A list: SchemeRouter adds these elements to the app's (a union without duplicates),
        /// so the app's own elements never conflict.
        case union([String])
    }

    /// The key, e.g. `Exec`.
    public let key: String
    /// What SchemeRouter needs in it.
    public let requirement: Requirement
    /// Why the key is SchemeRouter's, for the error that names a conflicting value.
    public let reason: String

    /// Describes a managed key.
    public init(_ key: String, _ requirement: Requirement, reason: String) {
        self.key = key
        self.requirement = requirement
        self.reason = reason
    }

    /// `Exec=/usr/bin/app %u`, or `no DBusActivatable line (or DBusActivatable=false)`: what an
    /// app's entry may say, for the error message.
    var accepted: String {
        switch requirement {
        case .value(let value): "\(key)=\(value)"
        case .fallback(let value): "\(key)=\(value)"
        case .unset(let allowing): allowing.map { "no \(key) line (or \(key)=\($0))" } ?? "no \(key) line"
        case .union(let elements): "\(key) to include \(elements.joined(separator: ";"))"
        }
    }
}
