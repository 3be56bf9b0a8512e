import Foundation
import PropertyBased
import SchemeRouter
import SchemeRouterTestKit
import Testing

/// `EverythingRequest`, which the SchemeRouterGenerator plugin generates from
/// `Schemes/everything.json` at every build of this target: every parameter type, keywords,
/// repeated and optional values, a url, a catch-all, enumeration values that are not Swift names,
/// routes and parameters named like Swift keywords, and a manifest with `#`, a tab and a carriage return.
@Suite("Generated request types")
struct GeneratedRequestTests {
    static let router = AppRouter(for: EverythingRequest.self)

    /// The URL the generated type routes back to the same request: parse(print(r)) == r.
    @Test func printedRequestsRouteBackToThemselves() async {
        await propertyCheck(count: 1000, input: EverythingGen.request) { request in
            do {
                let url = try Self.router.url(for: request)
                let routed = try Self.router.route(url)
                #expect(routed.request as? EverythingRequest == request, "\(url)")
                #expect(routed.routeName == request.routeName)
            } catch {
                Issue.record("\(request): \(error)")
            }
        }
    }

    @Test("each value is read from its position in the route, typed as the manifest says")
    func valuesAreReadByPosition() throws {
        let url = "generated://notes/new?n=3&tag=a+b&sort=in-progress&page=last&tag=&since=2024-02-29&n=-1&pinned=0#Top"
        #expect(try Self.router.route(text: url).request as? EverythingRequest == .note(
            id: .new, tags: ["a b", ""], sort: .inProgress, page: .last, pinned: false,
            since: .date(CivilDateTime(year: 2024, month: 2, day: 29)!), numbers: [3, -1], heading: "Top"))
        #expect(try Self.router.route(text: "gen:/files/a/b%2Fc/?q=x").request as? EverythingRequest == .files(path: ["a", "b/c", ""], q: "x"))
        #expect(try Self.router.route(text: "generated:/flags/1/-5?default=d").request as? EverythingRequest == .flags(on: true, count: -5, default: "d"))
        #expect(try Self.router.route(text: "generated://throw").request as? EverythingRequest == .throw)
        #expect(try Self.router.route(text: "generated://raw?").request as? EverythingRequest == .raw(text: "", at: nil))
    }

    @Test("enumeration values that are not Swift names get names, and keep their exact text")
    func enumerationNames() {
        #expect(EverythingRequest.NoteSort.allCases.map(\.rawValue) == ["recent", "title", "in-progress", "2x", "default", "a b", "#1", "\"q\"", "é", ""])
        #expect(EverythingRequest.NoteSort.allCases == [.recent, .title, .inProgress, ._2x, .default, .aB, ._1, .q, ._empty, ._empty_2])
    }

    @Test("a url parameter takes an absolute URL of its schemes, parsed strictly; another scheme is refused by name")
    func urlParameter() throws {
        let link = try Self.router.route(text: "generated://open?url=https://example.com/a%3Fb&alt=https://m.example")
        #expect(link.request as? EverythingRequest == .open(link: try SchemeURL("https://example.com/a?b"), mirrors: [try SchemeURL("https://m.example")]))
        #expect(throws: RouteError.invalidParameter(
            name: "link", value: "ftp://example.com", offset: 21, fault: .schemeNotAllowed(scheme: "ftp", allowed: ["https", "http"]))
        ) { try Self.router.route(text: "generated://open?url=ftp://example.com") }
        do throws(RouteError) {
            _ = try Self.router.route(text: "generated://open?url=http://example.com&alt=http://m.example")
        } catch {
            #expect(error.message == "parameter 'mirrors' = 'http://m.example': a http: URL; the parameter takes https: URLs only")
        }
        do throws(RouteError) {
            _ = try Self.router.route(text: "generated://open?url=https://exa%20mple.com")
            Issue.record("a URL with a space was accepted")
        } catch {
            #expect(error.code == "invalid-parameter")
            #expect(error.message.hasPrefix("parameter 'link' = 'https://exa%20mple.com': not a URL: "), "\(error.message)")
        }
    }

    @Test("the embedded manifest is the file, byte for byte, and names its bundle")
    func embeddedManifestIsTheFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemes/everything.json")
        let bytes = try Data(contentsOf: file)
        #expect(Array(EverythingRequest.manifest.bytes) == Array(bytes))
        #expect(bytes.contains(UInt8(ascii: "\r")) && bytes.contains(UInt8(ascii: "\t")) && bytes.contains(UInt8(ascii: "#")))
        #expect(EverythingRequest.manifest.bundleName == "org.schemerouter.generated")
        #expect(EverythingRequest.manifest.file == "Tests/SchemeRouterGeneratedTests/Schemes/everything.json")
    }

    @Test func theTestKitCheckPassesAGeneratedType() throws {
        try RequestTypeCheck.check(EverythingRequest.self)
    }
}

/// Generates every case of `EverythingRequest` with values at their edges: text full of URL
/// delimiters and non-ASCII, boundary integers, leap days, keywords, absent optionals, empty lists.
enum EverythingGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let scalars: [Unicode.Scalar] = Array("aZ09-._~!$&'()*+,;=:@/?#[]% \"<>\\^`{|}é€😀中\u{A0}".unicodeScalars)

    static let request = Generator<EverythingRequest, Shrink.None<EverythingRequest>> { (rng: inout RNG) -> EverythingRequest in
        func maybe<T>(_ make: (inout RNG) -> T) -> T? { Bool.random(using: &rng) ? make(&rng) : nil }
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return .home
        case 1: return .throw
        case 2:
            return .note(
                id: Bool.random(using: &rng) ? .new : .uuid(uuid(&rng)),
                tags: (0..<Int.random(in: 0...3, using: &rng)).map { _ in text(&rng, length: 0...20) },
                sort: maybe { EverythingRequest.NoteSort.allCases.randomElement(using: &$0)! },
                page: maybe { Bool.random(using: &$0) ? .last : .integer([1, 1000, Int.random(in: 1...1000, using: &$0)].randomElement(using: &$0)!) },
                pinned: maybe { Bool.random(using: &$0) },
                since: maybe { [.today, .yesterday, .date(date(&$0))].randomElement(using: &$0)! },
                numbers: (0..<Int.random(in: 0...3, using: &rng)).map { _ in [Int.min, Int.max, 0, Int.random(in: -99...99, using: &rng)].randomElement(using: &rng)! },
                heading: maybe { text(&$0, length: 0...64) })
        case 3:
            let count = Int.random(in: 1...4, using: &rng)
            return .files(path: (0..<count).map { _ in segment(&rng, allowEmpty: count > 1) }, q: text(&rng, length: 1...10))
        case 4:
            return .open(link: url(&rng, schemes: ["https", "http"]), mirrors: (0..<Int.random(in: 0...2, using: &rng)).map { _ in url(&rng, schemes: ["https"]) })
        case 5: return .day(date: Bool.random(using: &rng) ? .today : .date(date(&rng)))
        case 6:
            return .raw(text: maybe { text(&$0, length: 0...12) }, at: maybe {
                CivilDateTime(
                    year: Int.random(in: 1...9999, using: &$0), month: Int.random(in: 1...12, using: &$0), day: Int.random(in: 1...28, using: &$0),
                    hour: Int.random(in: 0...23, using: &$0), minute: Int.random(in: 0...59, using: &$0), second: Int.random(in: 0...59, using: &$0))!
            })
        default:
            return .flags(on: Bool.random(using: &rng), count: Int.random(in: -5...5, using: &rng), default: maybe { text(&$0, length: 0...8) })
        }
    }

    static func text(_ rng: inout RNG, length: ClosedRange<Int>) -> String {
        String((0..<Int.random(in: length, using: &rng)).map { _ in Character(scalars.randomElement(using: &rng)!) })
    }

    static func segment(_ rng: inout RNG, allowEmpty: Bool) -> String {
        let segment = text(&rng, length: (allowEmpty ? 0 : 1)...8)
        return segment == "." || segment == ".." ? "x" : segment
    }

    static func uuid(_ rng: inout RNG) -> UUIDValue {
        UUIDValue(high: UInt64.random(in: .min ... .max, using: &rng), low: UInt64.random(in: .min ... .max, using: &rng))
    }

    /// A real date, leap days included (the formats carry no time).
    static func date(_ rng: inout RNG) -> CivilDateTime {
        let year = [1, 9999, 2000, 1900, Int.random(in: 1...9999, using: &rng)].randomElement(using: &rng)!
        let month = Int.random(in: 1...12, using: &rng)
        let leapDay = CivilDateTime.isLeapYear(year) && Bool.random(using: &rng)
        let day = leapDay ? 29 : Int.random(in: 1...CivilDateTime.daysInMonth(month, year: year), using: &rng)
        return CivilDateTime(year: year, month: leapDay ? 2 : month, day: day)!
    }

    /// An absolute URL of one of `schemes` (in any case), with what a URL may carry.
    static func url(_ rng: inout RNG, schemes: [String]) -> SchemeURL {
        var scheme = schemes.randomElement(using: &rng)!
        if Bool.random(using: &rng) { scheme = scheme.uppercased() }
        let rest = [
            ["example.com", "127.0.0.1", "[::1]", "a.b:8080", "user@h", ""], ["", "/", "/a/b", "/%20x", "/a%2Fb", "/~:@!$'()*,;="],
            ["", "?q=1&r=%26", "?", "?a+b"], ["", "#f", "#%23", "#/?"],
        ].map { $0.randomElement(using: &rng)! }
        return try! SchemeURL(scheme + "://" + rest.joined())
    }
}
