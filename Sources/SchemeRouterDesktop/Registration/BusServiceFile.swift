public import SchemeRouter

/// The D-Bus service file `schemectl register --dbus-activatable` writes to
/// `$XDG_DATA_HOME/dbus-1/services/<name>.service`: it lets the session bus start the app
/// (`--gapplication-service`) when a launcher calls its name.
///
/// ```
/// # Written by schemectl register; `schemectl unregister com.acme.todolist` removes it.
/// [D-BUS Service]
/// Name=com.acme.todolist
/// Exec=/usr/local/bin/todolist --gapplication-service
/// ```
public struct BusServiceFile: Sendable, Hashable {
    /// The app's bundle name: its bus name.
    public let name: ReverseDNSName
    /// The absolute path of the app's executable.
    public let executable: String

    /// The argument that starts an app in bus-activated mode.
    public static let serviceArgument = "--gapplication-service"

    /// Describes the file.
    /// - Parameters:
    ///   - name: The app's bundle name.
    ///   - executable: The absolute path of the app's executable.
    public init(name: ReverseDNSName, executable: String) {
        self.name = name
        self.executable = executable
    }

    /// `<name>.service`.
    public var fileName: String { name.rawValue + ".service" }

    /// The first line, which marks the file as ours.
    static func marker(_ name: String) -> String {
        "# Written by schemectl register; `schemectl unregister \(name)` removes it."
    }

    /// The file's text. dbus-daemon splits `Exec` like a shell, so the path is single-quoted
    /// when it holds anything but plain path characters.
    public var text: String {
        """
        \(Self.marker(name.rawValue))
        [D-BUS Service]
        Name=\(name)
        Exec=\(Self.shellQuoted(executable)) \(Self.serviceArgument)

        """
    }

    /// The file's bytes (UTF-8).
    public var bytes: [UInt8] { Array(text.utf8) }

    static func shellQuoted(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "/._-+".utf8.contains(byte)
        }
        return plain ? path : "'" + path.replacing("'", with: "'\\''") + "'"
    }

    /// The values of a service file's `[D-BUS Service]` group that matter: `Name` and `Exec`.
    public static func parse(_ bytes: [UInt8]) -> (name: String?, exec: String?, ours: Bool) {
        var name: String?
        var exec: String?
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            if line.hasPrefix("Name=") { name = String(line.dropFirst(5)) }
            if line.hasPrefix("Exec=") { exec = String(line.dropFirst(5)) }
        }
        let ours = lines.first.map { $0.hasPrefix("# Written by schemectl register;") } ?? false
        return (name, exec, ours)
    }
}
