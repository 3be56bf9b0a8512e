import Glibc
import Testing

@testable import SchemeRouter

/// What the parser accepts and how it reports components: exactly as written, absent ≠ empty.
@Suite struct URLParserTests {
    @Test func seedURL() throws {
        let url = try SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(url.scheme == "todolist")
        #expect(url.host?.raw == "www.acme.com")
        #expect(try url.query?.decoded() == "Quarterly Report")
        #expect(url.fragment?.raw == "200806231300")
    }

    // MARK: - Components as written

    /// The components of a URL as plain optionals, for one-line comparisons.
    struct Components: Equatable, CustomStringConvertible {
        var scheme: String
        var userinfo: String?
        var host: String?
        var port: Int?
        var path: String
        var query: String?
        var fragment: String?

        init(
            scheme: String, userinfo: String? = nil, host: String? = nil, port: Int? = nil, path: String = "",
            query: String? = nil, fragment: String? = nil
        ) {
            (self.scheme, self.userinfo, self.host, self.port) = (scheme, userinfo, host, port)
            (self.path, self.query, self.fragment) = (path, query, fragment)
        }

        init(_ url: SchemeURL) {
            self.init(
                scheme: url.scheme, userinfo: url.userinfo?.description, host: url.host?.description, port: url.port,
                path: url.path.description, query: url.query?.description, fragment: url.fragment?.description)
        }

        var description: String {
            "scheme=\(scheme) userinfo=\(userinfo ?? "nil") host=\(host ?? "nil") port=\(port.map(String.init) ?? "nil") path=\(path) query=\(query ?? "nil") fragment=\(fragment ?? "nil")"
        }
    }

    static let componentCases: [(String, Components)] = [
        // No authority: host is absent, not empty.
        ("myapp:compose", Components(scheme: "myapp", path: "compose")),
        // Authority, query and fragment present but empty.
        ("myapp://?#", Components(scheme: "myapp", host: "", query: "", fragment: "")),
        ("myapp://", Components(scheme: "myapp", host: "")),
        ("myapp:///", Components(scheme: "myapp", host: "", path: "/")),
        ("myapp:", Components(scheme: "myapp")),
        ("myapp:?", Components(scheme: "myapp", query: "")),
        ("myapp:#", Components(scheme: "myapp", fragment: "")),
        ("myapp:/p", Components(scheme: "myapp", path: "/p")),
        // Everything, as written (escapes kept, case kept outside the scheme).
        (
            "MyApp://User:Pw%20@Host.Example:8080/A//b%2F?Q=1&q=2?#Frag/?",
            Components(
                scheme: "myapp", userinfo: "User:Pw%20", host: "Host.Example", port: 8080, path: "/A//b%2F",
                query: "Q=1&q=2?", fragment: "Frag/?")
        ),
        // Empty userinfo; empty port reads as no port.
        ("myapp://@h", Components(scheme: "myapp", userinfo: "", host: "h")),
        ("myapp://h:", Components(scheme: "myapp", host: "h")),
        ("myapp://h:/p", Components(scheme: "myapp", host: "h", path: "/p")),
        ("myapp://:80", Components(scheme: "myapp", host: "", port: 80)),
        // `a//b` keeps its empty segment; dot segments are kept.
        ("myapp:a//b", Components(scheme: "myapp", path: "a//b")),
        ("myapp://h/./a/../b", Components(scheme: "myapp", host: "h", path: "/./a/../b")),
        // `?` and `/` in query and fragment; `@` and `:` in a path.
        ("myapp:a@b:c?x/y?z#f/?", Components(scheme: "myapp", path: "a@b:c", query: "x/y?z", fragment: "f/?")),
        // `+` is a literal byte.
        ("myapp:a+b?c+d", Components(scheme: "myapp", path: "a+b", query: "c+d")),
        // Scheme characters.
        ("A1+-.:x", Components(scheme: "a1+-.", path: "x")),
    ]

    @Test(arguments: componentCases.indices)
    func components(_ index: Int) throws {
        let (input, expected) = Self.componentCases[index]
        let url = try SchemeURL(input)
        #expect(Components(url) == expected, "\(input)")
        #expect(url.text == input)
        #expect(url.description == input)
    }

    @Test func schemeIsLowerCasedButTextIsKept() throws {
        let url = try SchemeURL("ToDoList://X")
        #expect(url.scheme == "todolist")
        #expect(url.rawScheme.raw == "ToDoList")
        #expect(url.text == "ToDoList://X")
        #expect(url.host?.raw == "X")
    }

    @Test func rawPortDistinguishesEmptyFromAbsent() throws {
        #expect(try SchemeURL("myapp://h").rawPort == nil)
        #expect(try SchemeURL("myapp://h:").rawPort?.raw == "")
        #expect(try SchemeURL("myapp://h:").port == nil)
        #expect(try SchemeURL("myapp://h:007").rawPort?.raw == "007")
        #expect(try SchemeURL("myapp://h:007").port == 7)
    }

    @Test func layoutRangesExcludeDelimiters() throws {
        let input = "s://u@h:1/p?q#f"
        let layout = try URLParser.validate(input)
        #expect(layout.scheme == 0..<1)
        #expect(layout.userinfo == 4..<5)
        #expect(layout.host == 6..<7)
        #expect(layout.port == 8..<9)
        #expect(layout.portNumber == 1)
        #expect(layout.path == 9..<11)
        #expect(layout.query == 12..<13)
        #expect(layout.fragment == 14..<15)
        #expect(layout.authority == 4..<9)
        #expect(try URLParser.validate("s:p").authority == nil)
    }

    @Test func pathSegmentsKeepEmptyAndDotSegments() throws {
        let url = try SchemeURL("myapp://h/a//b/./../")
        #expect(url.pathSegments.map(\.description) == ["a", "", "b", ".", "..", ""])
        // Each segment knows its byte offset in the URL.
        #expect(url.pathSegments.map(\.offset) == [10, 12, 13, 15, 17, 20])
        #expect(try SchemeURL("myapp:a//b").pathSegments.map(\.description) == ["a", "", "b"])
        #expect(try SchemeURL("myapp://h").pathSegments.isEmpty)
        #expect(try SchemeURL("myapp://h/").pathSegments.isEmpty)
    }

    @Test func queryItemsKeepEmptyItemsAndFirstEquals() throws {
        let url = try SchemeURL("myapp://h?a=1&&b&c=&d=e=f&a=2")
        let items = url.queryItems.map { ($0.name.description, $0.value?.description) }
        #expect(items.map(\.0) == ["a", "", "b", "c", "d", "a"])
        #expect(items.map(\.1) == ["1", nil, nil, "", "e=f", "2"])
        #expect(url.queryItems.map { $0.value?.offset } == [12, nil, nil, 19, 22, 28])
        #expect(try SchemeURL("myapp://h").queryItems.isEmpty)
    }

    // MARK: - Hosts

    static let hostCases: [(String, String, URLLayout.HostKind)] = [
        ("s://example.com", "example.com", .registeredName),
        ("s://", "", .registeredName),
        ("s://127.0.0.1:80/", "127.0.0.1", .ipv4),
        ("s://0.0.0.0", "0.0.0.0", .ipv4),
        ("s://255.255.255.255", "255.255.255.255", .ipv4),
        // Looks like IPv4 but is not one: a valid reg-name (RFC 3986 §3.2.2).
        ("s://256.0.0.1", "256.0.0.1", .registeredName),
        ("s://01.2.3.4", "01.2.3.4", .registeredName),
        ("s://1.2.3.4.", "1.2.3.4.", .registeredName),
        ("s://1.2.3", "1.2.3", .registeredName),
        ("s://127.0.0.1.nip.io", "127.0.0.1.nip.io", .registeredName),
        ("s://h%C3%A9", "h%C3%A9", .registeredName),
        ("s://[::1]", "[::1]", .ipv6),
        ("s://[::1]:8080/x", "[::1]", .ipv6),
        ("s://[2001:DB8::8:800:200C:417A]", "[2001:DB8::8:800:200C:417A]", .ipv6),
        ("s://[::ffff:192.0.2.1]", "[::ffff:192.0.2.1]", .ipv6),
        ("s://[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8]", .ipv6),
        ("s://[v1.fe80::a+b]", "[v1.fe80::a+b]", .ipvFuture),
        ("s://[VF.x~y!$&'()*+,;=:]", "[VF.x~y!$&'()*+,;=:]", .ipvFuture),
        ("s://u@[::]:1", "[::]", .ipv6),
    ]

    @Test(arguments: hostCases.indices)
    func hostKinds(_ index: Int) throws {
        let (input, host, kind) = Self.hostCases[index]
        let url = try SchemeURL(input)
        #expect(url.host?.raw == Substring(host), "\(input)")
        #expect(url.hostKind == kind, "\(input)")
    }

    @Test func noAuthorityHasNoHostKind() throws {
        #expect(try SchemeURL("s:x").hostKind == nil)
        #expect(try SchemeURL("s:/x").hostKind == nil)
    }

    static let hostRejections: [(String, URLRejection)] = [
        ("s://[::1", .invalidIPLiteral(offset: 4)),
        ("s://[", .invalidIPLiteral(offset: 4)),
        ("s://[]", .invalidIPLiteral(offset: 5)),
        ("s://[::1::2]/", .invalidIPLiteral(offset: 9)),
        ("s://[12345::]", .invalidIPLiteral(offset: 9)),
        ("s://[1:2:3:4:5:6:7]", .invalidIPLiteral(offset: 5)),
        ("s://[1:2:3:4:5:6:7:8:9]", .invalidIPLiteral(offset: 5)),
        ("s://[::1.2.3.04]", .invalidIPLiteral(offset: 7)),
        ("s://[fe80::1%25eth0]", .invalidIPLiteral(offset: 12)),
        ("s://[v1]", .invalidIPLiteral(offset: 7)),
        ("s://[v.x]", .invalidIPLiteral(offset: 6)),
        ("s://[v1.]", .invalidIPLiteral(offset: 7)),
        // `/` ends the authority, so this literal is unclosed.
        ("s://[v1.a/b]", .invalidIPLiteral(offset: 4)),
        ("s://[v1.a%20]", .invalidIPLiteral(offset: 9)),
        ("s://[::1]x", .unexpectedCharacter(offset: 9, byte: UInt8(ascii: "x"), component: .host)),
        ("s://[::1] ", .space(offset: 9)),
        ("s://[::1 ]", .space(offset: 8)),
        ("s://a[b", .unexpectedCharacter(offset: 5, byte: UInt8(ascii: "["), component: .host)),
        ("s://a]b", .unexpectedCharacter(offset: 5, byte: UInt8(ascii: "]"), component: .host)),
        ("s://a@b@c", .unexpectedCharacter(offset: 7, byte: UInt8(ascii: "@"), component: .host)),
        ("s://[::1]@h", .unexpectedCharacter(offset: 4, byte: UInt8(ascii: "["), component: .userinfo)),
        ("s://a%zz", .invalidPercentEncoding(offset: 5)),
        ("s://a%2/", .invalidPercentEncoding(offset: 5)),
    ]

    @Test(arguments: hostRejections.indices)
    func rejectedHosts(_ index: Int) {
        let (input, expected) = Self.hostRejections[index]
        #expect(URLParser.rejection(input) == expected, "\(input)")
    }

    // MARK: - Ports

    @Test func ports() throws {
        #expect(try SchemeURL("s://h:0").port == 0)
        #expect(try SchemeURL("s://h:65535").port == 65535)
        #expect(try SchemeURL("s://h:0065535").port == 65535)
        #expect(try SchemeURL("s://h:").port == nil)
        #expect(try SchemeURL("s://h").port == nil)
        #expect(try SchemeURL("s://[::1]:443").port == 443)
        #expect(URLParser.rejection("s://h:65536") == .portOutOfRange(offset: 6))
        #expect(URLParser.rejection("s://h:99999999999999999999999999") == .portOutOfRange(offset: 6))
        #expect(URLParser.rejection("s://h:-80") == .invalidPort(offset: 6, byte: UInt8(ascii: "-")))
        #expect(URLParser.rejection("s://h:80a") == .invalidPort(offset: 8, byte: UInt8(ascii: "a")))
        #expect(URLParser.rejection("s://h:1:2") == .invalidPort(offset: 7, byte: UInt8(ascii: ":")))
        #expect(URLParser.rejection("s://h:8 0") == .space(offset: 7))
        #expect(URLParser.rejection("s://[::1]:x") == .invalidPort(offset: 10, byte: UInt8(ascii: "x")))
    }

    // MARK: - Maximum length

    @Test func defaultMaximumLengthIs16KiB() throws {
        #expect(URLParser.defaultMaximumLength == 16 * 1024)
        let atMaximum = "s:" + String(repeating: "a", count: URLParser.defaultMaximumLength - 2)
        #expect(atMaximum.utf8.count == 16_384)
        #expect(try SchemeURL(atMaximum).path.raw.count == 16_382)
        let overMaximum = atMaximum + "a"
        #expect(URLParser.rejection(overMaximum) == .tooLong(length: 16_385, maximum: 16_384))
        #expect(URLParser.rejection(overMaximum)?.offset == 16_384)
    }

    /// A layout's offsets are 32-bit, so no `maximumLength` lets longer input through. The input is
    /// 2 GiB of mapped zero pages (address space only): a parser without the cap reads it and
    /// rejects its first byte as NUL instead.
    @Test func inputLongerThanALayoutHoldsIsTooLong() throws {
        let length = URLLayout.maximumInputLength + 1
        let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        let start = try #require(mapped == MAP_FAILED ? nil : mapped)
        defer { munmap(start, length) }
        let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: length)
        #expect(URLLayout.maximumInputLength == Int(Int32.max))
        #expect(throws: URLRejection.tooLong(length: length, maximum: URLLayout.maximumInputLength)) {
            try URLParser.validate(bytes, maximumLength: .max)
        }
        #expect(throws: URLRejection.nulByte(offset: 0)) {
            try URLParser.validate(UnsafeBufferPointer(rebasing: bytes[0..<URLLayout.maximumInputLength]), maximumLength: .max)
        }
    }

    @Test func configurableMaximumLength() throws {
        #expect(URLParser.rejection("s:abc", maximumLength: 5) == nil)
        #expect(URLParser.rejection("s:abcd", maximumLength: 5) == .tooLong(length: 6, maximum: 5))
        let long = "s:" + String(repeating: "a", count: 60_000)
        #expect(URLParser.rejection(long) == .tooLong(length: 60_002, maximum: 16_384))
        #expect(URLParser.rejection(long, maximumLength: 64 * 1024) == nil)
        // The length check comes first: a long input is rejected before it is read.
        #expect(URLParser.rejection(" " + long) == .tooLong(length: 60_003, maximum: 16_384))
    }

    // MARK: - Input forms

    @Test func bytesAndStringsAgree() throws {
        let input = "myapp://u@h:1/a%20b?c#d"
        let fromString = try SchemeURL(input)
        let fromBytes = try SchemeURL(bytes: Array(input.utf8))
        #expect(fromString.layout == fromBytes.layout)
        #expect(fromString == fromBytes)
        // A bridged or substring-backed string takes the copying path and must agree.
        let sub = ("xx" + input).dropFirst(2)
        #expect(try URLParser.validate(String(sub)) == fromString.layout)
    }

    @Test func invalidUTF8BytesAreRejectedAsNonASCII() {
        #expect(throws: URLRejection.nonASCII(offset: 2, byte: 0xFF)) { try SchemeURL(bytes: [0x73, 0x3A, 0xFF]) }
        #expect(throws: URLRejection.nonASCII(offset: 3, byte: 0xC3)) { try SchemeURL(bytes: Array("s:a\u{E9}".utf8)) }
    }
}
