import Foundation
import SchemeRouter

/// The full job an app does with an incoming URL: parse and validate it, find the route, and read
/// typed values. SchemeRouter does it with a registry built from manifests and request types read
/// through ``ParameterReader``; the Foundation side is what an app would write by hand with `URL` + `URLComponents` +
/// `queryItems`, converting each value (`UUID(uuidString:)`, `Int(_:)`, digits for the date) and
/// checking the same constraints, so both reject the same malformed URLs.
struct RouteWorkloads {
    let corpus: [String]
    let registry: SchemeRegistry

    static let notesManifest = #"""
        {
          "CFBundleURLName": "com.acme.notes",
          "CFBundleURLSchemes": ["notes"],
          "routes": [
            {"name": "compose", "path": "/compose"},
            {"name": "show", "path": "/notes/{id}", "parameters": {"id": {"type": "uuid"}}},
            {"name": "edit", "path": "/notes/{id}/edit", "fragment": "section",
             "query": {"tag": "tags", "sort": "sort", "page": "page", "pinned": "pinned"},
             "parameters": {"id": {"type": "uuid"},
                            "tags": {"type": "string", "maxLength": 64, "repeated": true, "optional": true},
                            "sort": {"type": "enumeration", "values": ["recent", "title"]},
                            "page": {"type": "integer", "min": 1, "max": 1000},
                            "pinned": {"type": "boolean", "optional": true},
                            "section": {"type": "string", "maxLength": 64, "optional": true}}},
            {"name": "search", "path": "/search", "query": {"q": "q"}, "parameters": {"q": {"type": "string", "minLength": 1, "maxLength": 200}}},
            {"name": "files", "path": "/files/{path...}", "query": {"q": "q", "tag": "tags"},
             "parameters": {"path": {"type": "remainder"}, "q": {"type": "string", "maxLength": 200, "optional": true},
                            "tags": {"type": "string", "maxLength": 64, "repeated": true, "optional": true}}}
          ]
        }
        """#

    static let todolistManifest = #"""
        {"CFBundleURLName": "com.acme.todolist", "CFBundleURLSchemes": ["todolist"],
         "routes": [{"name": "add", "path": "/", "rawQuery": "task", "fragment": "due",
                     "parameters": {"due": {"type": "date", "format": "yyyyMMddHHmm", "optional": true, "keywords": ["today"]},
                                    "task": {"type": "string", "minLength": 1, "maxLength": 200}}}]}
        """#

    init(corpus: [String]) {
        self.corpus = corpus
        registry = try! SchemeRegistry(manifests: [
            try! Manifest(json: Array(Self.notesManifest.utf8), file: "notes.json"),
            try! Manifest(json: Array(Self.todolistManifest.utf8), file: "todolist.json"),
        ])
    }

    // MARK: - SchemeRouter

    /// The `edit` route's typed request.
    struct EditNote {
        static let routeName = "edit"
        var id: UUIDValue, tags: [String], sort: String, page: Int, pinned: Bool?, section: String?
    }

    /// The `add` route's typed request.
    struct AddTask {
        static let routeName = "add"
        var task: String, due: CivilDateTime?
    }

    // The request types read their values through the memberwise initializer, in URL order:
    // assigning the stored properties one by one in a throwing initializer makes Swift build
    // the value in a temporary and copy it out (a retain and a release more per reference).

    /// Parse, validate, route, read the typed request. Returns a checksum of what was read.
    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func schemeRouter() -> Int {
        var sum = 0
        for text in corpus { sum &+= schemeRouter(text) ?? 1 }
        return sum
    }

    /// The whole job for one URL: a checksum of the typed values, or `nil` when the URL is refused
    /// (the one path: ``SchemeURL/init(_:maximumLength:)``, then ``SchemeRegistry/route(_:)``).
    @inline(__always)
    func schemeRouter(_ text: String) -> Int? {
        guard let url = try? SchemeURL(text), let match = try? registry.route(url) else { return nil }
        return try? Self.checksum(route: match.route.name, match)
    }

    /// A checksum of the typed values of route `route`, read from the match: the app's side of the whole job.
    @inline(__always)
    static func checksum(route: String, _ values: some ParameterReader) throws(RouteError) -> Int {
        switch route {
        case EditNote.routeName:
            let edit = try EditNote(reading: values)
            return edit.page &+ edit.tags.count &+ Int(truncatingIfNeeded: edit.id.low)
        case AddTask.routeName:
            let add = try AddTask(reading: values)
            return add.task.utf8.count &+ (add.due?.day ?? 0)
        case "show":
            return Int(truncatingIfNeeded: try values.uuid("id").high)
        case "search":
            return try values.string("q").utf8.count
        case "files":
            return try values.strings("path").count
        default:
            return 2
        }
    }

    // MARK: - Foundation, by hand

    /// The same job with Foundation.
    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func foundation() -> Int {
        var sum = 0
        for text in corpus { sum &+= foundation(text) ?? 1 }
        return sum
    }

    /// The whole job for one URL with Foundation: a checksum of the typed values, or `nil` when
    /// the URL is refused. It checks what the manifests declare (types, ranges, lengths, allowed
    /// and repeated keys) and builds the same values; it does not allocate where it need not
    /// (no array literals per URL), so Foundation is not slowed down by the benchmark.
    @inline(__always)
    func foundation(_ text: String) -> Int? {
        guard let url = URL(string: text, encodingInvalidCharacters: false), let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased()
        else { return nil }
        let items = components.queryItems ?? []
        switch scheme {
        case "todolist":
            guard let task = components.percentEncodedQuery?.removingPercentEncoding, !task.isEmpty, task.count <= 200 else {
                return nil
            }
            var day = 0
            if let fragment = components.fragment, fragment != "today" {
                guard let date = Self.parseDate(fragment) else { return nil }
                day = date.day
            }
            return task.utf8.count &+ day
        case "notes":
            var path = components.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if path.first == "" { path.removeFirst() }
            if path.count == 1 && path[0] == "compose" {
                return 2
            } else if path.count == 2, path[0] == "notes", let id = UUID(uuidString: path[1]) {
                return Int(id.uuid.0)
            } else if path.count == 3, path[0] == "notes", path[2] == "edit", let id = UUID(uuidString: path[1]) {
                var tags: [String] = []
                var sort: String?
                var page: Int?
                var pinned: Bool?
                for item in items {
                    switch item.name {
                    case "tag":
                        guard let value = item.value, value.count <= 64 else { return nil }
                        tags.append(value)
                    case "sort":
                        guard sort == nil, let value = item.value, value == "recent" || value == "title" else { return nil }
                        sort = value
                    case "page":
                        guard page == nil, let value = item.value.flatMap({ Int($0) }), (1...1000).contains(value) else { return nil }
                        page = value
                    case "pinned":
                        guard pinned == nil, let value = item.value else { return nil }
                        switch value {
                        case "true", "1": pinned = true
                        case "false", "0": pinned = false
                        default: return nil
                        }
                    default:
                        return nil
                    }
                }
                guard sort != nil, let page, (components.fragment?.count ?? 0) <= 64 else { return nil }
                return page &+ tags.count &+ Int(id.uuid.15)
            } else if path.count == 1, path[0] == "search", items.count == 1, items[0].name == "q", let q = items[0].value,
                !q.isEmpty, q.count <= 200
            {
                return q.utf8.count
            } else if path.count >= 2, path[0] == "files", !path.dropFirst().contains(where: { $0 == "." || $0 == ".." }) {
                for item in items {
                    switch item.name {
                    case "q": guard let value = item.value, value.count <= 200 else { return nil }
                    case "tag": guard let value = item.value, value.count <= 64 else { return nil }
                    default: return nil
                    }
                }
                return path.count - 1
            }
            return nil
        default:
            return nil
        }
    }

    /// How many URLs each side accepts, and the distinct URLs they disagree on.
    func acceptance() -> (ours: Int, foundation: Int, disagreements: [String]) {
        compareAcceptance(of: corpus, ours: schemeRouter, foundation: foundation)
    }

    /// `yyyyMMddHHmm`, strictly (what the manifest's date format does).
    static func parseDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let utf8 = text.utf8
        guard utf8.count == 12 else { return nil }
        var fields = (0, 0, 0, 0, 0)
        for (index, byte) in utf8.enumerated() {
            guard byte >= 48 && byte <= 57 else { return nil }
            let digit = Int(byte - 48)
            switch index {
            case 0..<4: fields.0 = fields.0 * 10 + digit
            case 4..<6: fields.1 = fields.1 * 10 + digit
            case 6..<8: fields.2 = fields.2 * 10 + digit
            case 8..<10: fields.3 = fields.3 * 10 + digit
            default: fields.4 = fields.4 * 10 + digit
            }
        }
        let (year, month, day, hour, minute) = fields
        guard CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute) != nil else { return nil }
        return (year, month, day)
    }
}

extension RouteWorkloads.EditNote {
    init(reading parameters: some ParameterReader) throws(RouteError) {
        self.init(
            id: try parameters.uuid("id"), tags: try parameters.strings("tags"), sort: try parameters.string("sort"),
            page: try parameters.integer("page"), pinned: try parameters.optionalBoolean("pinned"),
            section: try parameters.optionalString("section"))
    }
}

extension RouteWorkloads.AddTask {
    init(reading parameters: some ParameterReader) throws(RouteError) {
        let task = try parameters.string("task")
        self.init(task: task, due: parameters.keyword("due") == nil ? try parameters.optionalDate("due") : nil)
    }
}
