import Testing

@testable import SchemeRouter

/// Percent-decoding of text: valid UTF-8 or a rejection at the `%` that starts the bad sequence.
@Suite struct PercentDecodingTests {
    /// Decodes the query of `myapp://h?<query>`, whose first byte is at offset 10.
    static func decodeQuery(_ query: String, _ decoding: PercentDecoding = .text) throws(URLRejection) -> String {
        let url = try SchemeURL("myapp://h?" + query)
        return try url.query!.decoded(decoding)
    }

    static func rejection(_ query: String, _ decoding: PercentDecoding = .text) -> URLRejection? {
        do {
            _ = try decodeQuery(query, decoding)
            return nil
        } catch {
            return error
        }
    }

    @Test func validSequences() throws {
        #expect(try Self.decodeQuery("a%20b") == "a b")
        #expect(try Self.decodeQuery("%c3%A9") == "é")
        #expect(try Self.decodeQuery("%E2%82%AC") == "€")
        #expect(try Self.decodeQuery("%F0%9F%98%80") == "😀")
        #expect(try Self.decodeQuery("%E0%A0%80") == "\u{800}")  // smallest 3-byte scalar
        #expect(try Self.decodeQuery("%ED%9F%BF") == "\u{D7FF}")  // just below the surrogates
        #expect(try Self.decodeQuery("%EE%80%80") == "\u{E000}")  // just above them
        #expect(try Self.decodeQuery("%F0%90%80%80") == "\u{10000}")  // smallest 4-byte scalar
        #expect(try Self.decodeQuery("%F4%8F%BF%BF") == "\u{10FFFF}")  // largest scalar
        #expect(try Self.decodeQuery("%25") == "%")
        #expect(try Self.decodeQuery("%2B") == "+")
        #expect(try Self.decodeQuery("") == "")
        #expect(try Self.decodeQuery("plain") == "plain")
    }

    @Test func plusIsLiteralExceptInFormDecoding() throws {
        #expect(try Self.decodeQuery("a+b") == "a+b")
        #expect(try Self.decodeQuery("a+b%20c") == "a+b c")
        #expect(try Self.decodeQuery("a+b", .form) == "a b")
        #expect(try Self.decodeQuery("a+b%2Bc", .form) == "a b+c")
        #expect(try Self.decodeQuery("a+%2B+", .form) == "a + ")
        #expect(PercentDecoding.text.plusAsSpace == false)
        #expect(PercentDecoding.form.plusAsSpace == true)
    }

    /// `(query, offset of the bad sequence's '%' in myapp://h?query)`.
    static let invalidUTF8: [(String, Int)] = [
        ("%C0%AF", 10),  // overlong '/'
        ("%C1%BF", 10),  // overlong
        ("%E0%80%AF", 10),  // overlong 3-byte
        ("%E0%9F%BF", 10),  // overlong 3-byte (below U+0800)
        ("%F0%80%80%AF", 10),  // overlong 4-byte
        ("%F0%8F%BF%BF", 10),  // overlong 4-byte (below U+10000)
        ("%ED%A0%80", 10),  // high surrogate U+D800
        ("%ED%BF%BF", 10),  // low surrogate U+DFFF
        ("%F4%90%80%80", 10),  // above U+10FFFF
        ("%F5%80%80%80", 10),  // lead byte ≥ 0xF5
        ("%F8%88%80%80%80", 10),
        ("%FF", 10),
        ("%FE", 10),
        ("%80", 10),  // continuation without a lead
        ("%BF", 10),
        ("%E2%82", 10),  // truncated at the end
        ("%E2%82x", 10),  // truncated by an ASCII byte
        ("%E2%82%20", 10),  // truncated by an escaped ASCII byte
        ("%C3", 10),
        ("%F0%9F%98", 10),
        ("ok%C3%A9%C0%AF", 18),  // after a valid sequence: offset of the bad one
        ("a=1&b=%E2%82", 16),
        ("%C3%A9%C3", 16),
    ]

    @Test(arguments: invalidUTF8.indices)
    func invalidUTF8IsRejectedAtItsPercent(_ index: Int) {
        let (query, offset) = Self.invalidUTF8[index]
        #expect(Self.rejection(query) == .invalidUTF8(offset: offset), "\(query)")
        // The policy does not matter for UTF-8 validity.
        #expect(Self.rejection(query, PercentDecoding(allowsControlCharacters: true)) == .invalidUTF8(offset: offset))
    }

    /// `(query, offset, scalar)`: decoded C0, DEL and C1 control characters.
    static let decodedControls: [(String, Int, UInt32)] = [
        ("%00", 10, 0x00),
        ("%01", 10, 0x01),
        ("%09", 10, 0x09),
        ("%0A", 10, 0x0A),
        ("%0d", 10, 0x0D),
        ("%1F", 10, 0x1F),
        ("%7F", 10, 0x7F),
        ("%C2%80", 10, 0x80),
        ("%C2%85", 10, 0x85),
        ("%C2%9F", 10, 0x9F),
        ("abc%00", 13, 0x00),
        ("%C3%A9%C2%85", 16, 0x85),
    ]

    @Test(arguments: decodedControls.indices)
    func decodedControlCharactersAreRejectedForText(_ index: Int) throws {
        let (query, offset, scalar) = Self.decodedControls[index]
        #expect(Self.rejection(query) == .decodedControlCharacter(offset: offset, scalar: scalar), "\(query)")
        #expect(Self.rejection(query, .form) == .decodedControlCharacter(offset: offset, scalar: scalar))
        // Allowed on request: the scalar comes through.
        let decoded = try Self.decodeQuery(query, PercentDecoding(allowsControlCharacters: true))
        #expect(decoded.unicodeScalars.last?.value == scalar)
    }

    @Test func neighboursOfControlRangesAreText() throws {
        #expect(try Self.decodeQuery("%20%7E") == " ~")
        #expect(try Self.decodeQuery("%C2%A0") == "\u{A0}")
    }

    @Test func offsetsAreAbsoluteInEveryComponent() throws {
        let url = try SchemeURL("myapp://us%C0r@h/p/%ED%A0%80?q#f%00")
        #expect(throws: URLRejection.invalidUTF8(offset: 10)) { try url.userinfo?.decoded() }
        #expect(throws: URLRejection.invalidUTF8(offset: 19)) { try url.pathSegments[1].decoded() }
        #expect(throws: URLRejection.invalidUTF8(offset: 19)) { try url.path.decoded() }
        #expect(throws: URLRejection.decodedControlCharacter(offset: 32, scalar: 0)) { try url.fragment?.decoded() }
        let item = try #require(try SchemeURL("myapp://h?a=1&bad=x%FF").queryItems.last?.value)
        #expect(throws: URLRejection.invalidUTF8(offset: 19)) { try item.decoded() }
    }

    /// WPT `percent-encoding.json`: the UTF-8 percent-encoding of each input decodes back to it when it
    /// is a valid query (rows with raw `\` or `|` are not), and a control character is rejected unless allowed.
    @Test func wptPercentEncodingRoundTrips() throws {
        let entries = try ConformanceFixtures.decode(
            [ConformanceFixtures.PercentEncodingEntry].self, from: "wpt/percent-encoding.json")
        var checked = 0
        for case .test(let input, let utf8?) in entries {
            let url = "myapp://h?" + utf8
            if let forbidden = utf8.utf8.firstIndex(where: { CharacterClass.isAlwaysDisallowed($0) }) {
                let offset = 10 + utf8.utf8.distance(from: utf8.utf8.startIndex, to: forbidden)
                #expect(
                    URLParser.rejection(url) == .disallowedCharacter(offset: offset, byte: utf8.utf8[forbidden]))
                continue
            }
            checked += 1
            let controls = input.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            if let control = controls.first {
                #expect(Self.rejection(utf8) == .decodedControlCharacter(offset: 10, scalar: control.value))
                #expect(try Self.decodeQuery(utf8, PercentDecoding(allowsControlCharacters: true)) == input)
            } else {
                #expect(try Self.decodeQuery(utf8) == input)
            }
        }
        #expect(checked == 5)
    }

    // MARK: - Robustness on unvalidated input

    /// `decode` is public: handed text that never went through the parser, it must reject, not trap.
    @Test func unvalidatedTruncatedEscapesAreRejected() {
        for (raw, offset) in [("%", 7), ("a%", 8), ("a%4", 8), ("%zz", 7), ("%4g", 7)] {
            #expect(throws: URLRejection.invalidPercentEncoding(offset: offset), "\(raw)") {
                try PercentDecoding.text.decode(Substring(raw), offset: 7)
            }
        }
        // A substring whose base string continues past the escape must not read beyond the substring.
        let base = "a%4142"
        let slice = base.utf8.index(base.utf8.startIndex, offsetBy: 3)
        #expect(throws: URLRejection.invalidPercentEncoding(offset: 1)) {
            try PercentDecoding.text.decode(Substring(base.utf8[..<slice]), offset: 0)
        }
    }
}
