import Testing

@testable import SchemeRouter

/// Reading manifests: JSON syntax, keys, types, names, schemes, parameter specifications; each
/// error names the file and the key path, and prints as documented in Docs/Manifests.md.
@Suite("Manifests")
struct ManifestTests {
    static func read(_ json: String, file: String = "m.json") throws(ManifestError) -> Manifest {
        try Manifest(json: Array(json.utf8), file: file)
    }

    static func error(_ json: String) -> ManifestError? {
        do {
            let manifest = try read(json)
            _ = try SchemeDeclaration(manifest)
            return nil
        } catch {
            return error
        }
    }

    /// A manifest with one route whose JSON object is `route`.
    static func withRoute(_ route: String) -> String {
        #"{"CFBundleURLName": "com.acme.app", "CFBundleURLSchemes": ["app"], "routes": ["# + route + "]}"
    }

    @Test func seedManifestReads() throws {
        let manifest = try Self.read(SeedManifest.json, file: "Schemes/todolist.json")
        #expect(manifest.name.rawValue == "com.acme.todolist")
        #expect(manifest.schemes.map(\.rawValue) == ["todolist"])
        #expect(manifest.routes.count == 1)
        let route = manifest.routes[0]
        #expect(route.name == "add" && route.rawQuery == "task" && route.fragment == "due")
        #expect(route.parameters["task"] == ParameterSpec(.string(minLength: 1, maxLength: 200)))
        #expect(route.parameters["due"] == ParameterSpec(.date(try DateFormat("yyyyMMddHHmm")), optional: true, keywords: ["today"]))
        _ = try SchemeDeclaration(manifest)
    }

    @Test func schemesAreLowerCasedAndNamesKeepTheirCase() throws {
        let manifest = try Self.read(#"{"CFBundleURLName": "com.Acme.App", "CFBundleURLSchemes": ["ToDo", "x-acme+v1.2"]}"#)
        #expect(manifest.schemes.map(\.rawValue) == ["todo", "x-acme+v1.2"])
        #expect(manifest.name.rawValue == "com.Acme.App")
        #expect(manifest.routes.isEmpty)
    }

    @Test(arguments: [
        // JSON syntax: byte offset, line and column.
        ("{", "m.json: byte 1 (line 1, column 2): unexpected end of input in an object"),
        ("{\n  \"a\": 1,\n}", "m.json: byte 12 (line 3, column 1): trailing ',' before '}'"),
        ("[1 2]", "m.json: byte 3 (line 1, column 4): expected ',' or ']' in an array, found '2'"),
        ("{\"a\": 01}", "m.json: byte 6 (line 1, column 7): leading zero in a number"),
        ("{\"a\": \"\u{1}\"}", "m.json: byte 7 (line 1, column 8): raw control character 0x01 in a string: escape it"),
        ("{\"a\": \"\\ud800\"}", "m.json: byte 7 (line 1, column 8): lone surrogate \\uD800: a high surrogate needs a low one"),
        ("{\"a\": \"\\x\"}", "m.json: byte 7 (line 1, column 8): invalid escape 'x' in a string"),
        ("{} {}", "m.json: byte 3 (line 1, column 4): unexpected '{' after the JSON value"),
        ("// comment\n{}", "m.json: byte 0 (line 1, column 1): unexpected '/': expected a value"),
        ("{\"a\": NaN}", "m.json: byte 6 (line 1, column 7): unexpected 'N': expected a value"),
        // Keys and types.
        ("{}", "m.json: CFBundleURLName: missing required key"),
        (#"{"CFBundleURLName": "com.a.b"}"#, "m.json: CFBundleURLSchemes: missing required key"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["a"], "route": []}"#,
         "m.json: route: unknown key (allowed: CFBundleURLName, CFBundleURLSchemes, routes, actions, CFBundleDocumentTypes, UTExportedTypeDeclarations, UIApplicationExitsOnSuspend)"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLName": "com.a.c", "CFBundleURLSchemes": ["a"]}"#,
         "m.json: CFBundleURLName: key given twice"),
        // An object's faults are reported in document order: the unknown key before the later repeated one.
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["a"], "route": [], "CFBundleURLName": "com.a.c"}"#,
         "m.json: route: unknown key (allowed: CFBundleURLName, CFBundleURLSchemes, routes, actions, CFBundleDocumentTypes, UTExportedTypeDeclarations, UIApplicationExitsOnSuspend)"),
        (#"{"CFBundleURLName": 7, "CFBundleURLSchemes": ["a"]}"#, "m.json: CFBundleURLName: expected string, found number"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": "a"}"#, "m.json: CFBundleURLSchemes: expected array, found string"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": []}"#, "m.json: CFBundleURLSchemes: an app declares at least one scheme"),
        // Names and schemes.
        (#"{"CFBundleURLName": "com.acme-corp.todo", "CFBundleURLSchemes": ["a"]}"#,
         "m.json: CFBundleURLName: 'com.acme-corp.todo': '-' at byte 8 is not allowed: the name becomes a desktop-file and D-Bus id, where '-' is not portable; use '_'"),
        (#"{"CFBundleURLName": "todolist", "CFBundleURLSchemes": ["a"]}"#,
         "m.json: CFBundleURLName: 'todolist': a reverse-DNS name has at least two labels, such as com.example.app"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["a", "1x"]}"#,
         "m.json: CFBundleURLSchemes[1]: '1x': a scheme starts with a letter, not '1'"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["to do"]}"#,
         "m.json: CFBundleURLSchemes[0]: 'to do': space at byte 2 is not allowed in a scheme (letters, digits, '+', '-', '.')"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["App", "app"]}"#,
         "m.json: CFBundleURLSchemes[1]: 'app' is already listed at CFBundleURLSchemes[0] (schemes are case-insensitive)"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["app", "HTTPS"]}"#,
         "m.json: CFBundleURLSchemes[1]: 'https' is reserved (web platform scheme, handled by the browser); no app may claim it"),
        (#"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["mailto"]}"#,
         "m.json: CFBundleURLSchemes[0]: 'mailto' is reserved (communication scheme, handled by the user's mail, phone or chat client); no app may claim it"),
    ] as [(String, String)])
    func rejectedManifest(json: String, message: String) {
        #expect(Self.error(json)?.description == message)
    }

    @Test(arguments: [
        (#"{"path": "/"}"#, "m.json: routes[0].name: missing required key"),
        (#"{"name": "a", "paht": "/"}"#,
         "m.json: routes[0].paht: unknown key (allowed: name, host, path, query, rawQuery, fragment, parameters, formDecoding, unknownQueryItems)"),
        (#"{"name": "a", "path": "notes"}"#, "m.json: routes[0].path: a path pattern starts with '/'"),
        (#"{"name": "a", "path": "/a//b"}"#,
         "m.json: routes[0].path: empty segment at byte 3: patterns have no '//' and no trailing '/' (an empty URL segment only matches a catch-all)"),
        (#"{"name": "a", "path": "/{x...}/b", "parameters": {"x": {"type": "remainder"}}}"#,
         "m.json: routes[0].path: the catch-all {x...} at byte 1 must be the last segment"),
        (#"{"name": "a", "path": "/{id}"}"#, "m.json: routes[0].path: 'id' is not declared under parameters"),
        (#"{"name": "a", "path": "/{id}/{id}", "parameters": {"id": {"type": "integer"}}}"#,
         "m.json: routes[0].path: the parameter 'id' is already bound to a path segment"),
        (#"{"name": "a", "parameters": {"id": {"type": "integer"}}}"#,
         "m.json: routes[0].parameters.id: the parameter 'id' is declared but bound by neither path, query, rawQuery nor fragment"),
        (#"{"name": "a", "rawQuery": "q", "query": {"k": "q"}, "parameters": {"q": {"type": "string"}}}"#,
         "m.json: routes[0].rawQuery: a route binds either query items (query) or the whole query (rawQuery), not both"),
        (#"{"name": "a", "query": {"k": "q"}, "parameters": {"q": {"type": "strin"}}}"#,
         "m.json: routes[0].parameters.q.type: 'strin' is not a parameter type: use string, integer, uuid, boolean, enumeration, date, remainder, url"),
        (#"{"name": "a", "query": {"k": "q"}, "parameters": {"q": {"type": "string", "min": 1}}}"#,
         "m.json: routes[0].parameters.q.min: unknown key (allowed: type, optional, repeated, keywords, minLength, maxLength)"),
        (#"{"name": "a", "query": {"k": "q"}, "parameters": {"q": {"type": "integer", "min": 1.5}}}"#,
         "m.json: routes[0].parameters.q.min: expected integer, found number 1.5"),
        (#"{"name": "a", "query": {"k": "q"}, "parameters": {"q": {"type": "integer", "min": 99999999999999999999}}}"#,
         "m.json: routes[0].parameters.q.min: 99999999999999999999 does not fit in a 64-bit integer"),
        (#"{"name": "a", "query": {"k": "q"}, "parameters": {"q": {"type": "string", "maxLength": -1}}}"#,
         "m.json: routes[0].parameters.q.maxLength: -1 is negative; use 0 or more"),
        (#"{"name": "a", "fragment": "d", "parameters": {"d": {"type": "date", "format": "yyyy-MM"}}}"#,
         "m.json: routes[0].parameters.d.format: unknown date format 'yyyy-MM': dd is missing (yyyy, MM and dd are required)"),
        (#"{"name": "a", "path": "/{id}", "parameters": {"id": {"type": "integer", "optional": true}}}"#,
         "m.json: routes[0].parameters.id.optional: a path parameter is always present; only query items, rawQuery and fragment can be optional"),
        (#"{"name": "a", "fragment": "f", "parameters": {"f": {"type": "string", "repeated": true}}}"#,
         "m.json: routes[0].parameters.f.repeated: only a query item can repeat, not the fragment"),
        (#"{"name": "a", "path": "/{rest...}", "parameters": {"rest": {"type": "string"}}}"#,
         "m.json: routes[0].parameters.rest.type: a catch-all {name...} has the type 'remainder'"),
        (#"{"name": "a", "fragment": "f", "parameters": {"f": {"type": "remainder"}}}"#,
         "m.json: routes[0].parameters.f.type: 'remainder' is the type of a catch-all {name...} only, not of the fragment"),
        (#"{"name": "a", "fragment": "f", "parameters": {"f": {"type": "enumeration", "values": []}}}"#,
         "m.json: routes[0].parameters.f.values: an enumeration lists at least one value"),
        (#"{"name": "a", "fragment": "f", "parameters": {"f": {"type": "string", "keywords": ["x"]}}}"#,
         "m.json: routes[0].parameters.f.keywords: keywords stand in for values of integer, uuid and date parameters only"),
        (#"{"name": "a", "fragment": "f", "parameters": {"f": {"type": "integer", "keywords": ["7"]}}}"#,
         "m.json: routes[0].parameters.f.keywords[0]: '7' is also a valid integer, so a URL could not say which it means"),
        (#"{"name": "a", "host": "acme com"}"#,
         "m.json: routes[0].host: 'acme com' is not a host a URL can carry (a registered name such as www.acme.com, or an IP address)"),
        (#"{"name": "a", "host": ""}"#, "m.json: routes[0].host: the host is empty: leave 'host' out to match any host or none"),
        (#"{"name": "a-b"}"#, "m.json: routes[0].name: 'a-b' is not a route name: use letters, digits and '_', not starting with a digit"),
        (#"{"name": "a", "unknownQueryItems": "drop"}"#,
         "m.json: routes[0].unknownQueryItems: 'drop' is not a policy: use reject, ignore"),
        (#"{"name": "a", "query": {"k": "q"}, "parameters": {"q": {"type": "string", "minLength": 5, "maxLength": 3}}}"#,
         "m.json: routes[0].parameters.q: route routes[0] 'a' is unreachable: minLength 5 is above maxLength 3, so no value fits"),
        (#"{"name": "a", "query": {"k": "q"}, "parameters": {"q": {"type": "integer", "min": 5, "max": 3}}}"#,
         "m.json: routes[0].parameters.q: route routes[0] 'a' is unreachable: min 5 is above max 3, so no value fits"),
    ] as [(String, String)])
    func rejectedRoute(route: String, message: String) {
        #expect(Self.error(Self.withRoute(route))?.description == message)
    }

    @Test func routeNamesAreUnique() {
        let json = #"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["a"], "routes": [{"name": "x", "path": "/a"}, {"name": "x", "path": "/b"}]}"#
        #expect(Self.error(json)?.description == "m.json: routes[1].name: the name 'x' is already used by routes[0]")
    }

    @Test func manifestsLargerThanTheLimitAreRefusedBeforeParsing() {
        let json = "{" + String(repeating: " ", count: Manifest.maximumSize) + "}"
        #expect(Self.error(json)?.description == "m.json: the file is 1048578 bytes; a manifest may have at most 1048576")
    }

    @Test func deepNestingIsRefusedWithoutRecursingForever() {
        let json = String(repeating: "[", count: 100_000)
        #expect(Self.error(json)?.description == "m.json: byte 64 (line 1, column 65): nested deeper than 64 levels")
    }

    @Test func invalidUTF8IsRefusedAtItsByte() {
        var bytes = Array(#"{"CFBundleURLName": "com.a.b"#.utf8)
        bytes += [0xC0, 0xAF]
        do {
            _ = try Manifest(json: bytes, file: "m.json")
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.description == "m.json: byte 28 (line 1, column 29): not valid UTF-8")
        }
    }

    @Test func jsonEscapesAndUnicodeRead() throws {
        let json = #"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["a"], "routes": [{"name": "a", "path": "/caf\u00e9/\ud83d\ude00/x\"y"}]}"#
        let manifest = try Self.read(json)
        #expect(manifest.routes[0].path == "/café/😀/x\"y")
    }

    /// The canonical text reads back as the same manifest, for the seed and a manifest using every key.
    @Test(arguments: [SeedManifest.json, RichManifest.json])
    func jsonTextRoundTrips(json: String) throws {
        let manifest = try Self.read(json)
        let again = try Self.read(manifest.jsonText)
        #expect(again == manifest)
        #expect(again.jsonText == manifest.jsonText)
    }
}

/// The seed's manifest, as `Schemes/todolist.json` has it (SeedManifestFileTests checks they agree).
enum SeedManifest {
    static let json = """
        {
          "CFBundleURLName": "com.acme.todolist",
          "CFBundleURLSchemes": ["todolist"],
          "routes": [
            {
              "name": "add",
              "path": "/",
              "rawQuery": "task",
              "fragment": "due",
              "parameters": {
                "due": {"type": "date", "format": "yyyyMMddHHmm", "optional": true, "keywords": ["today"]},
                "task": {"type": "string", "minLength": 1, "maxLength": 200}
              }
            }
          ]
        }

        """
}

/// A manifest that uses every key and type, shared by the routing and printing tests.
enum RichManifest {
    static let json = #"""
        {
          "CFBundleURLName": "com.acme.notes",
          "CFBundleURLSchemes": ["notes", "x-notes"],
          "routes": [
            {"name": "home", "path": "/"},
            {"name": "new", "path": "/notes/new"},
            {"name": "show", "path": "/notes/{id}", "fragment": "heading",
             "parameters": {"id": {"type": "integer", "min": 1, "max": 999999, "keywords": ["latest"]},
                            "heading": {"type": "string", "maxLength": 80, "optional": true}}},
            {"name": "export", "path": "/notes/{id}/export/{format}",
             "parameters": {"id": {"type": "integer", "min": 1, "max": 999999, "keywords": ["latest"]},
                            "format": {"type": "enumeration", "values": ["pdf", "md", "html"]}}},
            {"name": "search", "path": "/search", "formDecoding": true,
             "query": {"q": "text", "tag": "tags", "page size": "pageSize", "archived": "archived", "since": "since"},
             "parameters": {"text": {"type": "string", "minLength": 1, "maxLength": 100},
                            "tags": {"type": "string", "maxLength": 20, "repeated": true, "optional": true},
                            "pageSize": {"type": "integer", "min": 1, "max": 100, "optional": true},
                            "archived": {"type": "boolean", "optional": true},
                            "since": {"type": "date", "format": "yyyy-MM-dd", "optional": true}}},
            {"name": "share", "host": "share.acme.com", "path": "/{token}",
             "query": {"utm": "utm"},
             "unknownQueryItems": "ignore",
             "parameters": {"token": {"type": "uuid"}, "utm": {"type": "string", "optional": true}}},
            {"name": "files", "path": "/files/{path...}", "parameters": {"path": {"type": "remainder"}}},
            {"name": "day", "path": "/day/{date}", "parameters": {"date": {"type": "date", "format": "yyyyMMdd", "keywords": ["today"]}}}
          ]
        }
        """#
}
