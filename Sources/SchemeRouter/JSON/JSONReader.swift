/// A JSON value read by ``JSONReader``, with the byte offset where it starts in the document.
///
/// Objects keep their members in document order (with each key's offset), so errors can name the
/// exact key and duplicate keys can be reported instead of silently keeping one of them.
package struct JSONNode: Sendable, Hashable {
    package enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        /// A number, as written (validated against RFC 8259's grammar).
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    package struct Member: Sendable, Hashable {
        package let key: String
        package let keyOffset: Int
        package let value: JSONNode
    }

    package let value: Value
    package let offset: Int

    /// `object`, `array`, `string`, `number`, `boolean` or `null`, for messages.
    package var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// Why a document is not JSON, and where.
package struct JSONSyntaxError: Error, Sendable, Hashable {
    package let offset: Int
    package let line: Int
    package let column: Int
    package let reason: String
}

/// A strict RFC 8259 JSON reader over UTF-8 bytes: no comments, no trailing commas, no NaN, no
/// leading zeros, valid UTF-8 and valid `\u` escapes (no lone surrogates), at most
/// ``maximumDepth`` nested arrays and objects, and nothing but whitespace after the value.
package struct JSONReader {
    /// The deepest nesting accepted; manifests need four levels.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Reads `bytes` as one JSON document.
    package static func read(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: Array(bytes))
        return try reader.document()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONNode {
        try checkUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw fail("byte order mark: save the file as UTF-8 without BOM") }
        skipWhitespace()
        let node = try value()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected \(describe(index)) after the JSON value") }
        return node
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw fail("unexpected end of input: expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try object(), offset: start)
        case UInt8(ascii: "["): return JSONNode(value: try array(), offset: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try number()), offset: start)
        default:
            throw fail("unexpected \(describe(index)): expected a value")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw fail(index < bytes.count ? "expected a key in double quotes, found \(describe(index))" : "unexpected end of input in an object")
            }
            let keyOffset = index
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw fail("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: try value()))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { throw fail("trailing ',' before '}'") }
                continue
            }
            if peek(UInt8(ascii: "}")) {
                index += 1
                return .object(members)
            }
            throw fail(index < bytes.count ? "expected ',' or '}' in an object, found \(describe(index))" : "unexpected end of input in an object")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { throw fail("trailing ',' before ']'") }
                continue
            }
            if peek(UInt8(ascii: "]")) {
                index += 1
                return .array(elements)
            }
            throw fail(index < bytes.count ? "expected ',' or ']' in an array, found \(describe(index))" : "unexpected end of input in an array")
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var runStart = index
        var text = ""
        func flush(_ end: Int) {
            if end > runStart { text += String(decoding: bytes[runStart..<end], as: UTF8.self) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                flush(index)
                let escapeStart = index
                index += 1
                guard index < bytes.count else { break }
                let scalar: Unicode.Scalar
                switch bytes[index] {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{08}"
                case UInt8(ascii: "f"): scalar = "\u{0C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    index += 1
                    let high = try hex4(escapeStart)
                    if (0xD800...0xDBFF).contains(high) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("lone surrogate \\u\(hexText(high)): a high surrogate needs a low one", at: escapeStart) }
                        index += 2
                        let low = try hex4(escapeStart)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail("\\u\(hexText(high)) is not followed by a low surrogate", at: escapeStart)
                        }
                        scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
                    } else if (0xDC00...0xDFFF).contains(high) {
                        throw fail("lone surrogate \\u\(hexText(high))", at: escapeStart)
                    } else {
                        scalar = Unicode.Scalar(high)!
                    }
                    index -= 1
                default:
                    throw fail("invalid escape \(describe(index)) in a string", at: escapeStart)
                }
                index += 1
                text.unicodeScalars.append(scalar)
                runStart = index
            case 0x00...0x1F:
                throw fail("raw control character 0x\(hexText(UInt32(byte), width: 2)) in a string: escape it")
            default:
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u needs four hexadecimal digits", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = CharacterClass.hexValue(bytes[index]) else {
                throw fail("\\u needs four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("leading zero in a number", at: index - 1) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a fraction needs digits after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("an exponent needs digits") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw fail("unexpected \(describe(index)): expected a value")
        }
        index += expected.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Rejects input that is not well-formed UTF-8, at the first bad byte.
    private func checkUTF8() throws(JSONSyntaxError) {
        var validator = UTF8Validator()
        for (offset, byte) in bytes.enumerated() {
            do {
                _ = try validator.feed(byte, at: offset)
            } catch {
                throw fail("not valid UTF-8", at: error.offset)
            }
        }
        do { try validator.finish() } catch { throw fail("not valid UTF-8: truncated sequence", at: error.offset) }
    }

    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        return URLRejection.describe(bytes[offset])
    }

    private func hexText(_ value: UInt32, width: Int = 4) -> String { URLRejection.hex(value, width: width) }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let position = min(offset ?? index, bytes.count)
        let (line, column) = Self.lineAndColumn(of: position, in: bytes)
        return JSONSyntaxError(offset: position, line: line, column: column, reason: reason)
    }

    /// The 1-based line and column of byte `offset` of `bytes` (UTF-8); columns count Unicode
    /// scalars, as editors do.
    static func lineAndColumn(of offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
