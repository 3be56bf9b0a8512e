import Foundation
import Testing

@testable import SchemeRouter

/// The public conformance data copied byte for byte into `Fixtures/conformance/` (see its README).
///
/// Tests read the copies through the test target's resource bundle (`Bundle.module`), never
/// `../shared`, so a fresh clone runs them as they are.
enum ConformanceFixtures {
    enum LoadError: Error, CustomStringConvertible {
        case missing(String)
        var description: String { "conformance fixture not found in the test bundle: \(self)" }
    }

    /// The bytes of `Fixtures/conformance/<path>`.
    static func data(_ path: String) throws -> Data {
        guard let root = Bundle.module.resourceURL else { throw LoadError.missing(path) }
        let url = root.appendingPathComponent("Fixtures/conformance/\(path)")
        guard FileManager.default.fileExists(atPath: url.path) else { throw LoadError.missing(path) }
        return try Data(contentsOf: url)
    }

    static func decode<T: Decodable>(_ type: T.Type, from path: String) throws -> T {
        try JSONDecoder().decode(type, from: data(path))
    }

    // MARK: - wpt/urltestdata.json

    /// One parse case of the WHATWG URL web-platform-tests.
    struct WPTCase: Decodable, Sendable {
        var input: String
        var base: String?
        var failure: Bool?
        var href: String?
        var `protocol`: String?
        var username: String?
        var password: String?
        var hostname: String?
        var port: String?
        var pathname: String?
        var search: String?
        var hash: String?

        var whatwgAccepts: Bool { failure != true }
    }

    /// `urltestdata.json` mixes comment strings and case objects.
    enum WPTEntry: Decodable {
        case comment(String)
        case test(WPTCase)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let comment = try? container.decode(String.self) {
                self = .comment(comment)
            } else {
                self = .test(try container.decode(WPTCase.self))
            }
        }
    }

    static func wptCases() throws -> [WPTCase] {
        try decode([WPTEntry].self, from: "wpt/urltestdata.json").compactMap {
            if case .test(let test) = $0 { test } else { nil }
        }
    }

    /// The `base: null` cases: an input parsed on its own, as an incoming URL is.
    static func wptAbsoluteCases() throws -> [WPTCase] {
        try wptCases().filter { $0.base == nil }
    }

    struct WPTFailureSplit: Decodable, Sendable {
        var must_reject: [String]
        var rfc3986_valid: [String]
    }

    static func wptFailureSplit() throws -> WPTFailureSplit {
        try decode(WPTFailureSplit.self, from: "wpt/absolute-failures-split.json")
    }

    enum PercentEncodingEntry: Decodable {
        case comment(String)
        case test(input: String, utf8: String?)

        private struct Case: Decodable {
            var input: String
            var output: [String: String]
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let comment = try? container.decode(String.self) {
                self = .comment(comment)
            } else {
                let test = try container.decode(Case.self)
                self = .test(input: test.input, utf8: test.output["utf-8"])
            }
        }
    }

    // MARK: - rfc3986/network-uri-urirefs.json

    struct NetworkURIFile: Decodable {
        var cases: [NetworkURICase]
    }

    /// One `testURIRef` case of haskell/network-uri: `kind` is AbsId, AbsRf, RelRf or InvRf.
    struct NetworkURICase: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var input: String
        var kind: String
        var valid: Bool

        var testDescription: String { "\(id) \(kind) \(ConformanceText.escaped(input))" }
    }

    static func networkURICases() throws -> [NetworkURICase] {
        try decode(NetworkURIFile.self, from: "rfc3986/network-uri-urirefs.json").cases
    }

    // MARK: - rfc3986/uriparser-syntax.json

    struct URIParserSyntax: Decodable, Sendable {
        struct Distinction: Decodable, Sendable, CustomTestStringConvertible {
            var input: String
            var host_set: Bool
            var absolute_path: Bool
            var empty_tail_segment: Bool

            var testDescription: String { ConformanceText.escaped(input) }
        }

        var parse_ok: [String]
        var parse_fail: [String]
        var distinction: [Distinction]
        var ipv4_valid: [String]
        var ipv4_invalid: [String]
        var ipv6_valid: [String]
        var ipv6_invalid: [String]
    }

    static func uriparserSyntax() throws -> URIParserSyntax {
        try decode(URIParserSyntax.self, from: "rfc3986/uriparser-syntax.json")
    }

    // MARK: - rfc3986/jsonschema-format-uri.json

    /// A JSON value of which only strings matter here (`format` ignores the other types).
    enum JSONStringOrOther: Decodable, Sendable {
        case string(String)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) { self = .string(string) } else { self = .other }
        }
    }

    struct JSONSchemaGroup: Decodable {
        struct Test: Decodable {
            var description: String
            var data: JSONStringOrOther
            var valid: Bool
        }
        var description: String
        var tests: [Test]
    }

    /// One string row of JSON-Schema-Test-Suite `format: uri`.
    struct JSONSchemaURICase: Sendable, CustomTestStringConvertible {
        var description: String
        var data: String
        var valid: Bool

        var testDescription: String { "\(valid ? "valid" : "invalid"): \(ConformanceText.escaped(data))" }
    }

    static func jsonSchemaURICases() throws -> [JSONSchemaURICase] {
        try decode([JSONSchemaGroup].self, from: "rfc3986/jsonschema-format-uri.json").flatMap { group in
            group.tests.compactMap { test in
                guard case .string(let data) = test.data else { return nil }
                return JSONSchemaURICase(description: test.description, data: data, valid: test.valid)
            }
        }
    }
}

/// Printing helpers shared by the conformance tests and the generated difference table.
enum ConformanceText {
    /// `text` with everything outside printable ASCII written as `\u{XX}` (so invisible and
    /// look-alike characters show), for test names and the Markdown table.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// What the parser says about `input`, for messages: `accepted` or `code@offset`.
    static func verdict(_ input: String) -> String {
        do {
            _ = try URLParser.validate(input)
            return "accepted"
        } catch {
            return "\(error.code)@\(error.offset)"
        }
    }
}

extension URLParser {
    /// The rejection for `input`, or `nil` when it is accepted.
    static func rejection(_ input: String, maximumLength: Int = defaultMaximumLength) -> URLRejection? {
        do {
            _ = try validate(input, maximumLength: maximumLength)
            return nil
        } catch {
            return error
        }
    }
}
