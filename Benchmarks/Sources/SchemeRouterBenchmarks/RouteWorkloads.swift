import Foundation
import SchemeRouter

/// The full job an app does with an incoming URL: parse and validate it, find the route, and read
/// typed values. SchemeRouter does it with a registry built from manifests and `RouteRequest`
/// types; the Foundation side is what an app would write by hand with `URL` + `URLComponents` +
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

    struct EditNote: RouteRequest {
        static let routeName = "edit"
        var id: UUIDValue, tags: [String], sort: String, page: Int, pinned: Bool?, section: String?
        init(parameters: RouteParameters) throws(RouteError) {
            id = try parameters.uuid("id")
            tags = try parameters.strings("tags")
            sort = try parameters.string("sort")
            page = try parameters.integer("page")
            pinned = try parameters.optionalBoolean("pinned")
            section = try parameters.optionalString("section")
        }
        var routeParameters: RouteParameters { RouteParameters() }
    }

    struct AddTask: RouteRequest {
        static let routeName = "add"
        var task: String, due: CivilDateTime?
        init(parameters: RouteParameters) throws(RouteError) {
            task = try parameters.string("task")
            due = parameters.keyword("due") == nil ? try parameters.optionalDate("due") : nil
        }
        var routeParameters: RouteParameters { RouteParameters() }
    }

    /// Parse, validate, route, read the typed request. Returns a checksum of what was read.
    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func schemeRouter() -> Int {
        var sum = 0
        for text in corpus {
            guard let url = try? SchemeURL(text), let match = try? registry.route(url) else {
                sum &+= 1
                continue
            }
            switch match.route.name {
            case "edit":
                if let edit = try? match.request(EditNote.self) { sum &+= edit.page &+ edit.tags.count &+ Int(truncatingIfNeeded: edit.id.low) }
            case "add":
                if let add = try? match.request(AddTask.self) { sum &+= add.task.utf8.count &+ (add.due?.day ?? 0) }
            case "show":
                if let id = try? match.parameters.uuid("id") { sum &+= Int(truncatingIfNeeded: id.high) }
            case "search":
                if let q = try? match.parameters.string("q") { sum &+= q.utf8.count }
            case "files":
                if let path = try? match.parameters.strings("path") { sum &+= path.count }
            default:
                sum &+= 2
            }
        }
        return sum
    }

    // MARK: - Foundation, by hand

    /// The same job with Foundation.
    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func foundation() -> Int {
        var sum = 0
        for text in corpus {
            guard let url = URL(string: text), let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                let scheme = components.scheme?.lowercased()
            else {
                sum &+= 1
                continue
            }
            let items = components.queryItems ?? []
            switch scheme {
            case "todolist":
                guard let task = components.percentEncodedQuery?.removingPercentEncoding, !task.isEmpty, task.count <= 200 else {
                    sum &+= 1
                    continue
                }
                var day = 0
                if let fragment = components.fragment, fragment != "today" {
                    guard let date = Self.parseDate(fragment) else { sum &+= 1; continue }
                    day = date.day
                }
                sum &+= task.utf8.count &+ day
            case "notes":
                var path = components.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                if path.first == "" { path.removeFirst() }
                if path == ["compose"] {
                    sum &+= 2
                } else if path.count == 2, path[0] == "notes", let id = UUID(uuidString: path[1]) {
                    sum &+= Int(id.uuid.0)
                } else if path.count == 3, path[0] == "notes", path[2] == "edit", let id = UUID(uuidString: path[1]) {
                    var tags: [String] = []
                    var sort: String?
                    var page: Int?
                    var pinned: Bool?
                    var valid = true
                    for item in items {
                        switch item.name {
                        case "tag": if let value = item.value, value.count <= 64 { tags.append(value) } else { valid = false }
                        case "sort": if sort == nil, let value = item.value, value == "recent" || value == "title" { sort = value } else { valid = false }
                        case "page": if page == nil, let value = item.value.flatMap({ Int($0) }), (1...1000).contains(value) { page = value } else { valid = false }
                        case "pinned": if pinned == nil, let value = item.value, ["true", "false", "1", "0"].contains(value) { pinned = value == "true" || value == "1" } else { valid = false }
                        default: valid = false
                        }
                    }
                    guard valid, sort != nil, let page, (components.fragment?.count ?? 0) <= 64 else { sum &+= 1; continue }
                    sum &+= page &+ tags.count &+ Int(id.uuid.15)
                } else if path == ["search"], items.count == 1, items[0].name == "q", let q = items[0].value, !q.isEmpty {
                    sum &+= q.utf8.count
                } else if path.count >= 2, path[0] == "files", !path.dropFirst().contains(where: { $0 == "." || $0 == ".." }) {
                    sum &+= path.count - 1
                } else {
                    sum &+= 1
                }
            default:
                sum &+= 1
            }
        }
        return sum
    }

    /// `yyyyMMddHHmm`, strictly (what the manifest's date format does).
    static func parseDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let digits = Array(text.utf8)
        guard digits.count == 12, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(digits[$1] - 48) } }
        let year = number(0..<4), month = number(4..<6), day = number(6..<8), hour = number(8..<10), minute = number(10..<12)
        guard CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute) != nil else { return nil }
        return (year, month, day)
    }
}
