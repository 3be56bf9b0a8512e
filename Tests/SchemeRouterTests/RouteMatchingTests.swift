import Testing

@testable import SchemeRouter

/// Selecting a route by host and path, and reading its typed parameters, with the byte offset of
/// every fault.
@Suite("Route matching")
struct RouteMatchingTests {
    static let notes = try! SchemeDeclaration(try! Manifest(json: Array(RichManifest.json.utf8), file: "notes.json"))
    static let todolist = try! SchemeDeclaration(try! Manifest(json: Array(SeedManifest.json.utf8), file: "todolist.json"))

    static func match(_ url: String, in declaration: SchemeDeclaration = notes) throws -> RouteMatch {
        try declaration.match(try SchemeURL(url))
    }

    static func failure(_ url: String, in declaration: SchemeDeclaration = notes) -> RouteError? {
        do {
            _ = try declaration.match(try SchemeURL(url))
            return nil
        } catch let error as RouteError {
            return error
        } catch {
            Issue.record("\(url) was rejected by the parser: \(error)")
            return nil
        }
    }

    // MARK: - The seed's URL (Listing 6-2)

    @Test func seedURL() throws {
        let match = try Self.match("todolist://www.acme.com?Quarterly%20Report#200806231300", in: Self.todolist)
        #expect(match.route.name == "add")
        #expect(try match.parameters.string("task") == "Quarterly Report")
        #expect(try match.parameters.date("due") == CivilDateTime(year: 2008, month: 6, day: 23, hour: 13, minute: 0))
        #expect(match.parameters.offset(of: "task") == 24)
        #expect(match.parameters.offset(of: "due") == 43)
    }

    /// The public initializer: from a matched one's parameters it reads the same, offsets included
    /// (escaped text from its own copy of the URL); from values set by hand, without offsets.
    @Test func matchMadeWithTheInitializer() throws {
        let match = try Self.match("todolist://www.acme.com?Quarterly%20Report#200806231300", in: Self.todolist)
        let copy = RouteMatch(url: match.url, declaration: match.declaration, route: match.route, parameters: match.parameters)
        #expect(copy == match)
        #expect(copy.hashValue == match.hashValue)
        #expect(try copy.string("task") == "Quarterly Report")
        #expect(copy.offset(of: "task") == 24)
        let storage = copy.parameters.storage
        #expect(storage !== match.parameters.storage)
        guard case .read(.text(let text))? = storage.slot("task")?.value else {
            Issue.record("task is not bound as text")
            return
        }
        #expect(text.baseAddress == UnsafePointer(storage.bytes + 24))

        var parameters = RouteParameters()
        parameters.set("task", "Later")
        let byHand = RouteMatch(url: match.url, declaration: match.declaration, route: match.route, parameters: parameters)
        #expect(try byHand.string("task") == "Later")
        #expect(byHand.offset(of: "task") == nil)
        #expect(byHand.route.name == "add")
        #expect(byHand.declaration == match.declaration)
        #expect(byHand != match)

        // A bound match's declaration is its route's; one made by hand keeps the one it was given.
        let other = try ReverseDNSName("com.example.other")
        let moved = RouteMatch(url: match.url, declaration: other, route: match.route, parameters: match.parameters)
        #expect(moved.declaration == other)
        #expect(match.declaration.rawValue == "com.acme.todolist")
        #expect(moved != match)
    }

    @Test(arguments: [
        ("todolist://www.acme.com?Buy+milk", "Buy+milk"),  // + is a literal plus
        ("todolist:?a%2Bb", "a+b"),  // no authority at all
        ("todolist://?%E2%9C%93%20done", "✓ done"),
        ("TODOLIST://X?x", "x"),  // scheme and host are case-insensitive
    ])
    func seedTaskText(url: String, task: String) throws {
        #expect(try Self.match(url, in: Self.todolist).parameters.string("task") == task)
    }

    @Test func seedDueTodayAndAbsent() throws {
        #expect(try Self.match("todolist://x?t#today", in: Self.todolist).parameters.keyword("due") == "today")
        #expect(try Self.match("todolist://x?t", in: Self.todolist).parameters["due"] == nil)
    }

    @Test(arguments: [
        // Strictly valid dates only: no rollover.
        ("todolist://x?t#200802301300", "parameter 'due' = '200802301300': not a date in the format yyyyMMddHHmm: day 30 does not exist in month 2 of 2008 (it has 29 days) at byte 21"),
        ("todolist://x?t#200813011300", "parameter 'due' = '200813011300': not a date in the format yyyyMMddHHmm: month 13 is not 01…12 at byte 19"),
        ("todolist://x?t#200801012500", "parameter 'due' = '200801012500': not a date in the format yyyyMMddHHmm: hour 25 is not 00…23 at byte 23"),
        ("todolist://x?t#190002291200", "parameter 'due' = '190002291200': not a date in the format yyyyMMddHHmm: day 29 does not exist in month 2 of 1900 (it has 28 days) at byte 21"),
        ("todolist://x?t#2008062313", "parameter 'due' = '2008062313': not a date in the format yyyyMMddHHmm: too short: the format yyyyMMddHHmm has 12 characters at byte 25"),
        ("todolist://x?t#tomorrow", "parameter 'due' = 'tomorrow': not a date in the format yyyyMMddHHmm: expected a digit of yyyy (format yyyyMMddHHmm) at byte 15"),
        // The task: required, 1–200 scalars, no controls, valid UTF-8.
        ("todolist://x", "missing query for parameter 'task' at byte 12"),
        ("todolist://x#today", "missing query for parameter 'task' at byte 12"),
        ("todolist://x?", "parameter 'task' = '': 0 characters; at least 1 required at byte 13"),
        ("todolist://x?a%00b", "parameter 'task' = 'a%00b': percent-encoded control character U+0000 is not allowed in text at byte 14"),
        ("todolist://x?ok%0A", "parameter 'task' = 'ok%0A': percent-encoded control character U+000A is not allowed in text at byte 15"),
        ("todolist://x?%C0%AF", "parameter 'task' = '%C0%AF': percent-encoded bytes are not valid UTF-8 at byte 13"),
        ("todolist://x?%ED%A0%80", "parameter 'task' = '%ED%A0%80': percent-encoded bytes are not valid UTF-8 at byte 13"),
        ("todolist://x/y?t", "no todolist: route matches: path segment 'y' (#1) does not match; expected the end of the path; closest route 'add' at byte 13"),
    ])
    func seedRejections(url: String, message: String) {
        #expect(Self.failure(url, in: Self.todolist)?.description == message)
    }

    @Test func taskLengthCountsUnicodeScalarsAndPointsPastTheLimit() throws {
        let ok = "todolist://x?" + String(repeating: "%C3%A9", count: 200)
        #expect(try Self.match(ok, in: Self.todolist).parameters.string("task").unicodeScalars.count == 200)
        let long = "todolist://x?" + String(repeating: "%C3%A9", count: 201)
        let error = Self.failure(long, in: Self.todolist)
        #expect(error?.code == "invalid-parameter")
        // The 201st é starts after 200 escapes pairs of 6 bytes each.
        #expect(error?.offset == 13 + 200 * 6)
    }

    // MARK: - Precedence and backtracking

    @Test(arguments: [
        ("notes://h/", "home"),
        ("notes://h", "home"),
        ("notes:", "home"),
        ("notes://h/notes/new", "new"),  // literal beats {id}
        ("notes://h/notes/42", "show"),
        ("notes://h/notes/latest", "show"),
        ("notes://h/notes/42/export/pdf", "export"),
        ("notes://h/files/a", "files"),
        ("notes://h/files/a/b//c", "files"),  // a catch-all keeps empty segments
        ("notes://share.acme.com/8c1e7c1e-9c5a-4c43-8f5a-6c4c9a7d2b11", "share"),
        ("notes://SHARE.ACME.COM/8c1e7c1e-9c5a-4c43-8f5a-6c4c9a7d2b11?utm=x&utm_source=mail", "share"),
        ("notes://share.acme.com/notes/new", "new"),  // host-less routes serve every host
        ("x-notes://h/notes/7", "show"),  // every scheme of the declaration
        ("notes://h/%6Eotes/new", "new"),  // literals compare with the decoded segment
    ])
    func selects(url: String, route: String) throws {
        #expect(try Self.match(url).route.name == route)
    }

    @Test func catchAllSegmentsAreDecodedAndKept() throws {
        let match = try Self.match("notes://h/files/a%20b//c")
        #expect(try match.parameters.strings("path") == ["a b", "", "c"])
    }

    @Test func backtrackingFindsTheRouteBehindAFailedLiteral() throws {
        let manifest = try Manifest(json: Array(ManifestTests.withRoute(#"{"name": "a", "path": "/a/{x}/c", "parameters": {"x": {"type": "string"}}}, {"name": "b", "path": "/{y}/b/d", "parameters": {"y": {"type": "string"}}}"#).utf8), file: "m.json")
        let declaration = try SchemeDeclaration(manifest)
        #expect(try declaration.match(SchemeURL("app:/a/b/c")).route.name == "a")
        let match = try declaration.match(SchemeURL("app:/a/b/d"))
        #expect(match.route.name == "b")
        #expect(try match.parameters.string("y") == "a")
    }

    @Test func aHostSpecificRouteWinsOverAHostlessOneOnItsHost() throws {
        let manifest = try Manifest(json: Array(ManifestTests.withRoute(#"{"name": "any", "path": "/x"}, {"name": "mine", "host": "acme.com", "path": "/x"}"#).utf8), file: "m.json")
        let declaration = try SchemeDeclaration(manifest)
        #expect(try declaration.match(SchemeURL("app://acme.com/x")).route.name == "mine")
        #expect(try declaration.match(SchemeURL("app://other.com/x")).route.name == "any")
        #expect(try declaration.match(SchemeURL("app:/x")).route.name == "any")
    }

    // MARK: - Typed parameters and their faults

    @Test func typedValues() throws {
        let match = try Self.match("notes://h/search?q=swift+url&tag=a&tag=b%20c&page%20size=25&archived=0&since=2024-02-29")
        #expect(try match.parameters.string("text") == "swift url")  // formDecoding: + is a space
        #expect(try match.parameters.strings("tags") == ["a", "b c"])
        #expect(try match.parameters.integer("pageSize") == 25)
        #expect(try match.parameters.boolean("archived") == false)
        #expect(try match.parameters.date("since") == CivilDateTime(year: 2024, month: 2, day: 29))
        let bare = try Self.match("notes://h/search?q=x")
        #expect(try bare.parameters.strings("tags") == [])
        #expect(try bare.parameters.optionalInteger("pageSize") == nil)
        let share = try Self.match("notes://share.acme.com/8C1E7C1E-9C5A-4C43-8F5A-6C4C9A7D2B11")
        #expect(try share.parameters.uuid("token").description == "8c1e7c1e-9c5a-4c43-8f5a-6c4c9a7d2b11")
        #expect(try Self.match("notes://h/notes/42/export/md").parameters.string("format") == "md")
    }

    @Test(arguments: [
        ("notes://h/notes/0", "parameter 'id' = '0': out of range 1...999999 at byte 16", "invalid-parameter"),
        ("notes://h/notes/007", "parameter 'id' = '007': leading zeros and '-0' are not allowed at byte 16", "invalid-parameter"),
        ("notes://h/notes/4x2", "parameter 'id' = '4x2': not an integer (digits with an optional leading '-') at byte 17", "invalid-parameter"),
        ("notes://h/notes/99999999999999999999", "parameter 'id' = '99999999999999999999': out of range 1...999999 at byte 16", "invalid-parameter"),
        ("notes://h/notes/.", "parameter 'id' = '.': '.' and '..' never match a path parameter at byte 16", "invalid-parameter"),
        ("notes://h/notes/%2E%2E", "parameter 'id' = '%2E%2E': '.' and '..' never match a path parameter at byte 16", "invalid-parameter"),
        ("notes://h/notes//export/pdf", "parameter 'id' = '': empty path segment (paths are not normalised: '//' and a trailing '/' make empty segments) at byte 16", "invalid-parameter"),
        ("notes://h/files/a/../b", "parameter 'path' = '..': '.' and '..' never match a path parameter at byte 18", "invalid-parameter"),
        ("notes://h/notes/1/export/PDF", "parameter 'format' = 'PDF': not one of 'pdf', 'md', 'html' at byte 25", "invalid-parameter"),
        ("notes://share.acme.com/8c1e7c1e-9c5a-4c43-8f5a-6c4c9a7d2b1", "parameter 'token' = '8c1e7c1e-9c5a-4c43-8f5a-6c4c9a7d2b1': not a UUID (8-4-4-4-12 hexadecimal digits) at byte 58", "invalid-parameter"),
        ("notes://h/search?q=x&archived=yes", "parameter 'archived' = 'yes': not a boolean (true, false, 1 or 0) at byte 30", "invalid-parameter"),
        ("notes://h/search?q=x&since=2023-02-29", "parameter 'since' = '2023-02-29': not a date in the format yyyy-MM-dd: day 29 does not exist in month 2 of 2023 (it has 28 days) at byte 35", "invalid-parameter"),
        ("notes://h/search?tag=a", "missing query item 'q' for parameter 'text' at byte 22", "missing-parameter"),
        ("notes://h/search", "missing query item 'q' for parameter 'text' at byte 16", "missing-parameter"),
        ("notes://h/search?q=a&q=b", "query item 'q' is given twice but is not repeated at byte 21", "duplicate-query-item"),
        ("notes://h/search?q=a&sort=date", "unknown query item 'sort' at byte 21", "unknown-query-item"),
        ("notes://h/search?q=a&archived", "query item 'archived' has no '=value' at byte 21", "query-item-without-value"),
        ("notes://h/search?q=a&&tag=b", "empty query item at byte 21", "empty-query-item"),
        ("notes://h/search?q=a&%FF=b", "query key: percent-encoded bytes are not valid UTF-8 at byte 21", "undecodable-query-key"),
        ("notes://h/notes/new#top", "the route binds no fragment, so this one would be lost at byte 19", "unexpected-fragment"),
        ("notes://h/notes/new?x=1", "unknown query item 'x' at byte 20", "unknown-query-item"),
        ("notes://h/notes/1#" + String(repeating: "a", count: 81), "parameter 'heading' = '" + String(repeating: "a", count: 81) + "': 81 characters; at most 80 allowed at byte 98", "invalid-parameter"),
        ("notes://h/nope", "no notes: route matches: path segment 'nope' (#1) does not match; expected 'day', 'files', 'notes', 'search' or the end of the path; closest route 'home' at byte 10", "no-route"),
        ("notes://h/notes", "no notes: route matches: path ends after 1 segment; expected 'new' or {id}; closest route 'new' at byte 15", "no-route"),
        ("notes://h/notes/1/export", "no notes: route matches: path ends after 3 segments; expected {format}; closest route 'export' at byte 24", "no-route"),
        ("mail://h/", "no declaration claims the scheme 'mail' at byte 0", "unknown-scheme"),
    ])
    func rejects(url: String, message: String, code: String) {
        let error = Self.failure(url)
        #expect(error?.description == message)
        #expect(error?.code == code)
    }

    @Test func offsetsPointIntoTheURLAndRenderWithACaret() throws {
        let url = "notes://h/notes/1/export/PDF"
        let error = try #require(Self.failure(url))
        #expect(error.render(input: url) == """
            error: parameter 'format' = 'PDF': not one of 'pdf', 'md', 'html' at byte 25
              notes://h/notes/1/export/PDF
                                       ^
            """)
    }

    @Test func hostNotServed() throws {
        let manifest = try Manifest(json: Array(ManifestTests.withRoute(#"{"name": "a", "host": "acme.com", "path": "/"}"#).utf8), file: "m.json")
        let declaration = try SchemeDeclaration(manifest)
        #expect(throws: RouteError.noRoute(scheme: "app", closestRoute: nil, reason: .hostNotServed(host: "evil.com", served: ["acme.com"]))) {
            try declaration.match(SchemeURL("app://evil.com/"))
        }
        #expect(throws: RouteError.noRoute(scheme: "app", closestRoute: nil, reason: .hostNotServed(host: nil, served: ["acme.com"]))) {
            try declaration.match(SchemeURL("app:/"))
        }
    }

    @Test func aDeclarationWithoutRoutesMatchesNothing() throws {
        let declaration = try SchemeDeclaration(Manifest(json: Array(#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["app"]}"#.utf8), file: "m.json"))
        #expect(throws: RouteError.noRoute(scheme: "app", closestRoute: nil, reason: .noRoutes)) {
            try declaration.match(SchemeURL("app://x/"))
        }
    }

    // MARK: - Conflicts and unreachable routes are refused at registration

    @Test(arguments: [
        (#"{"name": "a", "path": "/x"}, {"name": "b", "path": "/x"}"#,
         "m.json: routes[1].path: route routes[1] 'b' conflicts with routes[0] 'a': both match the same host and path /x"),
        (#"{"name": "a", "path": "/"}, {"name": "b", "path": ""}"#,
         "m.json: routes[1].path: route routes[1] 'b' conflicts with routes[0] 'a': both match the same host and path /"),
        (#"{"name": "a", "path": "/n/{id}", "parameters": {"id": {"type": "integer"}}}, {"name": "b", "path": "/n/{slug}/edit", "parameters": {"slug": {"type": "string"}}}"#,
         "m.json: routes[1].path: route routes[1] 'b' conflicts with routes[0] 'a': at the same position one binds {slug} and the other {id}: give the parameter one name in both"),
        (#"{"name": "a", "path": "/f/{p...}", "parameters": {"p": {"type": "remainder"}}}, {"name": "b", "path": "/f/{q...}", "parameters": {"q": {"type": "remainder"}}}"#,
         "m.json: routes[1].path: route routes[1] 'b' conflicts with routes[0] 'a': both match the same host and path /f/{q...}"),
        (#"{"name": "a", "host": "acme.com", "path": "/x"}, {"name": "b", "host": "ACME.com", "path": "/x"}"#,
         "m.json: routes[1].path: route routes[1] 'b' conflicts with routes[0] 'a': both match the same host and path /x"),
        (#"{"name": "pdf", "path": "/pdf"}, {"name": "md", "path": "/md"}, {"name": "any", "path": "/{f}", "parameters": {"f": {"type": "enumeration", "values": ["pdf", "md"]}}}"#,
         "m.json: routes[2].path: route routes[2] 'any' is unreachable: every value of {f} ('pdf', 'md') is also a literal path segment, and literals win (shadowed by routes[0] 'pdf')"),
        (#"{"name": "t", "path": "/true/x"}, {"name": "f", "path": "/false/{y}", "parameters": {"y": {"type": "string"}}}, {"name": "one", "path": "/1/x"}, {"name": "zero", "path": "/0/x"}, {"name": "b", "path": "/{flag}/x", "parameters": {"flag": {"type": "boolean"}}}"#,
         nil),
        (#"{"name": "t", "path": "/true/x"}, {"name": "f", "path": "/false/x"}, {"name": "one", "path": "/1/x"}, {"name": "zero", "path": "/0/x"}, {"name": "b", "path": "/{flag}/x", "parameters": {"flag": {"type": "boolean"}}}"#,
         "m.json: routes[4].path: route routes[4] 'b' is unreachable: every value of {flag} ('true', 'false', '1', '0') is also a literal path segment, and literals win (shadowed by routes[0] 't')"),
    ] as [(String, String?)])
    func registration(routes: String, message: String?) {
        #expect(ManifestTests.error(ManifestTests.withRoute(routes))?.description == message)
    }

    @Test func lookupFindsEachOfThousandsOfLiteralSiblings() throws {
        // 2,000 literal routes: the trie's root has 2,000 literal children, each found by one hash
        // lookup in the trie's key table (the benchmark measures the time; here the answers).
        var routes = (0..<2000).map { #"{"name": "r\#($0)", "path": "/r\#($0)/{id}", "parameters": {"id": {"type": "integer"}}}"# }
        routes.append(#"{"name": "last", "path": "/zzz"}"#)
        let declaration = try SchemeDeclaration(Manifest(json: Array(ManifestTests.withRoute(routes.joined(separator: ", ")).utf8), file: "m.json"))
        #expect(declaration.matcher.anyHost!.nodes[0].hasLiterals)
        for index in stride(from: 1, to: 2000, by: 37) {
            #expect(try declaration.match(SchemeURL("app:/r\(index)/5")).route.name == "r\(index)")
        }
        #expect(try declaration.match(SchemeURL("app:/zzz")).route.name == "last")
        #expect(throws: RouteError.self) { try declaration.match(SchemeURL("app:/r2000/5")) }
    }
}
