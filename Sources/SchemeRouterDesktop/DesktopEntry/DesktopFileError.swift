/// Why an app's desktop entry file was refused: a fault of the Desktop Entry specification's
/// format ("Basic format of the file"), or a key SchemeRouter manages that the app set to
/// something else. Lines and columns count from 1; a column counts bytes.
public enum DesktopFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A byte sequence that is not UTF-8 (the specification requires UTF-8).
    case invalidUTF8(line: Int, column: Int)
    /// A carriage return: lines end with a line feed alone.
    case carriageReturn(line: Int, column: Int)
    /// A control character other than a tab (escape it: `\n`, `\t`, `\r`).
    case controlCharacter(line: Int, column: Int, byte: UInt8)
    /// A line that starts with a space or a tab (comments, groups and entries start in column 1).
    case leadingBlank(line: Int)
    /// A line that is not blank, a comment, a group header or a `Key=value` entry.
    case notAnEntry(line: Int, text: String)
    /// A group name with `[`, `]`, a control character or a byte outside ASCII, or an empty one.
    case invalidGroupName(line: Int, name: String)
    /// An entry before the first group header (only comments may come first).
    case entryBeforeGroup(line: Int, key: String)
    /// The first group is not `[Desktop Entry]`.
    case firstGroupNotDesktopEntry(line: Int, group: String)
    /// No `[Desktop Entry]` group at all.
    case missingDesktopEntryGroup
    /// A group that appeared before, at `firstLine`.
    case duplicateGroup(line: Int, group: String, firstLine: Int)
    /// A key (with its locale) that appeared before in the same group, at `firstLine`.
    case duplicateKey(line: Int, key: String, group: String, firstLine: Int)
    /// A key name with a character other than `A-Z`, `a-z`, `0-9` and `-`, or an empty one.
    case invalidKey(line: Int, column: Int, key: String)
    /// A locale suffix that is not `lang_COUNTRY.ENCODING@MODIFIER` (all but `lang` optional).
    case invalidLocale(line: Int, column: Int, locale: String)
    /// A backslash followed by something other than `s`, `n`, `t`, `r`, `\` or `;`, or by nothing.
    case invalidEscape(line: Int, column: Int, sequence: String)
    /// A boolean key whose value is not `true` or `false`.
    case invalidBoolean(line: Int, key: String, value: String)
    /// A key SchemeRouter manages, set by the app to a value that differs from what SchemeRouter
    /// must write there (``ManagedKey``): `found` is the app's value, `required` what would be
    /// accepted, `reason` why the key is SchemeRouter's.
    case conflictingKey(line: Int, key: String, found: String, required: String, reason: String)

    /// The line the fault is on (`nil` for a missing group).
    public var line: Int? {
        switch self {
        case .invalidUTF8(let line, _), .carriageReturn(let line, _), .controlCharacter(let line, _, _), .leadingBlank(let line),
            .notAnEntry(let line, _), .invalidGroupName(let line, _), .entryBeforeGroup(let line, _),
            .firstGroupNotDesktopEntry(let line, _), .duplicateGroup(let line, _, _), .duplicateKey(let line, _, _, _),
            .invalidKey(let line, _, _), .invalidLocale(let line, _, _), .invalidEscape(let line, _, _),
            .invalidBoolean(let line, _, _), .conflictingKey(let line, _, _, _, _):
            line
        case .missingDesktopEntryGroup: nil
        }
    }

    /// The column the fault is at, when it has one.
    public var column: Int? {
        switch self {
        case .invalidUTF8(_, let column), .carriageReturn(_, let column), .controlCharacter(_, let column, _),
            .invalidKey(_, let column, _), .invalidLocale(_, let column, _), .invalidEscape(_, let column, _):
            column
        case .leadingBlank: 1
        default: nil
        }
    }

    /// The key the fault is about, when it is about one.
    public var key: String? {
        switch self {
        case .entryBeforeGroup(_, let key), .duplicateKey(_, let key, _, _), .invalidKey(_, _, let key),
            .invalidBoolean(_, let key, _), .conflictingKey(_, let key, _, _, _):
            key
        default: nil
        }
    }

    /// What is wrong, without the position (``description`` and ``located(in:)`` add it).
    public var message: String {
        switch self {
        case .invalidUTF8: "not UTF-8 (a desktop file is UTF-8 text)"
        case .carriageReturn: "carriage return: lines end with a line feed alone"
        case .controlCharacter(_, _, let byte):
            "control character 0x\(String(byte, radix: 16, uppercase: true)) (write \\n, \\t or \\r in a value)"
        case .leadingBlank: "the line starts with a blank: comments, groups and entries start in column 1"
        case .notAnEntry(_, let text): "'\(text)' is not a comment, a [group] or a Key=value entry"
        case .invalidGroupName(_, let name):
            "group name '\(name)': use printable ASCII without '[' and ']'"
        case .entryBeforeGroup(_, let key): "\(key) comes before the first group; only comments may (start with [Desktop Entry])"
        case .firstGroupNotDesktopEntry(_, let group): "the first group is [\(group)]; it must be [Desktop Entry]"
        case .missingDesktopEntryGroup: "no [Desktop Entry] group"
        case .duplicateGroup(_, let group, let firstLine): "[\(group)] again (first at line \(firstLine))"
        case .duplicateKey(_, let key, let group, let firstLine): "\(key) again in [\(group)] (first at line \(firstLine))"
        case .invalidKey(_, _, let key): "key '\(key)': key names use only A-Z, a-z, 0-9 and '-'"
        case .invalidLocale(_, _, let locale): "locale '[\(locale)]': write lang, lang_COUNTRY, lang@MODIFIER or lang_COUNTRY.ENCODING@MODIFIER"
        case .invalidEscape(_, _, let sequence):
            "'\(sequence)' is not an escape (\\s \\n \\t \\r \\\\, and \\; in lists); write '\\\\' for a backslash"
        case .invalidBoolean(_, let key, let value): "\(key)=\(value): a boolean is true or false"
        case .conflictingKey(_, let key, let found, let required, let reason):
            "\(key)=\(found) conflicts with SchemeRouter, which needs \(required) (\(reason)); remove the line"
        }
    }

    /// `line 3, column 5: message`.
    public var description: String {
        guard let line else { return message }
        guard let column else { return "line \(line): \(message)" }
        return "line \(line), column \(column): \(message)"
    }

    /// `path:line:column: message`, as compilers name a place in a file.
    public func located(in path: String) -> String {
        guard let line else { return "\(path): \(message)" }
        guard let column else { return "\(path):\(line): \(message)" }
        return "\(path):\(line):\(column): \(message)"
    }
}
