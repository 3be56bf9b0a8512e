import PropertyBased
import Testing

@testable import SchemeRouter

/// The seed's request as an app declares it: what Listing 6-2 reads from the URL.
struct AddTask: RouteRequest, Equatable {
    static let routeName = "add"
    var task: String
    /// `nil` with `dueToday` false: no due date given; the app uses "now".
    var due: CivilDateTime?
    var dueToday = false

    init(task: String, due: CivilDateTime?, dueToday: Bool = false) {
        self.task = task
        self.due = due
        self.dueToday = dueToday
    }

    init(parameters: RouteParameters) throws(RouteError) {
        task = try parameters.string("task")
        dueToday = parameters.keyword("due") == "today"
        due = dueToday ? nil : try parameters.optionalDate("due")
    }

    var routeParameters: RouteParameters {
        var parameters = RouteParameters()
        parameters.set("task", task)
        parameters["due"] = dueToday ? .keyword("today") : due.map(ParameterValue.date)
        return parameters
    }
}

/// Printing typed requests back to URLs: what prints, what is refused, and the property that a
/// printed URL reads back as the same request.
@Suite("Route printing")
struct RoutePrintingTests {
    static let notes = RouteMatchingTests.notes
    static let todolist = RouteMatchingTests.todolist

    @Test func seedRequestPrintsAndReadsBack() throws {
        let request = AddTask(task: "Quarterly Report", due: CivilDateTime(year: 2008, month: 6, day: 23, hour: 13, minute: 0))
        let url = try Self.todolist.url(for: request)
        #expect(url.text == "todolist://?Quarterly%20Report#200806231300")
        #expect(try Self.todolist.match(url).request(AddTask.self) == request)
        // The seed's own URL reads as the same request.
        let seed = try Self.todolist.match(SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300"))
        #expect(try seed.request(AddTask.self) == request)
    }

    @Test func delimitersInValuesAreEncoded() throws {
        let request = AddTask(task: "a+b & c=d #1 50% /x?", due: nil, dueToday: true)
        let url = try Self.todolist.url(for: request)
        #expect(url.text == "todolist://?a%2Bb%20&%20c=d%20%231%2050%25%20/x?#today")
        #expect(try Self.todolist.match(url).request(AddTask.self) == request)
    }

    @Test func everyKindOfParameterPrints() throws {
        var search = RouteParameters()
        search.set("text", "swift url+")
        search.set("tags", ["a&b", "c"])
        search.set("pageSize", 25)
        search.set("archived", true)
        search["since"] = .date(CivilDateTime(year: 2024, month: 2, day: 29)!)
        #expect(try Self.notes.url(route: "search", parameters: search).text
            == "notes:///search?q=swift%20url%2B&tag=a%26b&tag=c&page%20size=25&archived=true&since=2024-02-29")
        var files = RouteParameters()
        files.set("path", ["a b", "", "c"])
        #expect(try Self.notes.url(route: "files", parameters: files).text == "notes:///files/a%20b//c")
        var share = RouteParameters()
        share.set("token", UUIDValue("8C1E7C1E-9C5A-4C43-8F5A-6C4C9A7D2B11")!)
        #expect(try Self.notes.url(route: "share", parameters: share).text
            == "notes://share.acme.com/8c1e7c1e-9c5a-4c43-8f5a-6c4c9a7d2b11")
        var show = RouteParameters()
        show["id"] = .keyword("latest")
        #expect(try Self.notes.url(route: "show", parameters: show).text == "notes:///notes/latest")
    }

    @Test(arguments: [
        ("show", ["id": .integer(0)], "route 'show' cannot print parameter 'id': 0 is not a valid value: out of range 1...999999"),
        ("show", [:], "route 'show' cannot print parameter 'id': it is required"),
        ("show", ["id": .integer(1), "colour": .string("red")], "route 'show' cannot print parameter 'colour': the route has no such parameter"),
        ("show", ["id": .string("1")], "route 'show' cannot print parameter 'id': a string is not a integer"),
        ("show", ["id": .keyword("first")], "route 'show' cannot print parameter 'id': 'first' is not one of its keywords"),
        ("show", ["id": .integer(1), "heading": .string(String(repeating: "x", count: 81))],
         "route 'show' cannot print parameter 'heading': \"\(String(repeating: "x", count: 81))\" is not a valid value: 81 characters; at most 80 allowed"),
        ("export", ["id": .integer(1), "format": .string("doc")], "route 'export' cannot print parameter 'format': \"doc\" is not a valid value: not one of 'pdf', 'md', 'html'"),
        ("day", ["date": .date(CivilDateTime(year: 2024, month: 1, day: 2, hour: 3)!)],
         "route 'day' cannot print parameter 'date': 2024-01-02T03:00:00 would read back as 2024-01-02T00:00:00"),
        ("files", ["path": .list([.string("a"), .string("..")])], "route 'files' cannot print parameter 'path': '.' and '..' never match a path parameter"),
        ("files", ["path": .list([])], "route 'files' cannot print parameter 'path': a catch-all takes a non-empty list of strings"),
        ("search", ["text": .string("x\u{7}")], "route 'search' cannot print parameter 'text': it contains the control character U+0007, which text in a URL never carries"),
        ("nope", [:], "no route named 'nope'"),
    ] as [(String, [String: ParameterValue], String)])
    func refused(route: String, values: [String: ParameterValue], message: String) {
        do {
            let url = try Self.notes.url(route: route, parameters: RouteParameters(values))
            Issue.record("printed \(url)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// parse(print(r)) == r for every route of both manifests, over generated values at their edges.
    @Test(arguments: ["home", "new", "show", "export", "search", "share", "files", "day"])
    func printedURLsReadBackAsTheSameRequest(route: String) async {
        let declaration = Self.notes
        let spec = declaration.routes.first { $0.name == route }!
        await propertyCheck(count: 300, input: RequestGen.parameters(for: spec)) { parameters in
            do {
                let url = try declaration.url(route: route, parameters: parameters)
                let match = try declaration.match(url)
                #expect(match.route.name == route)
                #expect(SchemeDeclaration.sameValues(match.parameters, parameters, route: spec), "\(url)")
            } catch {
                Issue.record("\(route) \(parameters): \(error)")
            }
        }
    }

    /// A format can represent exactly the dates that read back from their own text.
    @Test(arguments: ["yyyyMMddHHmm", "yyyy-MM-dd", "dd.MM.yyyyTHH:mm:ss", "HH_yyyyMMdd"])
    func canRepresentIsTheRoundTrip(pattern: String) async throws {
        let format = try DateFormat(pattern)
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...9999), Gen.int(in: 1...12), Gen.int(in: 1...28), Gen.int(in: 0...23),
            Gen.int(in: 0...59), Gen.int(in: 0...59)
        ) { year, month, day, hour, minute, second in
            let date = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
            let readBack = try? ParameterSpec(.date(format)).parseScalar(format.format(date))
            #expect(format.canRepresent(date) == (readBack == .date(date)), "\(date)")
        }
    }

    @Test func seedRequestsReadBack() async {
        let route = Self.todolist.routes[0]
        await propertyCheck(count: 500, input: RequestGen.parameters(for: route)) { parameters in
            do {
                let request = try AddTask(parameters: parameters)
                let url = try Self.todolist.url(for: request)
                #expect(try Self.todolist.match(url).request(AddTask.self) == request, "\(url)")
            } catch {
                Issue.record("\(parameters): \(error)")
            }
        }
    }
}

/// Generates valid parameter values for a route: every type at its edges (empty and maximal
/// strings, boundary integers, leap days, keywords), text full of URL delimiters and non-ASCII.
enum RequestGen {
    typealias RNG = any SeededRandomNumberGenerator

    /// Scalars that stress printing: URL delimiters, `%`, `+`, space, and non-ASCII.
    static let scalars: [Unicode.Scalar] = Array("aZ09-._~!$&'()*+,;=:@/?#[]% \"<>\\^`{|}é€😀中\u{A0}".unicodeScalars)

    static func parameters(for route: Route) -> Generator<RouteParameters, Shrink.None<RouteParameters>> {
        Generator { (rng: inout RNG) -> RouteParameters in
            var parameters = RouteParameters()
            for (name, spec) in route.parameters.sorted(by: { $0.key < $1.key }) {
                if spec.isOptional && Bool.random(using: &rng) { continue }
                let inPath = route.path.segments.contains { $0 == .parameter(name) }
                if case .remainder = spec.kind {
                    let count = Int.random(in: 1...4, using: &rng)
                    parameters[name] = .list((0..<count).map { _ in .string(segment(&rng, allowEmpty: count > 1)) })
                } else if spec.isRepeated {
                    parameters[name] = .list((0..<Int.random(in: 0...3, using: &rng)).map { _ in value(spec, inPath: false, &rng) })
                } else {
                    parameters[name] = value(spec, inPath: inPath, &rng)
                }
            }
            return parameters
        }
    }

    static func value(_ spec: ParameterSpec, inPath: Bool, _ rng: inout RNG) -> ParameterValue {
        if !spec.keywords.isEmpty && Int.random(in: 0..<4, using: &rng) == 0 {
            return .keyword(spec.keywords.randomElement(using: &rng)!)
        }
        switch spec.kind {
        case .string(let minLength, let maxLength):
            let lower = max(minLength, inPath ? 1 : 0)
            let upper = maxLength ?? lower + 40
            let length = [lower, upper, Int.random(in: lower...upper, using: &rng)].randomElement(using: &rng)!
            var text = String((0..<length).map { _ in Character(scalars.randomElement(using: &rng)!) })
            if inPath && (text == "." || text == "..") { text = "x" }
            return .string(text)
        case .integer(let min, let max):
            return .integer([min, max, Int.random(in: min...max, using: &rng)].randomElement(using: &rng)!)
        case .uuid:
            return .uuid(UUIDValue(high: UInt64.random(in: .min ... .max, using: &rng), low: UInt64.random(in: .min ... .max, using: &rng)))
        case .boolean:
            return .boolean(Bool.random(using: &rng))
        case .enumeration(let values):
            return .string(values.randomElement(using: &rng)!)
        case .date(let format):
            let has = { (field: DateFormat.Field) in format.pattern.contains(field.rawValue) }
            let year = [1, 9999, 2000, 1900, Int.random(in: 1...9999, using: &rng)].randomElement(using: &rng)!
            let month = Int.random(in: 1...12, using: &rng)
            let leapDay = CivilDateTime.isLeapYear(year) && Bool.random(using: &rng)
            let day = leapDay ? 29 : Int.random(in: 1...CivilDateTime.daysInMonth(month, year: year), using: &rng)
            return .date(CivilDateTime(
                year: year, month: leapDay ? 2 : month, day: day,
                hour: has(.hour) ? Int.random(in: 0...23, using: &rng) : 0,
                minute: has(.minute) ? Int.random(in: 0...59, using: &rng) : 0,
                second: has(.second) ? Int.random(in: 0...59, using: &rng) : 0)!)
        case .remainder:
            return .list([.string(segment(&rng, allowEmpty: false))])
        case .url(let schemes):
            var scheme = schemes.randomElement(using: &rng)!
            if Bool.random(using: &rng) { scheme = scheme.uppercased() }  // schemes are case-insensitive
            let rest = [
                ["example.com", "127.0.0.1", "[::1]", "a.b:8080", "user@h", ""], ["", "/", "/a/b", "/%20x", "/a%2Fb", "/~:@!$'()*,;="],
                ["", "?q=1&r=%26", "?", "?a+b"], ["", "#f", "#%23", "#/?"],
            ].map { $0.randomElement(using: &rng)! }
            return .url(try! SchemeURL(scheme + "://" + rest.joined()))
        }
    }

    static func segment(_ rng: inout RNG, allowEmpty: Bool) -> String {
        let length = Int.random(in: (allowEmpty ? 0 : 1)...8, using: &rng)
        let text = String((0..<length).map { _ in Character(scalars.randomElement(using: &rng)!) })
        return text == "." || text == ".." ? "x" : text
    }
}
