internal import Glibc
internal import SchemeRouter

/// What a command-line argument sends: a URL as given, or a file, named by its path, as its
/// absolute `file:` URL. `app FILE`, `app URL` and `schemectl open FILE` read their arguments this way.
///
/// An argument is a URL when it starts with a scheme and `:` before any `/`
/// (`notes://open/1`, `file:///tmp/a.note`), as GLib's `g_file_new_for_commandline_arg` reads
/// it; anything else that is not empty is a path, relative ones taken from the working
/// directory: `Groceries.note`, `./a:b.note`, `/tmp/x.note`. The path is not resolved here
/// (the primary resolves and checks it); its bytes are percent-encoded as they are, so a name
/// that is not UTF-8 reaches the primary, which refuses it by name.
public enum OpenArgument {
    /// Whether `argument` names a file rather than a URL.
    public static func isPath(_ argument: some Collection<UInt8>) -> Bool {
        guard let first = argument.first else { return false }
        guard SchemeCharacters.isLetter(first) else { return true }
        for byte in argument.dropFirst() {
            if byte == UInt8(ascii: ":") { return false }
            guard SchemeCharacters.isSchemeByte(byte) else { return true }
        }
        return true
    }

    /// The URL `argument` stands for: itself when it is a URL, else the `file:` URL of its path
    /// (relative to `workingDirectory`, by default this process's).
    public static func url(for argument: [UInt8], workingDirectory: [UInt8]? = nil) -> [UInt8] {
        guard isPath(argument) else { return argument }
        var path = argument
        if path.first != UInt8(ascii: "/") {
            guard let directory = workingDirectory ?? currentDirectory() else { return argument }
            path = directory + (directory.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]) + argument
        }
        return Array(FileURL.text(forPath: path).utf8)
    }

    /// The working directory's bytes, or `nil` when it cannot be read (removed, too long).
    static func currentDirectory() -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }
}

/// The byte classes of a URL scheme, as RFC 3986 §3.1 has them.
private enum SchemeCharacters {
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
