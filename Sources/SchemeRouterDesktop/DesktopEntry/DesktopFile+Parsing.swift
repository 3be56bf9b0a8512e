extension DesktopFile {
    /// The keys of `[Desktop Entry]` the specification types as booleans.
    static let booleanKeys: Set<String> = [
        "NoDisplay", "Hidden", "DBusActivatable", "Terminal", "StartupNotify", "PrefersNonDefaultGPU", "SingleMainWindow",
    ]

    /// Reads `bytes` strictly: UTF-8 without control characters other than tab; each line
    /// empty, a `#` comment, a `[Group]` header or a `Key[locale]=value` entry starting in column 1;
    /// only comments before the first group, which is `[Desktop Entry]`; no group twice and no key
    /// twice in a group; key names of `A-Z a-z 0-9 -`, locales `lang_COUNTRY.ENCODING@MODIFIER`,
    /// only the specification's escapes in values, and `true`/`false` for its boolean keys.
    /// - Throws: ``DesktopFileError`` naming the first fault's line and column.
    public init(_ bytes: [UInt8]) throws(DesktopFileError) {
        var lines: [Line] = []
        var start = 0
        var number = 0
        var reader = Reader()
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            lines.append(try reader.read(bytes[start..<end], line: number))
            start = end + 1
        }
        guard reader.sawDesktopEntry else { throw .missingDesktopEntryGroup }
        self.init(lines: lines, endsWithNewline: bytes.last == 0x0A, sourceLines: Array(1..<(lines.count + 1)))
    }

    /// Reads `text` strictly (``init(_:)``).
    public init(text: String) throws(DesktopFileError) { try self.init(Array(text.utf8)) }

    /// The state of a strict read: which group the lines are in, and what came before.
    private struct Reader {
        var group: String?
        var groupLines: [String: Int] = [:]
        var keyLines: [String: Int] = [:]
        var sawDesktopEntry = false

        mutating func read(_ bytes: ArraySlice<UInt8>, line: Int) throws(DesktopFileError) -> Line {
            try DesktopFile.checkCharacters(bytes, line: line)
            let text = String(decoding: bytes, as: UTF8.self)
            guard let first = bytes.first else { return .blank }
            if first == 0x20 || first == 0x09 { throw .leadingBlank(line: line) }
            if first == UInt8(ascii: "#") { return .comment(text) }
            if first == UInt8(ascii: "[") {
                guard bytes.last == UInt8(ascii: "]"), bytes.count >= 2 else { throw .notAnEntry(line: line, text: text) }
                let name = bytes.dropFirst().dropLast()
                guard !name.isEmpty, name.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") })
                else { throw .invalidGroupName(line: line, name: String(decoding: name, as: UTF8.self)) }
                return try enter(String(decoding: name, as: UTF8.self), line: line)
            }
            let entry = try DesktopFile.entry(bytes, line: line)
            guard let group else { throw .entryBeforeGroup(line: line, key: entry.name) }
            if let firstLine = keyLines[entry.name] {
                throw .duplicateKey(line: line, key: entry.name, group: group, firstLine: firstLine)
            }
            keyLines[entry.name] = line
            if group == DesktopEntry.group, entry.locale == nil, DesktopFile.booleanKeys.contains(entry.key),
                entry.value != "true" && entry.value != "false"
            {
                throw .invalidBoolean(line: line, key: entry.key, value: entry.value)
            }
            return .entry(entry)
        }

        mutating func enter(_ name: String, line: Int) throws(DesktopFileError) -> Line {
            if group == nil && name != DesktopEntry.group { throw .firstGroupNotDesktopEntry(line: line, group: name) }
            if let firstLine = groupLines[name] { throw .duplicateGroup(line: line, group: name, firstLine: firstLine) }
            groupLines[name] = line
            keyLines = [:]
            group = name
            if name == DesktopEntry.group { sawDesktopEntry = true }
            return .group(name)
        }
    }

    /// Refuses bytes that are not UTF-8, a carriage return, and control characters but the tab.
    static func checkCharacters(_ bytes: ArraySlice<UInt8>, line: Int) throws(DesktopFileError) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let column = index - bytes.startIndex + 1
            if byte < 0x80 {
                if byte == 0x0D { throw .carriageReturn(line: line, column: column) }
                if (byte < 0x20 && byte != 0x09) || byte == 0x7F { throw .controlCharacter(line: line, column: column, byte: byte) }
                index += 1
                continue
            }
            let length = utf8SequenceLength(bytes, at: index)
            guard length > 0 else { throw .invalidUTF8(line: line, column: column) }
            index += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (no overlong forms, surrogates or
    /// scalars past U+10FFFF), or 0.
    static func utf8SequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let (length, low, high): (Int, UInt8, UInt8) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
        guard length > 0, index + length <= bytes.endIndex else { return 0 }
        guard (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    /// Reads `Key[locale] = value`.
    static func entry(_ bytes: ArraySlice<UInt8>, line: Int) throws(DesktopFileError) -> Entry {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { throw .notAnEntry(line: line, text: text) }
        var nameEnd = equals
        while nameEnd > bytes.startIndex && (bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09) { nameEnd -= 1 }
        var valueStart = equals + 1
        while valueStart < bytes.endIndex && (bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09) { valueStart += 1 }
        let name = bytes[bytes.startIndex..<nameEnd]
        let column = { (index: Int) in index - bytes.startIndex + 1 }
        let keyEnd = name.firstIndex(of: UInt8(ascii: "[")) ?? name.endIndex
        let key = String(decoding: name[..<keyEnd], as: UTF8.self)
        if keyEnd == name.startIndex {
            throw .invalidKey(line: line, column: column(name.startIndex), key: String(decoding: name, as: UTF8.self))
        }
        if let bad = name[..<keyEnd].firstIndex(where: { !isKeyByte($0) }) {
            throw .invalidKey(line: line, column: column(bad), key: String(decoding: name, as: UTF8.self))
        }
        var locale: String?
        if keyEnd < name.endIndex {
            let inner = name[(keyEnd + 1)...]
            let candidate = String(decoding: inner.last == UInt8(ascii: "]") ? inner.dropLast() : inner, as: UTF8.self)
            guard inner.last == UInt8(ascii: "]"), isLocale(Array(inner.dropLast())) else {
                throw .invalidLocale(line: line, column: column(keyEnd), locale: candidate)
            }
            locale = candidate
        }
        let value = bytes[valueStart...]
        var index = value.startIndex
        while index < value.endIndex {
            if value[index] == UInt8(ascii: "\\") {
                guard index + 1 < value.endIndex else { throw .invalidEscape(line: line, column: column(index), sequence: "\\") }
                let next = value[index + 1]
                guard [UInt8(ascii: "s"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "\\"), UInt8(ascii: ";")].contains(next)
                else {
                    let length = next < 0x80 ? 1 : max(utf8SequenceLength(value, at: index + 1), 1)
                    throw .invalidEscape(line: line, column: column(index), sequence: String(decoding: value[index..<(index + 1 + length)], as: UTF8.self))
                }
                index += 2
            } else {
                index += 1
            }
        }
        return Entry(
            key: key, locale: locale, separator: String(decoding: bytes[nameEnd..<valueStart], as: UTF8.self),
            value: String(decoding: value, as: UTF8.self))
    }

    /// `A-Z a-z 0-9 -`.
    static func isKeyByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
    }

    /// `lang[_COUNTRY][.ENCODING][@MODIFIER]`: letters for `lang`, letters and digits for the
    /// country and the modifier, and `-` too in the encoding (`UTF-8`).
    static func isLocale(_ bytes: [UInt8]) -> Bool {
        func isAlphanumeric(_ byte: UInt8) -> Bool { isKeyByte(byte) && byte != UInt8(ascii: "-") }
        var index = 0
        func part(_ allowed: (UInt8) -> Bool) -> Bool {
            let start = index
            while index < bytes.count && allowed(bytes[index]) { index += 1 }
            return index > start
        }
        guard part({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return false }
        if index < bytes.count && bytes[index] == UInt8(ascii: "_") {
            index += 1
            guard part(isAlphanumeric) else { return false }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard part(isKeyByte) else { return false }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: "@") {
            index += 1
            guard part(isAlphanumeric) else { return false }
        }
        return index == bytes.count
    }
}
