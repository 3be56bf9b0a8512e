/// The items log's JSON Lines: one `{"task": "…", "due": "YYYY-MM-DDTHH:MM"}` object a line
/// (and the JSON array of the file before the log).
enum TodoJSON {
    /// Why bytes are not an items file, and where.
    struct Invalid: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    /// One item's line in the log, newline included.
    static func line(_ item: TodoItem) -> String {
        object(item) + "\n"
    }

    /// The `--list` output: one line.
    static func listing(_ items: [TodoItem]) -> String {
        "[" + items.map(object).joined(separator: ", ") + "]"
    }

    private static func object(_ item: TodoItem) -> String {
        "{\"task\": \(quoted(item.task)), \"due\": \(quoted(item.due))}"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        // Most tasks need no escaping: check the bytes first (C1 controls are 0xC2 0x80–0x9F).
        var previous: UInt8 = 0
        let plain = text.utf8.allSatisfy { byte in
            defer { previous = byte }
            return byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && !(previous == 0xC2 && byte < 0xA0 && byte >= 0x80)
        }
        if plain { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Parses a log: every line one item. A final line without its newline is a torn append,
    /// not an item; `complete` is the length of the lines before it.
    static func log(_ bytes: [UInt8]) throws(Invalid) -> (items: [TodoItem], complete: Int) {
        var items: [TodoItem] = []
        var start = 0
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            var reader = Reader(bytes: bytes, index: start, end: newline)
            items.append(try reader.item())
            reader.skipSpace()
            guard reader.index == newline else { throw Invalid(offset: reader.index, reason: "unexpected data after the item") }
            start = newline + 1
        }
        return (items, start)
    }

    /// Parses the file before the log: one JSON array of items.
    static func array(_ bytes: [UInt8]) throws(Invalid) -> [TodoItem] {
        var reader = Reader(bytes: bytes, index: 0, end: bytes.count)
        reader.skipSpace()
        try reader.expect(UInt8(ascii: "["))
        var items: [TodoItem] = []
        reader.skipSpace()
        if reader.peek == UInt8(ascii: "]") {
            reader.index += 1
        } else {
            while true {
                items.append(try reader.item())
                reader.skipSpace()
                if reader.peek == UInt8(ascii: ",") {
                    reader.index += 1
                    continue
                }
                try reader.expect(UInt8(ascii: "]"))
                break
            }
        }
        reader.skipSpace()
        guard reader.index == bytes.count else { throw Invalid(offset: reader.index, reason: "unexpected data after the array") }
        return items
    }

    /// A strict reader for the files' small JSON subset, in `bytes[index..<end]`.
    private struct Reader {
        let bytes: [UInt8]
        var index: Int
        let end: Int

        var peek: UInt8? { index < end ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(Invalid) {
            skipSpace()
            guard peek == byte else { throw Invalid(offset: index, reason: "expected '\(Character(Unicode.Scalar(byte)))'") }
            index += 1
        }

        mutating func item() throws(Invalid) -> TodoItem {
            try expect(UInt8(ascii: "{"))
            var fields: [String: String] = [:]
            while true {
                skipSpace()
                let keyOffset = index
                let key = try string()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                let value = try string()
                guard key == "task" || key == "due" else { throw Invalid(offset: keyOffset, reason: "unknown key '\(key)'") }
                guard fields[key] == nil else { throw Invalid(offset: keyOffset, reason: "duplicate key '\(key)'") }
                fields[key] = value
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"))
                break
            }
            guard let task = fields["task"], let due = fields["due"] else {
                throw Invalid(offset: index, reason: "an item needs both 'task' and 'due'")
            }
            return TodoItem(task: task, due: due)
        }

        mutating func string() throws(Invalid) -> String {
            guard peek == UInt8(ascii: "\"") else { throw Invalid(offset: index, reason: "expected a string") }
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() throws(Invalid) {
                guard let text = String(validating: raw, as: UTF8.self) else { throw Invalid(offset: index, reason: "invalid UTF-8") }
                scalars.append(contentsOf: text.unicodeScalars)
                raw.removeAll()
            }
            while true {
                guard let byte = peek else { throw Invalid(offset: index, reason: "unterminated string") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    try flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush()
                    scalars.append(try escape())
                case 0..<0x20:
                    throw Invalid(offset: index - 1, reason: "raw control character in a string")
                default:
                    raw.append(byte)
                }
            }
        }

        mutating func escape() throws(Invalid) -> Unicode.Scalar {
            guard let byte = peek else { throw Invalid(offset: index, reason: "unterminated escape") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{8}"
            case UInt8(ascii: "f"): return "\u{C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let high = try hex4()
                if (0xD800..<0xDC00).contains(high) {
                    guard peek == UInt8(ascii: "\\") else { throw Invalid(offset: index, reason: "unpaired surrogate") }
                    index += 1
                    guard peek == UInt8(ascii: "u") else { throw Invalid(offset: index, reason: "unpaired surrogate") }
                    index += 1
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw Invalid(offset: index, reason: "unpaired surrogate") }
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
                }
                guard let scalar = Unicode.Scalar(high) else { throw Invalid(offset: index, reason: "unpaired surrogate") }
                return scalar
            default:
                throw Invalid(offset: index - 1, reason: "unknown escape")
            }
        }

        mutating func hex4() throws(Invalid) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek, let digit = UInt32(String(Unicode.Scalar(byte)), radix: 16) else {
                    throw Invalid(offset: index, reason: "expected 4 hexadecimal digits")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
