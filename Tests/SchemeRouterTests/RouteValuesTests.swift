import Testing

@testable import SchemeRouter

/// ``SchemeRegistry/withRoute(_:_:)`` and ``RouteValues``: values read in place, through the fast
/// path's slots or, for a route the fast binder leaves to the precise one, through its match.
/// (``FastPathDifferentialTests/checkValues(_:sourceLocation:)`` compares it with
/// ``SchemeRegistry/route(_:)`` on generated URLs.)
@Suite("Values read in place")
struct RouteValuesTests {
    static let registry = try! SchemeRegistry(manifests: [
        try! Manifest(json: Array(SeedManifest.json.utf8), file: "todolist.json"),
        try! Manifest(json: Array(ManyListsManifest.json.utf8), file: "lists.json"),
    ])

    /// The seed's request, read with one initializer for both kinds of values.
    struct SeedRequest: RouteRequest, Equatable {
        static let routeName = "add"
        var task: String
        var due: CivilDateTime?
        var dueToday: Bool

        init(parameters: RouteParameters) throws(RouteError) { try self.init(reading: parameters) }
        init(values: borrowing RouteValues) throws(RouteError) { try self.init(reading: values) }
        init(reading values: borrowing some ParameterReader & ~Copyable) throws(RouteError) {
            task = try values.string("task")
            dueToday = values.keyword("due") == "today"
            due = dueToday ? nil : try values.optionalDate("due")
        }
        var routeParameters: RouteParameters { RouteParameters() }
    }

    @Test func readsTheSeedsURLInPlace() throws {
        let url = try SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300")
        let request = try Self.registry.withRoute(url) { values throws(RouteError) in
            #expect(values.routeName == "add")
            #expect(values.declaration.rawValue == "com.acme.todolist")
            #expect(try values.string("task") == "Quarterly Report")
            #expect(values.offset(of: "task") == 24)
            #expect(values.offset(of: "due") == 43)
            #expect(try values.date("due") == CivilDateTime(year: 2008, month: 6, day: 23, hour: 13))
            #expect(values.keyword("due") == nil)
            return try values.request(SeedRequest.self)
        }
        #expect(request == (try Self.registry.route(url).request(SeedRequest.self)))
        #expect(request.task == "Quarterly Report")
    }

    /// Docs/Manifests.md's example, as written there (the closure's thrown type is inferred).
    @Test func theDocumentedExample() throws {
        let registry = Self.registry
        let url = try SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300")
        let count = try registry.withRoute(url) { values in
            switch values.routeName {
            case "add": try values.request(AddTask.self).task.count
            case "show": try values.uuid("id").hashValue
            default: 0
            }
        }
        #expect(count == "Quarterly Report".count)
    }

    /// A closure that writes `throws(RouteError)` (or throws nothing) keeps the thrown type; one
    /// that throws another type has its error come out unchanged, and routing errors too.
    @Test func theThrownTypeIsKeptOrPassedThrough() throws {
        struct AppError: Error, Equatable {}
        let registry = Self.registry
        let url = try SchemeURL("todolist://x?ok")
        func typed() throws(RouteError) -> String {
            try registry.withRoute(url) { values throws(RouteError) in try values.string("task") }
        }
        #expect(try typed() == "ok")
        #expect(try registry.withRoute(url) { values in values.routeName } == "add")
        #expect(throws: AppError()) {
            try registry.withRoute(url) { (_: borrowing RouteValues) throws(AppError) -> Int in throw AppError() }
        }
        #expect(throws: RouteError.unknownScheme("nobody")) {
            try registry.withRoute(SchemeURL("nobody://x")) { (_: borrowing RouteValues) throws(AppError) -> Int in 1 }
        }
    }

    /// A request type that implements only `init(parameters:)` reads an owned copy.
    @Test func theDefaultInitializerReadsAnOwnedCopy() throws {
        let url = try SchemeURL("todolist://x?Buy%20milk#today")
        let task = try Self.registry.withRoute(url) { values throws(RouteError) in try values.request(AddTask.self) }
        #expect(task == AddTask(task: "Buy milk", due: nil, dueToday: true))
    }

    /// A type mismatch and a missing value throw what ``RouteParameters`` throws, with the offset.
    @Test func gettersThrowThePreciseErrors() throws {
        let url = try SchemeURL("todolist://x?Buy%20milk#200806231300")
        try Self.registry.withRoute(url) { values throws(RouteError) in
            #expect(throws: RouteError.parameterTypeMismatch(name: "task", expected: "integer", found: "string", offset: 13)) {
                try values.integer("task")
            }
            #expect(throws: RouteError.parameterNotFound(name: "nope")) { try values.string("nope") }
            #expect(try values.optionalString("nope") == nil)
            #expect(throws: RouteError.routeMismatch(expected: "other", matched: "add")) {
                try values.request(OtherRequest.self)
            }
        }
    }

    /// Routing errors are ``SchemeRegistry/route(_:)``'s, and the closure is not called.
    @Test(arguments: ["todolist://x", "todolist://x?a%00b", "nobody://x", "todolist://x?ok#2008"])
    func routingErrorsAreRoutes(text: String) throws {
        let url = try SchemeURL(text)
        let expected = #expect(throws: RouteError.self) { try Self.registry.route(url) }
        var called = false
        let error = #expect(throws: RouteError.self) {
            try Self.registry.withRoute(url) { _ throws(RouteError) in called = true }
        }
        #expect(error == expected)
        #expect(!called)
    }

    /// Routing the text parses it as ``SchemeURL`` does: a text the parser rejects throws
    /// ``RouteError/invalidURL(_:)`` with the parser's rejection (offset, code, caret), and the
    /// closure is not called; `maximumLength` is the parser's.
    @Test(arguments: [
        ("", URLParser.defaultMaximumLength), ("todolist://x?two words", URLParser.defaultMaximumLength),
        ("todolist://x?caf\u{E9}", URLParser.defaultMaximumLength), ("todolist://x?%G0", URLParser.defaultMaximumLength),
        ("todolist://x#a#b", URLParser.defaultMaximumLength), ("1todolist://x", URLParser.defaultMaximumLength),
        ("todolist://x?ok", 10),
    ])
    func aTextThatIsNoURLThrowsTheParsersRejection(text: String, maximumLength: Int) throws {
        let rejection = #expect(throws: URLRejection.self) { try SchemeURL(text, maximumLength: maximumLength) }
        var called = false
        let error = #expect(throws: RouteError.self) {
            try Self.registry.withRoute(text, maximumLength: maximumLength) { _ throws(RouteError) in called = true }
        }
        #expect(!called)
        guard let rejection, let error else { return }
        #expect(error == .invalidURL(rejection))
        #expect(error.offset == rejection.offset)
        #expect(error.code == rejection.code)
        #expect(error.render(input: text) == rejection.render(input: text))
        // The other overload throws the same.
        #expect(throws: RouteError.invalidURL(rejection)) {
            try Self.registry.withRoute(text, maximumLength: maximumLength) { (_: borrowing RouteValues) throws(CancellationError) in }
        }
    }

    /// Routing the text reads what routing its ``SchemeURL`` reads, on both paths (slots and the
    /// precise path's match), and its routing errors are the same.
    @Test(arguments: [
        "todolist://www.acme.com?Quarterly%20Report#200806231300", "TODOLIST://x?ok#today",
        "lists://x/many?a=1&b=2&a=3&c=x&d=y&e=z&e=w", "todolist://x", "nobody://x", "todolist://x?ok#2008",
    ])
    func routingTheTextReadsWhatRoutingItsURLReads(text: String) throws {
        let url = try SchemeURL(text)
        let expected = Result { () throws(RouteError) in try Self.registry.route(url) }
        let read = Result { () throws(RouteError) in
            try Self.registry.withRoute(text) { values throws(RouteError) -> RouteMatch in
                #expect(values.url == url)
                #expect(values.url.text == text)
                return values.match
            }
        }
        #expect(read == expected)
    }

    /// What the closure throws comes out unchanged.
    @Test func theClosuresErrorPropagates() throws {
        let url = try SchemeURL("todolist://x?ok")
        #expect(throws: RouteError.parameterNotFound(name: "mine")) {
            try Self.registry.withRoute(url) { _ throws(RouteError) in throw RouteError.parameterNotFound(name: "mine") }
        }
    }

    /// A route with more repeated items than the fast binder gathers is bound by the precise
    /// path; its values read the same way.
    @Test func aRouteLeftToThePrecisePathReadsTheSame() throws {
        let url = try SchemeURL("lists://x/many?a=1&b=2&a=3&c=x&d=y&e=z&e=w")
        let match = try Self.registry.route(url)
        let route = match.route
        #expect(route.plan.fast == nil)
        let copy = try Self.registry.withRoute(url) { values throws(RouteError) in
            #expect(try values.integers("a") == [1, 3])
            #expect(try values.strings("e") == ["z", "w"])
            #expect(values.offset(of: "a") == match.parameters.offset(of: "a"))
            #expect(values.routeName == "many")
            return values.match
        }
        #expect(copy == match)
    }

    /// Lists, catch-alls, UUIDs, booleans and enumerations of the benchmark's manifest, bound by
    /// the fast path, read back as an owned match equal to ``SchemeRegistry/route(_:)``'s.
    @Test(arguments: [
        "bench://app/notes/0f0e0d0c-0b0a-0908-0706-050403020100/edit?tag=a%20b&sort=title&tag=c&page=7&pinned=1#s",
        "bench://app/files/a/b%2Fc/d?tag=x&n=1&n=all&n=-5&q=%E2%9C%93",
        "bench://app/files/a?q=",
    ])
    func fastPathValuesCopyOutExactly(text: String) throws {
        let registry = FastPathDifferentialTests.registry
        let url = try SchemeURL(text)
        let match = try registry.route(url)
        let copy = try registry.withRoute(url) { values throws(RouteError) in values.match }
        #expect(copy == match)
        #expect(copy.parameters.description == match.parameters.description)
    }

    /// A URL of the default maximum length, nearly all of it repeated items (its slots then take
    /// more than the stack's share and live on the heap), and a 1 MiB one: read in place, equal
    /// to the owned match.
    @Test(arguments: [URLParser.defaultMaximumLength, 1 << 20])
    func thousandsOfItemsReadInPlace(length: Int) throws {
        let registry = FastPathDifferentialTests.registry
        var text = "bench://app/files/a/b%2Fc?q=%E2%9C%93"
        var count = 0
        while text.utf8.count + 9 <= length {
            text += count % 2 == 0 ? "&tag=x%20" : "&n=-5"
            count += 1
        }
        let url = try SchemeURL(text, maximumLength: length)
        let match = try registry.route(url)
        let tags = try registry.withRoute(url) { values throws(RouteError) in
            #expect(values.match == match)
            #expect(try values.integers("numbers").count == count / 2)
            return try values.strings("tags")
        }
        #expect(tags.count == (count + 1) / 2)
        #expect(tags.allSatisfy { $0 == "x " })
    }

    /// Few and many path segments and list items (the fast path makes room for them on the
    /// stack): read in place, the same as the owned match.
    @Test(arguments: [0, 1, 13, 14, 15, 16, 17, 40], [0, 27, 28, 29, 30, 31, 60])
    func segmentsAndItemsAroundTheFirstRoom(segments: Int, items: Int) throws {
        let registry = FastPathDifferentialTests.registry
        var text = "bench://app/files/a" + String(repeating: "/s%20", count: segments) + "?q=x"
        for index in 0..<items { text += index % 3 == 0 ? "&n=\(index % 5)" : "&tag=t\(index)" }
        let url = try SchemeURL(text)
        let match = try registry.route(url)
        let (copy, path, tags) = try registry.withRoute(url) { values throws(RouteError) in
            (values.match, try values.strings("path"), try values.strings("tags"))
        }
        #expect(copy == match)
        #expect(path == ["a"] + Array(repeating: "s ", count: segments))
        #expect(tags == (0..<items).filter { $0 % 3 != 0 }.map { "t\($0)" })
    }

    /// The densest list items there are (`k=&k=…`: a one-byte key, empty values), as many as
    /// the room made for them without counting them allows, and up to where they are counted.
    @Test(arguments: 0...70)
    func densestListItems(count: Int) throws {
        let registry = try SchemeRegistry(manifests: [
            try Manifest(json: Array(DenseListManifest.json.utf8), file: "dense.json")
        ])
        let empty = count.isMultiple(of: 2)
        let text = "dense://x/list?" + Array(repeating: empty ? "k=" : "k=v", count: count).joined(separator: "&")
        let url = try SchemeURL(text)
        let match = try registry.route(url)
        let values = try registry.withRoute(url) { values throws(RouteError) in
            #expect(values.match == match)
            return try values.strings("k")
        }
        #expect(values == Array(repeating: empty ? "" : "v", count: count == 0 ? 0 : count))
    }

    struct OtherRequest: RouteRequest {
        static let routeName = "other"
        init(parameters: RouteParameters) throws(RouteError) {}
        var routeParameters: RouteParameters { RouteParameters() }
    }
}

/// A route with five repeated query items: more than ``FastPlan/maximumLists``.
enum ManyListsManifest {
    static let json = #"""
        {"CFBundleURLName": "com.acme.lists", "CFBundleURLSchemes": ["lists"],
         "routes": [{"name": "many", "path": "/many", "query": {"a": "a", "b": "b", "c": "c", "d": "d", "e": "e"},
                     "parameters": {"a": {"type": "integer", "repeated": true}, "b": {"type": "integer", "repeated": true},
                                    "c": {"type": "string", "repeated": true}, "d": {"type": "string", "repeated": true},
                                    "e": {"type": "string", "repeated": true}}}]}
        """#
}

/// A route whose one query item repeats under a one-byte key: its items can be three bytes each.
enum DenseListManifest {
    static let json = #"""
        {"CFBundleURLName": "com.acme.dense", "CFBundleURLSchemes": ["dense"],
         "routes": [{"name": "list", "path": "/list", "query": {"k": "k"},
                     "parameters": {"k": {"type": "string", "repeated": true, "optional": true}}}]}
        """#
}
