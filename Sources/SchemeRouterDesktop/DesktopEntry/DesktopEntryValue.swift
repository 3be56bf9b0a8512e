/// The escape rules of Desktop Entry values (specification §4, "Possible value types").
///
/// A `string` value escapes `\s` (space), `\n`, `\t`, `\r` and `\\`; a list of strings also
/// escapes its separator `;` as `\;`. Unescaping happens before any other interpretation (the
/// `Exec` quoting rules apply to the unescaped value).
enum DesktopEntryValue {
    /// Escapes `text` as a `string`/`localestring` value: `\` → `\\`, newline → `\n`, tab → `\t`,
    /// carriage return → `\r`, and a leading space → `\s` (leading blanks are otherwise trimmed).
    static func escape(_ text: String) -> String {
        var out = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case " " where index == 0: out += "\\s"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Undoes ``escape(_:)``. An unknown escape (`\$`) is kept as it is, backslash included,
    /// like GLib's reader keeps the text of an invalid escape.
    static func unescape(_ text: String) -> String {
        var out = ""
        var pendingBackslash = false
        for scalar in text.unicodeScalars {
            if pendingBackslash {
                pendingBackslash = false
                switch scalar {
                case "s": out += " "
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "\\": out += "\\"
                default:
                    out += "\\"
                    out.unicodeScalars.append(scalar)
                }
            } else if scalar == "\\" {
                pendingBackslash = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if pendingBackslash { out += "\\" }
        return out
    }

    /// A list value of `elements`, each escaped (``escape(_:)``, and `;` as `\;`), each ended by `;`.
    static func listValue(_ elements: [String]) -> String {
        elements.map { escape($0).replacing(";", with: "\\;") + ";" }.joined()
    }

    /// The elements of a list value (`a;b\;c;` → `a`, `b;c`), unescaped; empty elements dropped.
    static func list(_ text: String) -> [String] {
        var elements: [String] = []
        var current = ""
        var pendingBackslash = false
        for scalar in text.unicodeScalars {
            if pendingBackslash {
                pendingBackslash = false
                if scalar == ";" {
                    current += ";"
                } else {
                    current += "\\"
                    current.unicodeScalars.append(scalar)
                }
            } else if scalar == "\\" {
                pendingBackslash = true
            } else if scalar == ";" {
                elements.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if pendingBackslash { current += "\\" }
        elements.append(current)
        return elements.map(unescape).filter { !$0.isEmpty }
    }
}
