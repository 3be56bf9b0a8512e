/// The XDG Base Directory locations that desktop registration reads and writes.
///
/// Follows the XDG Base Directory Specification: a variable that is unset, empty or not an
/// absolute path falls back to its default — `XDG_DATA_HOME` → `$HOME/.local/share`,
/// `XDG_CONFIG_HOME` → `$HOME/.config`, `XDG_DATA_DIRS` → `/usr/local/share/:/usr/share/`,
/// `XDG_CONFIG_DIRS` → `/etc/xdg`. In the two lists, empty and relative entries are ignored.
/// `XDG_CURRENT_DESKTOP` (colon-separated, lower-cased here) selects the desktop-specific
/// `$desktop-mimeapps.list` files.
public struct XDGDirectories: Sendable, Hashable {
    /// `$XDG_DATA_HOME`: where `register` writes the desktop file (under `applications/`).
    public let dataHome: String
    /// `$XDG_CONFIG_HOME`: where `register` edits `mimeapps.list`.
    public let configHome: String
    /// `$XDG_DATA_DIRS`, most important first.
    public let dataDirectories: [String]
    /// `$XDG_CONFIG_DIRS`, most important first.
    public let configDirectories: [String]
    /// The names of the current desktop, lower-cased (`XDG_CURRENT_DESKTOP=GNOME:Unity` → `gnome`, `unity`).
    public let currentDesktops: [String]

    /// Resolves the directories from `environment`.
    /// - Throws: ``XDGError/noHome(variable:)`` when a home-relative default is needed and `HOME`
    ///   is unusable.
    public init(environment: ProcessEnvironment) throws(XDGError) {
        func absolute(_ name: String) -> String? {
            guard let value = environment.nonEmpty(name), value.hasPrefix("/") else { return nil }
            return Self.trimmed(value)
        }
        func list(_ name: String, default fallback: [String]) -> [String] {
            let entries = (environment.nonEmpty(name) ?? "").split(separator: ":").map(String.init)
                .filter { $0.hasPrefix("/") }.map(Self.trimmed)
            return entries.isEmpty ? fallback : entries
        }
        let home = absolute("HOME")
        func homeRelative(_ name: String, _ suffix: String) throws(XDGError) -> String {
            if let value = absolute(name) { return value }
            guard let home else { throw .noHome(variable: name) }
            return Self.trimmed(home) + suffix
        }
        dataHome = try homeRelative("XDG_DATA_HOME", "/.local/share")
        configHome = try homeRelative("XDG_CONFIG_HOME", "/.config")
        dataDirectories = list("XDG_DATA_DIRS", default: ["/usr/local/share", "/usr/share"])
        configDirectories = list("XDG_CONFIG_DIRS", default: ["/etc/xdg"])
        currentDesktops = (environment.nonEmpty("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":")
            .map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    /// Creates directories directly (tests, or a caller with its own policy).
    public init(
        dataHome: String, configHome: String, dataDirectories: [String], configDirectories: [String],
        currentDesktops: [String] = []
    ) {
        self.dataHome = dataHome
        self.configHome = configHome
        self.dataDirectories = dataDirectories
        self.configDirectories = configDirectories
        self.currentDesktops = currentDesktops
    }

    /// `$XDG_DATA_HOME/applications`: where `register` writes.
    public var userApplications: String { dataHome + "/applications" }

    /// `$XDG_CONFIG_HOME/mimeapps.list`: the file `register` edits.
    public var userMimeAppsList: String { configHome + "/mimeapps.list" }

    /// `$XDG_DATA_HOME/mime`: where `register` puts the app's shared-mime-info package (under
    /// `packages/`) and `update-mime-database` compiles it.
    public var userMimeDirectory: String { dataHome + "/mime" }

    /// Every `mime` directory, most important first: `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`.
    public var mimeDirectories: [String] {
        Self.unique([dataHome] + dataDirectories).map { $0 + "/mime" }
    }

    /// Every `applications` directory, most important first: `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`.
    public var applicationDirectories: [String] {
        Self.unique([dataHome] + dataDirectories).map { $0 + "/applications" }
    }

    /// Every `mimeapps.list` in the Association spec's lookup order: for `$XDG_CONFIG_HOME`,
    /// each of `$XDG_CONFIG_DIRS`, `$XDG_DATA_HOME/applications` and each of
    /// `$XDG_DATA_DIRS/applications`, the desktop-specific files (`gnome-mimeapps.list`, …) and
    /// then `mimeapps.list`.
    public var mimeAppsLists: [MimeAppsListLocation] {
        let directories = Self.unique([configHome] + configDirectories) + applicationDirectories
        var result: [MimeAppsListLocation] = []
        for directory in directories {
            for desktop in currentDesktops {
                result.append(MimeAppsListLocation(path: "\(directory)/\(desktop)-mimeapps.list", desktop: desktop))
            }
            result.append(MimeAppsListLocation(path: directory + "/mimeapps.list", desktop: nil))
        }
        return result
    }

    static func trimmed(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }

    static func unique(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths where !result.contains(path) { result.append(path) }
        return result
    }
}

/// One place a `mimeapps.list` may be, in lookup order.
public struct MimeAppsListLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path.
    public let path: String
    /// The desktop this file is specific to (`gnome` for `gnome-mimeapps.list`), or `nil`.
    /// Only `[Default Applications]` counts in desktop-specific files.
    public let desktop: String?

    /// The path.
    public var description: String { path }
}
