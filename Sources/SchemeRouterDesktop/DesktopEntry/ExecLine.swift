/// The command line of a desktop entry's `Exec` key: writing one for a path, and turning one
/// back into the exact `argv` a launcher runs (Desktop Entry specification §7, "The Exec key").
///
/// Writing: an argument that contains a reserved character (space, tab, newline, `"`, `'`, `\`,
/// `>`, `<`, `~`, `|`, `&`, `;`, `$`, `*`, `?`, `#`, `(`, `)`, a backtick) is enclosed in double quotes,
/// with `"`, the backtick, `$` and `\` escaped by a backslash inside them; every `%` is doubled (`%%`)
/// so it is never read as a field code. The result is then escaped as a string value
/// (`DesktopEntryValue`), so a literal backslash in a quoted argument appears as four in the file.
///
/// Reading: the value is unescaped as a string, split into arguments at unquoted blanks with
/// quotes removed, and then each argument's field codes are expanded: `%u`, `%U`, `%f` and `%F`
/// become the URL as exactly one argument (as xdg-open does; a custom-scheme URL has no local
/// file to hand to `%f`), `%i` becomes `--icon <Icon>` (nothing without an `Icon`), `%c` the
/// `Name`, `%k` the desktop file's path, `%%` a `%`; the deprecated `%d %D %n %N %v %m` expand to
/// nothing. When the line has no URL field code, the URL is appended as the last argument.
/// No shell ever sees the line or the URL.
public enum ExecLine {
    /// The characters the specification reserves: an argument containing one must be quoted.
    static let reserved: Set<Unicode.Scalar> = [
        " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`",
    ]

    /// `Exec=` value (escaped, ready for the file) that runs `executable` with the URL as one
    /// argument: `/opt/todo/bin/todolist %u`, or `"/opt/my apps/todo" %u`.
    /// - Throws: ``ExecLineError`` when the path is relative or contains a control character, `=`
    ///   (forbidden in the program by the specification) or `%` (which GLib cannot launch).
    public static func value(executable: String) throws(ExecLineError) -> String {
        try checkExecutable(executable)
        return DesktopEntryValue.escape(quote(executable) + " %u")
    }

    /// Checks that `path` can be the program of an `Exec` line.
    static func checkExecutable(_ path: String) throws(ExecLineError) {
        guard path.hasPrefix("/") else { throw .relativeExecutable(path: path) }
        for (offset, byte) in path.utf8.enumerated() {
            if byte < 0x20 || byte == 0x7F {
                throw .unrepresentableExecutable(
                    path: path, offset: offset, reason: "control character 0x\(String(byte, radix: 16, uppercase: true))")
            }
            if byte == UInt8(ascii: "=") {
                throw .unrepresentableExecutable(
                    path: path, offset: offset, reason: "'=' is not allowed in the program of an Exec line")
            }
            if byte == UInt8(ascii: "%") {
                throw .unrepresentableExecutable(
                    path: path, offset: offset,
                    reason: "'%' cannot be launched: GLib (gio, GNOME, browsers) looks the program up before turning '%%' back into '%'")
            }
        }
    }

    /// One argument in the `Exec` quoting (before string escaping): quoted when it contains a
    /// reserved character or is empty, `%` doubled everywhere.
    public static func quote(_ argument: String) -> String {
        let needsQuotes = argument.isEmpty || argument.unicodeScalars.contains { reserved.contains($0) }
        var out = needsQuotes ? "\"" : ""
        for scalar in argument.unicodeScalars {
            switch scalar {
            case "\"", "`", "$", "\\":  // all reserved, so always inside quotes here
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "%": out += "%%"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if needsQuotes { out += "\"" }
        return out
    }

    /// A token of an `Exec` line after quote removal, with which characters were quoted.
    struct Token: Equatable {
        var text: [Unicode.Scalar] = []
        /// Offsets (in the unescaped value) of each scalar, for error messages.
        var offsets: [Int] = []
    }

    /// Splits an unescaped `Exec` value into arguments, removing quotes (not expanding field codes).
    static func split(_ value: String) throws(ExecLineError) -> [Token] {
        var tokens: [Token] = []
        var current: Token?
        var inQuotes = false
        var quoteOffset = 0
        var escaped = false
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            if inQuotes {
                if escaped {
                    escaped = false
                    if !["\"", "`", "$", "\\"].contains(scalar) {
                        current!.text.append("\\")
                        current!.offsets.append(offset - 1)
                    }
                    current!.text.append(scalar)
                    current!.offsets.append(offset)
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inQuotes = false
                } else {
                    current!.text.append(scalar)
                    current!.offsets.append(offset)
                }
                continue
            }
            if escaped {
                // Outside quotes a backslash (not allowed by the specification) escapes the next
                // character, as in a shell.
                escaped = false
                current = current ?? Token()
                current!.text.append(scalar)
                current!.offsets.append(offset)
                continue
            }
            switch scalar {
            case " ", "\t", "\n":
                if let token = current { tokens.append(token) }
                current = nil
            case "\"":
                inQuotes = true
                quoteOffset = offset
                current = current ?? Token()
            case "\\":
                escaped = true
            default:
                current = current ?? Token()
                current!.text.append(scalar)
                current!.offsets.append(offset)
            }
        }
        if inQuotes { throw .unterminatedQuote(exec: value, offset: quoteOffset) }
        if escaped {
            current = current ?? Token()
            current!.text.append("\\")
            current!.offsets.append(value.unicodeScalars.count - 1)
        }
        if let token = current { tokens.append(token) }
        return tokens
    }

    /// The `argv` that opening `url` with the desktop entry runs.
    /// - Parameters:
    ///   - exec: The `Exec` value as written in the file (still escaped).
    ///   - url: The URL: always exactly one element of the result.
    ///   - name: The entry's `Name` (for `%c`).
    ///   - icon: The entry's `Icon` (for `%i`).
    ///   - desktopFilePath: The entry's path (for `%k`).
    /// - Throws: ``ExecLineError`` for an empty line, an unclosed quote or an unknown field code.
    public static func arguments(
        exec: String, url: String, name: String? = nil, icon: String? = nil, desktopFilePath: String? = nil
    ) throws(ExecLineError) -> [String] {
        let value = DesktopEntryValue.unescape(exec)
        let tokens = try split(value)
        guard !tokens.isEmpty else { throw .empty }
        var result: [String] = []
        var sawURL = false
        for (index, token) in tokens.enumerated() {
            let text = token.text
            // A field code standing alone may expand to no argument or to two.
            if index > 0 && text.count == 2 && text[0] == "%" {
                switch text[1] {
                case "u", "U", "f", "F":
                    result.append(url)
                    sawURL = true
                    continue
                case "i":
                    if let icon, !icon.isEmpty { result += ["--icon", icon] }
                    continue
                case "d", "D", "n", "N", "v", "m":
                    continue
                default: break
                }
            }
            var expanded = ""
            var position = 0
            while position < text.count {
                let scalar = text[position]
                guard scalar == "%" else {
                    expanded.unicodeScalars.append(scalar)
                    position += 1
                    continue
                }
                guard position + 1 < text.count else {
                    throw .unknownFieldCode(exec: value, offset: token.offsets[position], code: "")
                }
                let code = text[position + 1]
                switch code {
                case "%": expanded += "%"
                case "u", "U", "f", "F":
                    expanded += url
                    sawURL = true
                case "c": expanded += name ?? ""
                case "k": expanded += desktopFilePath ?? ""
                case "i", "d", "D", "n", "N", "v", "m": break
                default:
                    throw .unknownFieldCode(exec: value, offset: token.offsets[position], code: String(code))
                }
                position += 2
            }
            result.append(expanded)
        }
        if !sawURL { result.append(url) }
        return result
    }
}
