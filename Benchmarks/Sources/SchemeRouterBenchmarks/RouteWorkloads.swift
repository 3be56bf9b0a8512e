import Foundation
import SchemeRouter

/// The full job an app does with an incoming URL: parse and validate it, find the route, and read
/// its typed request. SchemeRouter does it with a registry of the two manifests in `Schemes/` and
/// the request types the SchemeRouterGenerator plugin generates from them (`NotesRequest`,
/// `TodolistRequest`: every value of the route, read by position); the Foundation side is what an
/// app would write by hand with `URL` + `URLComponents` + `queryItems`, converting each value
/// (`UUID(uuidString:)`, `Int(_:)`, digits for the date) and checking the same constraints, so
/// both reject the same malformed URLs and keep the same values.
struct RouteWorkloads {
    let corpus: [String]
    let registry: SchemeRegistry
    /// The notes declaration's name, as the registry holds it (compared by identity first).
    let notes: ReverseDNSName

    init(corpus: [String]) {
        self.corpus = corpus
        func manifest(_ embedded: EmbeddedManifest) -> Manifest { try! Manifest(json: embedded.bytes, file: embedded.file) }
        registry = try! SchemeRegistry(manifests: [manifest(NotesRequest.manifest), manifest(TodolistRequest.manifest)])
        notes = registry.declaration(claiming: "notes")!.name
    }

    // MARK: - SchemeRouter

    /// Parse, validate, route, read the typed request. Returns a checksum of what was read.
    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func schemeRouter() -> Int {
        var sum = 0
        for text in corpus { sum &+= schemeRouter(text) ?? 1 }
        return sum
    }

    /// The whole job for one URL: a checksum of the typed request, or `nil` when the URL is refused
    /// (the one path: ``SchemeURL/init(_:maximumLength:)``, then ``SchemeRegistry/route(_:)``, then
    /// the generated type's `init(match:)`).
    @inline(__always)
    func schemeRouter(_ text: String) -> Int? {
        guard let url = try? SchemeURL(text), let match = try? registry.route(url) else { return nil }
        if match.declaration == notes {
            guard let request = try? NotesRequest(match: match) else { return nil }
            return Self.checksum(request)
        }
        guard let request = try? TodolistRequest(match: match) else { return nil }
        return Self.checksum(request)
    }

    /// A checksum of a notes request: the app's side of the whole job.
    @inline(__always)
    static func checksum(_ request: consuming NotesRequest) -> Int {
        switch consume request {
        case .edit(let id, let tags, _, let page, _, _): page &+ tags.count &+ Int(truncatingIfNeeded: id.low)
        case .show(let id): Int(truncatingIfNeeded: id.high)
        case .search(let q): q.utf8.count
        case .files(let path, _, let tags): path.count &+ tags.count
        case .compose: 2
        }
    }

    /// A checksum of a todolist request.
    @inline(__always)
    static func checksum(_ request: consuming TodolistRequest) -> Int {
        switch consume request {
        case .add(let task, let due):
            guard case .date(let date)? = due else { return task.utf8.count }
            return task.utf8.count &+ date.day
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
                var q: String?
                var tags: [String] = []
                for item in items {
                    switch item.name {
                    case "q":
                        guard q == nil, let value = item.value, value.count <= 200 else { return nil }
                        q = value
                    case "tag":
                        guard let value = item.value, value.count <= 64 else { return nil }
                        tags.append(value)
                    default: return nil
                    }
                }
                return path.count - 1 &+ tags.count
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
