/// A desktop entry file read strictly (Desktop Entry Specification 1.5, "Basic format of the
/// file") and kept line for line: ``text`` gives back exactly the bytes it was read from, so an
/// edit changes only the lines it means to — comments, blank lines, other groups, unknown and
/// localized keys and the spacing around `=` survive unchanged.
///
/// `register` reads the app's own entry with it and merges in the keys SchemeRouter manages
/// (``HandlerDesktopFile/merged(into:)``). Other applications' files are read leniently, as
/// launchers do (``DesktopEntry``).
public struct DesktopFile: Sendable, Hashable {
    /// One line of the file, without its line feed.
    public enum Line: Sendable, Hashable {
        /// An empty line.
        case blank
        /// A comment: the whole line, `#` included.
        case comment(String)
        /// A group header, `[Desktop Entry]`: the name between the brackets.
        case group(String)
        /// A `Key[locale]=value` entry.
        case entry(Entry)

        /// The line as written.
        public var text: String {
            switch self {
            case .blank: ""
            case .comment(let text): text
            case .group(let name): "[\(name)]"
            case .entry(let entry): entry.text
            }
        }
    }

    /// A `Key[locale]=value` entry, its value still escaped as in the file.
    public struct Entry: Sendable, Hashable {
        /// The key without its locale, e.g. `Name`.
        public var key: String
        /// The locale of a localized key (`de_DE` in `Name[de_DE]`), or `nil`.
        public var locale: String?
        /// The value as written: escapes are not undone (`DesktopEntryValue`).
        public var value: String
        /// `=` with the blanks written around it (the specification ignores them).
        var separator: String

        /// An entry written `Key[locale]=value`; `value` must already be escaped.
        public init(key: String, locale: String? = nil, value: String) {
            self.init(key: key, locale: locale, separator: "=", value: value)
        }

        init(key: String, locale: String?, separator: String, value: String) {
            self.key = key
            self.locale = locale
            self.separator = separator
            self.value = value
        }

        /// `Name` or `Name[de]`.
        public var name: String { locale.map { "\(key)[\($0)]" } ?? key }

        /// The line as written.
        public var text: String { name + separator + value }
    }

    /// The lines, in order.
    public private(set) var lines: [Line]
    /// Whether the file ends with a line feed.
    public private(set) var endsWithNewline: Bool
    /// The line number each line had in the text it was read from (0 for a line added since), so
    /// an error found after an edit still names the line the user sees.
    private var sourceLines: [Int]

    /// A file made of `lines` (the writer: ``text`` is their text, one per line).
    init(lines: [Line], endsWithNewline: Bool = true) {
        self.lines = lines
        self.endsWithNewline = endsWithNewline
        sourceLines = Array(repeating: 0, count: lines.count)
    }

    init(lines: [Line], endsWithNewline: Bool, sourceLines: [Int]) {
        self.lines = lines
        self.endsWithNewline = endsWithNewline
        self.sourceLines = sourceLines
    }

    /// The file's text.
    public var text: String {
        var out = lines.map(\.text).joined(separator: "\n")
        if endsWithNewline && !lines.isEmpty { out += "\n" }
        return out
    }

    /// The file's bytes (UTF-8).
    public var bytes: [UInt8] { Array(text.utf8) }

    /// The group names, in order.
    public var groups: [String] {
        lines.compactMap { if case .group(let name) = $0 { name } else { nil } }
    }

    /// The line indices of `group`: from its header to the next header or the end.
    func section(_ group: String) -> Range<Int>? {
        guard let start = lines.firstIndex(of: .group(group)) else { return nil }
        let end = lines[(start + 1)...].firstIndex { if case .group = $0 { true } else { false } } ?? lines.count
        return start..<end
    }

    /// The index and entry of `key` (unlocalized unless `locale` is given) in `group`.
    func entry(_ key: String, locale: String? = nil, in group: String = DesktopEntry.group) -> (index: Int, entry: Entry)? {
        guard let section = section(group) else { return nil }
        for index in section {
            if case .entry(let entry) = lines[index], entry.key == key, entry.locale == locale { return (index, entry) }
        }
        return nil
    }

    /// The raw (escaped) value of `key` in `group`, or `nil`.
    public func value(_ key: String, locale: String? = nil, in group: String = DesktopEntry.group) -> String? {
        entry(key, locale: locale, in: group)?.entry.value
    }

    /// The line number `index` had in the text this file was read from (0 for a line added since).
    func sourceLine(_ index: Int) -> Int { sourceLines[index] }

    /// Replaces line `index` (keeping its source line number).
    mutating func replace(_ index: Int, with line: Line) { lines[index] = line }

    /// Inserts `added` before line `index`.
    mutating func insert(_ added: [Line], at index: Int) {
        lines.insert(contentsOf: added, at: index)
        sourceLines.insert(contentsOf: Array(repeating: 0, count: added.count), at: index)
    }

    /// Removes the lines at `indices`.
    mutating func remove(_ indices: Set<Int>) {
        let kept = lines.indices.filter { !indices.contains($0) }
        lines = kept.map { lines[$0] }
        sourceLines = kept.map { sourceLines[$0] }
    }

    /// Ends the file with a line feed (a merged file always does).
    mutating func endWithNewline() { endsWithNewline = true }

    /// Equal when the text is: where lines came from does not count.
    public static func == (lhs: DesktopFile, rhs: DesktopFile) -> Bool {
        lhs.lines == rhs.lines && lhs.endsWithNewline == rhs.endsWithNewline
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
        hasher.combine(endsWithNewline)
    }
}
