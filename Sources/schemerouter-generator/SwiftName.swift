/// Swift spellings of manifest names: route and parameter names are already identifiers
/// (letters, digits and `_`, not starting with a digit), enumeration values and keywords are any text.
enum SwiftName {
    /// Words that must be written in backticks to be a name (`open`, a common route name, need not).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "consume", "copy", "discard", "borrowing", "consuming", "some", "any",
    ]

    /// Names no case of a generated type can have: Swift refuses them even in backticks, or
    /// the type has a member of that name.
    static let unusableCaseNames: Set<String> = ["self", "Self", "init", "Type", "Protocol", "manifest", "_"]

    /// Names no value of a case can be labelled with.
    static let unusableLabels: Set<String> = ["self", "Self", "_", "inout", "var", "let"]

    /// `name` as written in code: in backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` with its first letter upper-cased: `edit` → `Edit`, `due_date` → `Due_date`.
    static func capitalized(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return name }
        return String(first).uppercased() + String(name.unicodeScalars.dropFirst())
    }

    /// An identifier for any text (an enumeration value, a keyword): the text itself when it is
    /// one, else its ASCII letters and digits in lower camel case (`"in-progress"` → `inProgress`,
    /// `"2x"` → `_2x`, `""` → `_empty`). Not escaped; not necessarily unique (see ``unique(_:taken:)``).
    static func identifier(for text: String) -> String {
        if isIdentifier(text) { return text }
        var words: [String] = []
        var word = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII && (isLetter(UInt8(scalar.value)) || isDigit(UInt8(scalar.value)) || scalar == "_") {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first else { return "_empty" }
        let joined = first + words.dropFirst().map(capitalized).joined()
        return isDigit(joined.utf8.first!) ? "_" + joined : joined
    }

    /// `name`, or `name_2`, `name_3`… when `taken` has it; the result is added to `taken`.
    static func unique(_ name: String, taken: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate) || unusableCaseNames.contains(candidate) {
            candidate = "\(name)_\(number)"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Whether `text` is an ASCII letter or `_`, then letters, digits and `_` (and not `_` alone).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first), text != "_" else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A Swift string literal of `text` (for names and messages in generated code).
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `bytes` (UTF-8) as a raw multi-line string literal whose value is exactly `bytes`: enough
    /// `#`s that nothing in the text ends it or escapes, carriage returns and other controls
    /// (which a multi-line literal would normalise) written as escapes.
    static func rawLiteral(_ bytes: [UInt8]) -> String {
        var longestRun = 0
        var run = 0
        for byte in bytes {
            run = byte == UInt8(ascii: "#") ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        var body = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0x7F {
                body += "\\" + hashes + "u{" + String(scalar.value, radix: 16) + "}"
            } else {
                body.unicodeScalars.append(scalar)
            }
        }
        return hashes + "\"\"\"\n" + body + "\n\"\"\"" + hashes
    }
}
