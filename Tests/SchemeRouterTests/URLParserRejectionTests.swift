import Testing

@testable import SchemeRouter

/// One test per `URLRejection` case: the exact rejection (offset included), its code, and how it
/// prints (message, input, caret under the offending byte).
@Suite struct URLParserRejectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var maximumLength = URLParser.defaultMaximumLength
        /// Decode the query with `.text` (decoding rejections come from `URLPart.decoded`).
        var decodes = false
        var expected: URLRejection
        var code: String
        var rendered: [String]

        var testDescription: String { "\(code): \(ConformanceText.escaped(String(decoding: input, as: UTF8.self)))" }

        init(_ input: String, maximumLength: Int = URLParser.defaultMaximumLength, _ expected: URLRejection, _ code: String, _ rendered: [String]) {
            self.input = Array(input.utf8)
            self.maximumLength = maximumLength
            self.expected = expected
            self.code = code
            self.rendered = rendered
        }

        static func decoding(_ input: String, _ expected: URLRejection, _ code: String, _ rendered: [String]) -> Case {
            var result = Case(input, expected, code, rendered)
            result.decodes = true
            return result
        }

        func rejection() -> URLRejection? {
            do {
                let url = try SchemeURL(bytes: input, maximumLength: maximumLength)
                guard decodes else { return nil }
                _ = try url.query?.decoded()
                return nil
            } catch {
                return error
            }
        }
    }

    static let cases: [Case] = [
        Case("", .empty, "empty", ["error: empty URL at byte 0", "  ", "  ^"]),
        Case(
            "s:abcdef", maximumLength: 5, .tooLong(length: 8, maximum: 5), "too-long",
            ["error: URL is 8 bytes long; the maximum is 5 at byte 5", "  s:abcdef", "       ^"]),
        Case(
            "notes/compose", .missingScheme(offset: 0), "missing-scheme",
            ["error: missing scheme: an incoming URL must start with 'scheme:' at byte 0", "  notes/compose", "  ^"]),
        Case(
            ":compose", .invalidSchemeStart(offset: 0, byte: UInt8(ascii: ":")), "invalid-scheme-start",
            ["error: empty scheme: a scheme starts with a letter at byte 0", "  :compose", "  ^"]),
        Case(
            "1notes:x", .invalidSchemeStart(offset: 0, byte: UInt8(ascii: "1")), "invalid-scheme-start",
            ["error: scheme must start with a letter, not '1' at byte 0", "  1notes:x", "  ^"]),
        Case(
            "no_tes:x", .invalidSchemeCharacter(offset: 2, byte: UInt8(ascii: "_")), "invalid-scheme-character",
            ["error: '_' is not allowed in a scheme (letters, digits, '+', '-', '.') at byte 2", "  no_tes:x", "    ^"]),
        Case(
            "x:a\0b", .nulByte(offset: 3), "nul-byte",
            ["error: raw NUL byte at byte 3", #"  x:a\x00b"#, "     ^"]),
        Case(
            "x:a\tb", .controlCharacter(offset: 3, byte: 0x09), "control-character",
            ["error: raw control character 0x09 at byte 3", #"  x:a\x09b"#, "     ^"]),
        Case(
            "x:a\u{7F}", .controlCharacter(offset: 3, byte: 0x7F), "control-character",
            ["error: raw control character 0x7F at byte 3", #"  x:a\x7F"#, "     ^"]),
        Case(
            "x:a b", .space(offset: 3), "space",
            ["error: raw space: percent-encode it as %20 at byte 3", "  x:a b", "     ^"]),
        Case(
            "x:café", .nonASCII(offset: 5, byte: 0xC3), "non-ascii",
            ["error: raw non-ASCII byte 0xC3: percent-encode it at byte 5", #"  x:caf\xC3\xA9"#, "       ^"]),
        Case(
            "x:a|b", .disallowedCharacter(offset: 3, byte: UInt8(ascii: "|")), "disallowed-character",
            ["error: '|' is never allowed raw in a URL: percent-encode it at byte 3", "  x:a|b", "     ^"]),
        Case(
            "x:a%2", .invalidPercentEncoding(offset: 3), "invalid-percent-encoding",
            ["error: '%' must be followed by two hexadecimal digits at byte 3", "  x:a%2", "     ^"]),
        Case(
            "x:a[b", .unexpectedCharacter(offset: 3, byte: UInt8(ascii: "["), component: .path), "unexpected-character",
            ["error: '[' is not allowed in the path at byte 3", "  x:a[b", "     ^"]),
        Case(
            "x://a@b@c", .unexpectedCharacter(offset: 7, byte: UInt8(ascii: "@"), component: .host),
            "unexpected-character",
            ["error: '@' is not allowed in the host at byte 7", "  x://a@b@c", "         ^"]),
        Case(
            "x:a#b#c", .multipleFragments(offset: 5), "multiple-fragments",
            [
                "error: second '#': a URL has at most one fragment (percent-encode it as %23) at byte 5", "  x:a#b#c",
                "       ^",
            ]),
        Case(
            "x://[::1::2]/", .invalidIPLiteral(offset: 9), "invalid-ip-literal",
            [
                "error: malformed IP literal: expected [IPv6] or [vX.future] (RFC 3986 §3.2.2) at byte 9",
                "  x://[::1::2]/", "           ^",
            ]),
        Case(
            "x://h:8o", .invalidPort(offset: 7, byte: UInt8(ascii: "o")), "invalid-port",
            ["error: 'o' in port: a port is decimal digits only at byte 7", "  x://h:8o", "         ^"]),
        Case(
            "x://h:70000", .portOutOfRange(offset: 6), "port-out-of-range",
            ["error: port is larger than 65535 at byte 6", "  x://h:70000", "        ^"]),
        .decoding(
            "todolist://x?%C0%AF", .invalidUTF8(offset: 13), "invalid-utf8",
            ["error: percent-encoded bytes are not valid UTF-8 at byte 13", "  todolist://x?%C0%AF", "               ^"]),
        .decoding(
            "todolist://x?a%00b", .decodedControlCharacter(offset: 14, scalar: 0), "decoded-control-character",
            [
                "error: percent-encoded control character U+0000 is not allowed in text at byte 14",
                "  todolist://x?a%00b", "                ^",
            ]),
    ]

    @Test(arguments: cases)
    func rejection(_ row: Case) {
        let rejection = row.rejection()
        #expect(rejection == row.expected)
        #expect(rejection?.code == row.code)
        #expect(rejection?.offset == row.expected.offset)
        #expect(row.expected.render(input: row.input) == row.rendered.joined(separator: "\n"))
        #expect(row.expected.description == "\(row.expected.message) at byte \(row.expected.offset)")
    }

    /// Every case of `URLRejection` has a row above (the switch fails to compile when a case is added).
    @Test func everyCaseIsCovered() {
        func name(_ rejection: URLRejection) -> String {
            switch rejection {
            case .empty: "empty"
            case .tooLong: "tooLong"
            case .missingScheme: "missingScheme"
            case .invalidSchemeStart: "invalidSchemeStart"
            case .invalidSchemeCharacter: "invalidSchemeCharacter"
            case .nulByte: "nulByte"
            case .controlCharacter: "controlCharacter"
            case .space: "space"
            case .nonASCII: "nonASCII"
            case .disallowedCharacter: "disallowedCharacter"
            case .invalidPercentEncoding: "invalidPercentEncoding"
            case .unexpectedCharacter: "unexpectedCharacter"
            case .multipleFragments: "multipleFragments"
            case .invalidIPLiteral: "invalidIPLiteral"
            case .invalidPort: "invalidPort"
            case .portOutOfRange: "portOutOfRange"
            case .invalidUTF8: "invalidUTF8"
            case .decodedControlCharacter: "decodedControlCharacter"
            }
        }
        #expect(Set(Self.cases.map { name($0.expected) }).count == 18)
        // Codes are distinct per case.
        let codes = Dictionary(grouping: Self.cases, by: { name($0.expected) }).mapValues { Set($0.map(\.code)) }
        #expect(Set(codes.values.map { $0.first! }).count == 18)
        #expect(codes.values.allSatisfy { $0.count == 1 })
    }

    // MARK: - More offsets

    /// Relative references are missing their scheme, whatever byte comes first.
    @Test(arguments: ["g;x", "./g", "../g", ".", "%2F", "A'C", "g?y:z", "#a:b", "//h:1", "g;x?y#s", "a@b", "-", "1"])
    func relativeReferenceIsMissingScheme(_ input: String) {
        #expect(URLParser.rejection(input) == .missingScheme(offset: 0))
    }

    /// A colon in the first segment makes it a (malformed) scheme, not a relative reference.
    @Test func malformedSchemeBeforeColon() {
        #expect(URLParser.rejection("g;x:y") == .invalidSchemeCharacter(offset: 1, byte: UInt8(ascii: ";")))
        // `./g:h` is RFC 3986 §4.2's own relative reference: its first segment has no colon.
        #expect(URLParser.rejection("./g:h") == .missingScheme(offset: 0))
        #expect(URLParser.rejection(".g:h") == .invalidSchemeStart(offset: 0, byte: UInt8(ascii: ".")))
        #expect(URLParser.rejection("1a:b") == .invalidSchemeStart(offset: 0, byte: UInt8(ascii: "1")))
        #expect(URLParser.rejection("::") == .invalidSchemeStart(offset: 0, byte: UInt8(ascii: ":")))
        // A universally forbidden byte is reported where it stands, before the scheme question.
        #expect(URLParser.rejection("g x") == .space(offset: 1))
        #expect(URLParser.rejection("a<b") == .disallowedCharacter(offset: 1, byte: UInt8(ascii: "<")))
        #expect(URLParser.rejection("\u{80}") == .nonASCII(offset: 0, byte: 0xC2))
    }

    /// The first fault wins, reading left to right.
    @Test func firstFaultWins() {
        #expect(URLParser.rejection("s:a b\tc") == .space(offset: 3))
        #expect(URLParser.rejection("s:a%zz b") == .invalidPercentEncoding(offset: 3))
        #expect(URLParser.rejection("s:a#b#c d") == .multipleFragments(offset: 5))
        #expect(URLParser.rejection("s:a#b c#d") == .space(offset: 5))
        #expect(URLParser.rejection("s://h:99999/ ") == .portOutOfRange(offset: 6))
    }

    @Test func percentEscapeAtTheEnd() {
        #expect(URLParser.rejection("s:%") == .invalidPercentEncoding(offset: 2))
        #expect(URLParser.rejection("s:%4") == .invalidPercentEncoding(offset: 2))
        #expect(URLParser.rejection("s:%41") == nil)
        #expect(URLParser.rejection("s:?%4") == .invalidPercentEncoding(offset: 3))
        #expect(URLParser.rejection("s:#%") == .invalidPercentEncoding(offset: 3))
        #expect(URLParser.rejection("s://%") == .invalidPercentEncoding(offset: 4))
        #expect(URLParser.rejection("s://%@h") == .invalidPercentEncoding(offset: 4))
    }

    /// Every universally forbidden byte is rejected with its own case in every component.
    @Test func universallyForbiddenBytesInEveryComponent() {
        let templates = ["s:X", "s://X", "s://uX@h", "s://h:1X", "s://[X]", "s://h/X", "s:?X", "s:#X", "sX:"]
        for template in templates {
            let position = template.utf8.firstIndex(of: UInt8(ascii: "X"))!
            let offset = template.utf8.distance(from: template.utf8.startIndex, to: position)
            for byte in PropertyTests.universallyForbidden {
                var input = Array(template.utf8)
                input[offset] = byte
                #expect(
                    Self.reject(input) == PropertyTests.expectedRejection(byte, at: offset),
                    "\(template) with byte 0x\(String(byte, radix: 16))")
            }
        }
    }

    static func reject(_ bytes: [UInt8]) -> URLRejection? {
        do {
            _ = try SchemeURL(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Rendering

    @Test func renderingCutsLongInputsAroundTheFault() {
        let head = "s:" + String(repeating: "a", count: 100)
        let input = head + " " + String(repeating: "b", count: 100)
        let rejection = URLParser.rejection(input)
        #expect(rejection == .space(offset: 102))
        let expected = [
            "error: raw space: percent-encode it as %20 at byte 102",
            "  …" + String(repeating: "a", count: 32) + " " + String(repeating: "b", count: 32) + "…",
            "  " + String(repeating: " ", count: 33) + "^",
        ]
        #expect(rejection?.render(input: input) == expected.joined(separator: "\n"))
    }

    @Test func renderingTooLongPointsPastTheLimit() {
        let input = "x:" + String(repeating: "a", count: 16_400)
        let rejection = URLParser.rejection(input)
        #expect(rejection == .tooLong(length: 16_402, maximum: 16_384))
        let expected = [
            "error: URL is 16402 bytes long; the maximum is 16384 at byte 16384",
            "  …" + String(repeating: "a", count: 50),
            "  " + String(repeating: " ", count: 33) + "^",
        ]
        #expect(rejection?.render(input: input) == expected.joined(separator: "\n"))
    }

    @Test func renderingEscapesUnprintableBytes() {
        let input: [UInt8] = Array("s:".utf8) + [0x01, 0x7F, 0xFF]
        let rejection = URLParserRejectionTests.reject(input)
        #expect(rejection == .controlCharacter(offset: 2, byte: 0x01))
        #expect(
            rejection?.render(input: input)
                == "error: raw control character 0x01 at byte 2\n  s:\\x01\\x7F\\xFF\n    ^")
    }
}
