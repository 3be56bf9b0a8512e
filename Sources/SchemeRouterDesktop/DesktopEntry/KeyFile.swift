/// A desktop-entry-style key file (`.desktop`, `mimeapps.list`, `mimeinfo.cache`) kept line by
/// line, byte for byte, so that an edit changes only the lines it means to and everything else —
/// comments, blank lines, unknown groups, odd spacing, even invalid UTF-8 — survives unchanged.
struct KeyFile: Sendable, Equatable {
    /// One line, without its `\n`.
    struct Line: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// A blank line, a comment, or a line that is neither a group nor an entry.
            case other
            /// `[Group Name]`.
            case group(String)
            /// `key=value`: the key with surrounding blanks trimmed, the value with leading blanks
            /// trimmed (and a trailing `\r` dropped), still escaped.
            case entry(key: String, value: String)
        }

        /// The line exactly as it is in the file.
        var bytes: [UInt8]

        /// What the line is.
        var kind: Kind { Self.classify(bytes) }

        init(_ bytes: [UInt8]) { self.bytes = bytes }
        init(_ text: String) { self.bytes = Array(text.utf8) }

        /// The bytes up to and including `=` and any blanks after it (nil when not an entry).
        var entryHead: [UInt8]? {
            guard case .entry = kind, let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            var end = equals + 1
            while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
            return Array(bytes[..<end])
        }

        /// The value's bytes as written (after ``entryHead``).
        var rawValue: [UInt8] {
            guard let head = entryHead else { return [] }
            return Array(bytes[head.count...])
        }

        static func classify(_ bytes: [UInt8]) -> Kind {
            var start = 0
            while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            var end = bytes.count
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D) { end -= 1 }
            guard start < end else { return .other }
            if bytes[start] == UInt8(ascii: "#") { return .other }
            if bytes[start] == UInt8(ascii: "[") {
                guard bytes[end - 1] == UInt8(ascii: "]") else { return .other }
                return .group(String(decoding: bytes[(start + 1)..<(end - 1)], as: UTF8.self))
            }
            guard let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) else { return .other }
            var keyEnd = equals
            while keyEnd > start && (bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09) { keyEnd -= 1 }
            guard keyEnd > start else { return .other }
            var valueStart = equals + 1
            while valueStart < end && (bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09) { valueStart += 1 }
            return .entry(
                key: String(decoding: bytes[start..<keyEnd], as: UTF8.self),
                value: String(decoding: bytes[valueStart..<end], as: UTF8.self))
        }
    }

    /// The lines, in order.
    var lines: [Line]
    /// Whether the file ends with `\n` (a file without a final newline keeps lacking one unless
    /// a line is appended).
    var endsWithNewline: Bool

    /// Splits `bytes` into lines.
    init(_ bytes: [UInt8]) {
        var lines: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(Line(Array(bytes[start..<index])))
            start = index + 1
        }
        endsWithNewline = start == bytes.count
        if start < bytes.count { lines.append(Line(Array(bytes[start...]))) }
        self.lines = lines
    }

    /// The file's bytes.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        for (index, line) in lines.enumerated() {
            out += line.bytes
            if index < lines.count - 1 || endsWithNewline { out.append(0x0A) }
        }
        return out
    }

    /// The range of line indices of each occurrence of `group`: from its header (inclusive) to
    /// the next header or the end.
    func sections(named group: String) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var current: Int?
        for (index, line) in lines.enumerated() {
            guard case .group(let name) = line.kind else { continue }
            if let start = current { result.append(start..<index) }
            current = name == group ? index : nil
        }
        if let start = current { result.append(start..<lines.count) }
        return result
    }

    /// The value of the first `key` in the first `group`, unescaped as a string (nil when absent).
    func value(_ key: String, in group: String) -> String? {
        for section in sections(named: group) {
            for line in lines[section] {
                if case .entry(let name, let value) = line.kind, name == key { return value }
            }
        }
        return nil
    }

    /// Every `key=value` of every occurrence of `group`, in file order (keys may repeat).
    func entries(in group: String) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        for section in sections(named: group) {
            for line in lines[section] {
                if case .entry(let key, let value) = line.kind { result.append((key, value)) }
            }
        }
        return result
    }
}
