import Testing

@testable import SchemeRouter

/// RFC 3986 syntax authorities: haskell/network-uri's `testURIRef` suite, uriparser's syntax and
/// IP-address tables, and JSON-Schema-Test-Suite's `format: uri` (fixtures in `Fixtures/conformance/rfc3986`).
@Suite struct ConformanceRFC3986Tests {
    /// The fixtures are all there, with the counts their SOURCE.md gives (a missing file must not
    /// silently turn a parameterised test into zero cases).
    @Test func fixtureCounts() throws {
        let networkURI = try ConformanceFixtures.networkURICases()
        #expect(networkURI.count == 114)
        let kinds = Dictionary(grouping: networkURI, by: \.kind).mapValues(\.count)
        #expect(kinds == ["AbsId": 21, "AbsRf": 10, "RelRf": 55, "InvRf": 28])

        let syntax = try ConformanceFixtures.uriparserSyntax()
        #expect(syntax.parse_ok.count == 21)
        #expect(syntax.parse_fail.count == 2)
        #expect(syntax.distinction.count == 14)
        #expect(syntax.ipv4_valid.count == 6)
        #expect(syntax.ipv4_invalid.count == 14)
        #expect(syntax.ipv6_valid.count == 45)
        #expect(syntax.ipv6_invalid.count == 34)

        let jsonSchema = try ConformanceFixtures.jsonSchemaURICases()
        #expect(jsonSchema.count == 40)
        #expect(jsonSchema.filter(\.valid).count == 15)
    }

    // MARK: - haskell/network-uri testURIRef

    /// Rows RFC 3986 (and network-uri) accept that SchemeRouter deliberately rejects, other than raw
    /// non-ASCII (IRIs, handled by rule): each with the rejection we give and why.
    static let networkURIKnownDifferences: [String: (rejection: URLRejection, reason: String)] = [
        "http://[fe80::ff:fe00:1%25eth0]": (
            .invalidIPLiteral(offset: 23),
            "IPv6 zone identifier (RFC 6874 `%25eth0`) is not RFC 3986 syntax; RFC 9844 withdrew it from URIs"
        )
    ]

    @Test(arguments: try ConformanceFixtures.networkURICases())
    func networkURI(_ row: ConformanceFixtures.NetworkURICase) throws {
        let input = row.input
        let rejection = URLParser.rejection(input)
        switch row.kind {
        case "InvRf":
            #expect(!row.valid)
            let rejection = try #require(rejection, "an invalid URI reference must be rejected")
            #expect(rejection.offset >= 0 && rejection.offset < input.utf8.count)
        case "RelRf":
            // An incoming URL always has a scheme: a relative reference is rejected for lacking one.
            #expect(row.valid)
            #expect(rejection == (input.isEmpty ? .empty : .missingScheme(offset: 0)))
        case "AbsId", "AbsRf":
            #expect(row.valid)
            if let nonASCII = input.utf8.firstIndex(where: { $0 >= 0x80 }) {
                // An IRI: we ask for percent-encoding, pointing at the first non-ASCII byte.
                let offset = input.utf8.distance(from: input.utf8.startIndex, to: nonASCII)
                #expect(rejection == .nonASCII(offset: offset, byte: input.utf8[nonASCII]))
            } else if let known = Self.networkURIKnownDifferences[input] {
                #expect(rejection == known.rejection, "\(known.reason)")
            } else {
                #expect(rejection == nil, "rejected: \(rejection.map { $0.render(input: input) } ?? "")")
                if rejection == nil {
                    // AbsId rows are absolute-URI: no fragment.
                    let layout = try URLParser.validate(input)
                    #expect((layout.fragment == nil) == (row.kind == "AbsId"))
                }
            }
        default:
            Issue.record("unknown kind \(row.kind)")
        }
    }

    /// The known differences still occur in the suite (so the list cannot go stale).
    @Test func networkURIKnownDifferencesAreInTheSuite() throws {
        let inputs = Set(try ConformanceFixtures.networkURICases().map(\.input))
        for input in Self.networkURIKnownDifferences.keys {
            #expect(inputs.contains(input), "\(input) is no longer in network-uri-urirefs.json")
        }
    }

    // MARK: - uriparser

    @Test func uriparserIPv4Tables() throws {
        let syntax = try ConformanceFixtures.uriparserSyntax()
        for address in syntax.ipv4_valid {
            #expect(URLParser.isIPv4Address(address), "\(address)")
            // As a host, it is recognised as an IPv4 address.
            #expect(try URLParser.validate("s://\(address)/").hostKind == .ipv4, "\(address)")
        }
        for address in syntax.ipv4_invalid {
            #expect(!URLParser.isIPv4Address(address), "\(address)")
            // As a host it is still a valid reg-name (RFC 3986's first-match rule), never IPv4.
            #expect(try URLParser.validate("s://\(address)/").hostKind == .registeredName, "\(address)")
        }
    }

    @Test func uriparserIPv6Tables() throws {
        let syntax = try ConformanceFixtures.uriparserSyntax()
        for address in syntax.ipv6_valid {
            #expect(URLParser.isIPv6Address(address), "\(address)")
            let url = "s://[\(address)]:1/"
            let layout = try URLParser.validate(url)
            #expect(layout.hostKind == .ipv6, "\(address)")
            #expect(layout.host == 4..<(6 + address.utf8.count), "\(address)")
        }
        for address in syntax.ipv6_invalid {
            #expect(!URLParser.isIPv6Address(address), "\(address)")
            let url = "s://[\(address)]/"
            let rejection = URLParser.rejection(url)
            guard case .invalidIPLiteral(let offset) = rejection else {
                Issue.record("\(url): expected invalid-ip-literal, got \(String(describing: rejection))")
                continue
            }
            // The fault lies inside the brackets.
            #expect(offset >= 5 && offset <= 5 + address.utf8.count, "\(url) at \(offset)")
        }
    }

    @Test func uriparserParseOK() throws {
        for input in try ConformanceFixtures.uriparserSyntax().parse_ok {
            let rejection = URLParser.rejection(input)
            if input.isEmpty {
                #expect(rejection == .empty)
            } else if Self.hasScheme(input) {
                #expect(rejection == nil, "\(input): \(ConformanceText.verdict(input))")
            } else {
                // uriparser parses URI references; an incoming URL must be absolute.
                #expect(rejection == .missingScheme(offset: 0), "\(input)")
            }
        }
    }

    @Test func uriparserParseFail() throws {
        for input in try ConformanceFixtures.uriparserSyntax().parse_fail {
            let rejection = try #require(URLParser.rejection(input), "\(input)")
            #expect(rejection.offset >= 0 && rejection.offset < input.utf8.count)
        }
        #expect(URLParser.rejection("http://www.example.com/name with spaces/") == .space(offset: 27))
        #expect(URLParser.rejection("A>B") == .disallowedCharacter(offset: 1, byte: UInt8(ascii: ">")))
    }

    /// uriparser's grammar-branch table: whether a host is set, whether the path is absolute
    /// (`path-absolute`, no authority) and whether the last path segment is empty.
    @Test(arguments: try ConformanceFixtures.uriparserSyntax().distinction)
    func uriparserDistinction(_ row: ConformanceFixtures.URIParserSyntax.Distinction) throws {
        guard Self.hasScheme(row.input) else {
            // Relative references (`//`, `/`, `a`, ``) do not apply: we reject them.
            #expect(URLParser.rejection(row.input) == (row.input.isEmpty ? .empty : .missingScheme(offset: 0)))
            return
        }
        let url = try SchemeURL(row.input)
        #expect((url.host != nil) == row.host_set)
        let path = url.path.raw
        #expect((url.host == nil && path.hasPrefix("/")) == row.absolute_path)
        // Segments as the grammar has them: `path-abempty` and `path-absolute` open one per `/`,
        // except that a lone `/` without authority (`s:/`) has none; `path-rootless` starts with one.
        var segments: [Substring] = []
        if url.host != nil || path.hasPrefix("/") {
            if !path.isEmpty && !(url.host == nil && path == "/") {
                segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            }
        } else if !path.isEmpty {
            segments = path.split(separator: "/", omittingEmptySubsequences: false)
        }
        #expect((segments.last == "") == row.empty_tail_segment)
    }

    /// Whether `input` starts with `scheme ":"` (RFC 3986 §3.1).
    static func hasScheme(_ input: String) -> Bool {
        let bytes = Array(input.utf8)
        guard let first = bytes.first, first.isASCIILetter else { return false }
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: ":") { return true }
            if !(byte.isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))
            {
                return false
            }
        }
        return false
    }

    // MARK: - JSON-Schema-Test-Suite format: uri

    /// Every row agrees with JSON Schema's `format: uri` (no known differences).
    @Test(arguments: try ConformanceFixtures.jsonSchemaURICases())
    func jsonSchemaFormatURI(_ row: ConformanceFixtures.JSONSchemaURICase) {
        #expect(
            (URLParser.rejection(row.data) == nil) == row.valid,
            "\(row.description): JSON Schema says \(row.valid ? "valid" : "invalid"), we say \(ConformanceText.verdict(row.data))")
    }

    /// Exact rejections for a few rows, so the verdicts above are for the right reason.
    @Test func jsonSchemaRejectionReasons() throws {
        let expected: [(String, URLRejection)] = [
            ("//foo.bar/?baz=qux#quux", .missingScheme(offset: 0)),
            ("/abc", .missingScheme(offset: 0)),
            ("abc", .missingScheme(offset: 0)),
            (#"\\WINDOWS\fileshare"#, .disallowedCharacter(offset: 0, byte: UInt8(ascii: "\\"))),
            ("http:// shouldfail.com", .space(offset: 7)),
            (":// should fail", .invalidSchemeStart(offset: 0, byte: UInt8(ascii: ":"))),
            ("bar,baz:foo", .invalidSchemeCharacter(offset: 3, byte: UInt8(ascii: ","))),
            ("https://[@example.org/test.txt", .unexpectedCharacter(offset: 8, byte: UInt8(ascii: "["), component: .userinfo)),
            ("https://example.org/foobar®.txt", .nonASCII(offset: 26, byte: 0xC2)),
            ("http://example.com/%6G", .invalidPercentEncoding(offset: 19)),
            ("http://example.com/%A", .invalidPercentEncoding(offset: 19)),
            ("http://example.com/%", .invalidPercentEncoding(offset: 19)),
            ("1http://example.com", .invalidSchemeStart(offset: 0, byte: UInt8(ascii: "1"))),
            ("ht_tp://example.com", .invalidSchemeCharacter(offset: 2, byte: UInt8(ascii: "_"))),
            ("http://example.com:abc/path", .invalidPort(offset: 19, byte: UInt8(ascii: "a"))),
            ("http://[::ffff:01.2.3.4]", .invalidIPLiteral(offset: 15)),
            ("http:/[::1]", .unexpectedCharacter(offset: 6, byte: UInt8(ascii: "["), component: .path)),
        ]
        for (input, rejection) in expected {
            #expect(URLParser.rejection(input) == rejection, "\(input)")
        }
        #expect(try URLParser.validate("http://087.10.0.1/").hostKind == .registeredName)
        #expect(try URLParser.validate("http://223.255.255.254").hostKind == .ipv4)
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
