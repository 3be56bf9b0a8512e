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

    /// The file's text. dbus-daemon reads `Exec` in two steps, a key file's escapes (`\\` is one
    /// backslash, `\s` a space) and then a shell's words, so the path is single-quoted when it holds
    /// anything but plain path characters (a `'` written `'\''`), and each backslash is then doubled.
    public var text: String {
        """
        \(Self.marker(name.rawValue))
        [D-BUS Service]
        Name=\(name)
        Exec=\(Self.execWord(executable)) \(Self.serviceArgument)

        """
    }

    /// `path` as the first word of a service file's `Exec` value.
    static func execWord(_ path: String) -> String {
        shellQuoted(path).replacing("\\", with: "\\\\")
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

    /// Why dbus-daemon cannot start what an `Exec` value names.
    public struct ExecProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, with the byte offset in the value.
        public let description: String
    }

    /// The program an `Exec` value runs, read as dbus-daemon reads it: the key file's escapes
    /// (`\\`, `\s`, `\n`, `\t`, `\r`; any other makes the bus ignore the whole file), then the
    /// first shell word (single quotes keep everything, double quotes and a backslash escape).
    public static func program(ofExec exec: String) -> Result<String, ExecProblem> {
        var value: [UInt8] = []
        let bytes = Array(exec.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\") else {
                value.append(bytes[index])
                index += 1
                continue
            }
            let escapes: [UInt8: UInt8] = [0x5C: 0x5C, 0x73: 0x20, 0x6E: 0x0A, 0x74: 0x09, 0x72: 0x0D]
            guard index + 1 < bytes.count, let unescaped = escapes[bytes[index + 1]] else {
                return .failure(ExecProblem(
                    description: "the backslash at byte \(index) does not start an escape dbus-daemon reads (\\\\, \\s, \\n, \\t, \\r), "
                        + "so the bus ignores the file"))
            }
            value.append(unescaped)
            index += 2
        }
        var program: [UInt8] = []
        var quote: UInt8?
        index = 0
        while index < value.count {
            let byte = value[index]
            index += 1
            switch (quote, byte) {
            case (nil, 0x20), (nil, 0x09), (nil, 0x0A):
                if !program.isEmpty { return .success(String(decoding: program, as: UTF8.self)) }
            case (nil, 0x27), (nil, 0x22): quote = byte
            case (0x27, 0x27), (0x22, 0x22): quote = nil
            case (nil, 0x5C), (0x22, 0x5C):
                guard index < value.count else { return .failure(ExecProblem(description: "Exec ends with a backslash")) }
                program.append(value[index])
                index += 1
            default: program.append(byte)
            }
        }
        if quote != nil { return .failure(ExecProblem(description: "a quote in Exec is never closed")) }
        return program.isEmpty ? .failure(ExecProblem(description: "Exec names no program")) : .success(String(decoding: program, as: UTF8.self))
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
