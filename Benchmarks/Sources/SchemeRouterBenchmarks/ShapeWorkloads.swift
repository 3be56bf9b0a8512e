import Foundation
import SchemeRouter

/// Manifest shapes beyond the main corpus, in the manner of a held-out set: 12 schemes whose deep
/// links carry 2–6 of 20 query keys (every key repeatable, four repeatable, or none), a route
/// with 25 declared values, and refused URLs (duplicate key, key without value, dot segment).
/// Each is timed against Foundation doing the same checks by hand, on its own corpus.
struct ShapeWorkloads {
    /// How many of the 20 keys may repeat.
    enum Repeats: String, CaseIterable {
        case every, four, none
        var count: Int { self == .every ? 20 : self == .four ? 4 : 0 }
    }

    /// One key's rule, as the manifest declares it and the Foundation side checks it.
    struct Key {
        let name: String
        let repeated: Bool
        let isInteger: Bool
    }

    let title: String
    let corpus: [String]
    let registry: SchemeRegistry
    let keys: [Key]
    let keyIndex: [String: Int]
    let schemes: Set<String>
    /// For the 25-values route: path parameters read as well.
    let manyValues: Bool

    static let schemeCount = 12

    // MARK: - The shapes

    /// Web-style query keys of 1 to 16 bytes, many sharing a prefix (`utm_`, `page`, `sort`).
    static let webKeys = [
        "utm_source", "utm_medium", "utm_campaign", "utm_term", "redirect_uri", "client_id", "q", "page", "sort", "tag",
        "response_type", "state", "scope", "category", "page_size", "sort_order", "include_archived", "lang", "ref", "v",
    ]

    /// Deep links over 12 schemes with 2–6 of 20 keys (`k0`…`k19`, or `names`); `refusals` makes
    /// every URL one the route refuses.
    static func deepLinks(_ repeats: Repeats, count: Int, refusals: Bool = false, names: [String]? = nil) -> ShapeWorkloads {
        let keys = (0..<20).map { Key(name: names?[$0] ?? "k\($0)", repeated: $0 < repeats.count, isInteger: $0 % 5 == 4) }
        var parameters = [#""id": {"type": "uuid"}"#]
        for key in keys {
            let type = key.isInteger ? #""type": "integer", "min": 0, "max": 1000000"# : #""type": "string", "maxLength": 64"#
            parameters.append("\"\(key.name)\": {\(type), \"optional\": true\(key.repeated ? ", \"repeated\": true" : "")}")
        }
        let query = keys.map { "\"\($0.name)\": \"\($0.name)\"" }.joined(separator: ", ")
        let routes = #"[{"name": "home", "path": "/home"}, {"name": "item", "path": "/items/{id}", "query": {\#(query)}, "parameters": {\#(parameters.joined(separator: ", "))}}]"#
        var random = SplitMix64(seed: refusals ? 7 : 3)
        var corpus: [String] = []
        for index in 0..<count {
            let scheme = "app\(index % schemeCount)"
            if !refusals && random.next() % 10 == 0 {
                corpus.append("\(scheme)://h/home")
                continue
            }
            var items: [String] = []
            let chosen = (0..<Int(2 + random.next() % 5)).map { _ in Int(random.next() % 20) }
            var used: Set<Int> = []
            for key in chosen where keys[key].repeated || used.insert(key).inserted {
                items.append("\(keys[key].name)=" + value(keys[key], &random))
                if keys[key].repeated && random.next() % 2 == 0 { items.append("\(keys[key].name)=" + value(keys[key], &random)) }
            }
            var path = "/items/" + uuid(&random)
            if refusals {
                switch index % 3 {
                case 0:  // a key that may not repeat, twice (k19 never repeats in any shape)
                    items.append("k19=" + value(keys[19], &random))
                    items.append("k19=" + value(keys[19], &random))
                case 1: items.insert("k\(random.next() % 20)", at: items.count / 2)  // a key without a value
                default: path = "/items/.."  // a dot segment
                }
            }
            corpus.append("\(scheme)://www.acme.com\(path)?" + items.joined(separator: "&"))
        }
        let title = refusals ? "refused deep links (duplicate key, key without value, dot segment; 12 schemes)"
            : "deep links, 12 schemes, 2-6 of 20 \(names == nil ? "" : "web-style ")keys, \(repeats.rawValue == "every" ? "every key" : repeats.rawValue == "four" ? "four keys" : "no key") repeatable"
        return ShapeWorkloads(title: title, corpus: corpus, routes: routes, keys: keys, manyValues: false)
    }

    /// A route with 25 declared values (3 path segments, 22 query items), all given and all read.
    static func manyValues(count: Int) -> ShapeWorkloads {
        let keys = (0..<22).map { Key(name: "q\($0)", repeated: false, isInteger: $0 % 3 == 0) }
        var parameters = [#""a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "integer"}"#]
        for key in keys {
            parameters.append("\"\(key.name)\": {\(key.isInteger ? #""type": "integer""# : #""type": "string", "maxLength": 64"#)}")
        }
        let query = keys.map { "\"\($0.name)\": \"\($0.name)\"" }.joined(separator: ", ")
        let routes = #"[{"name": "item", "path": "/r/{a}/{b}/{c}", "query": {\#(query)}, "parameters": {\#(parameters.joined(separator: ", "))}}]"#
        var random = SplitMix64(seed: 5)
        let corpus = (0..<count).map { index in
            "app\(index % schemeCount)://h/r/alpha/beta/\(random.next() % 1000)?"
                + keys.map { "\($0.name)=" + value($0, &random) }.joined(separator: "&")
        }
        return ShapeWorkloads(title: "25 declared values, all read (12 schemes)", corpus: corpus, routes: routes, keys: keys, manyValues: true)
    }

    static func value(_ key: Key, _ random: inout SplitMix64) -> String {
        if key.isInteger { return String(random.next() % 100_000) }
        let words = ["milk", "Quarterly%20Report", "caf%C3%A9", "swift", "a+b", "inbox", "2024-02-29", "x"]
        return words[Int(random.next() % UInt64(words.count))] + String(random.next() % 100)
    }

    static func uuid(_ random: inout SplitMix64) -> String {
        let hex = String(random.next(), radix: 16).padding(toLength: 16, withPad: "0", startingAt: 0)
            + String(random.next(), radix: 16).padding(toLength: 16, withPad: "0", startingAt: 0)
        let c = Array(hex)
        return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20]) + "-" + String(c[20..<32])
    }

    init(title: String, corpus: [String], routes: String, keys: [Key], manyValues: Bool) {
        self.title = title
        self.corpus = corpus
        self.keys = keys
        self.manyValues = manyValues
        keyIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element.name, $0.offset) })
        schemes = Set((0..<Self.schemeCount).map { "app\($0)" })
        registry = try! SchemeRegistry(manifests: (0..<Self.schemeCount).map { index in
            let json = #"{"CFBundleURLName": "com.acme.app\#(index)", "CFBundleURLSchemes": ["app\#(index)"], "routes": \#(routes)}"#
            return try! Manifest(json: Array(json.utf8), file: "app\(index).json")
        })
    }

    // MARK: - SchemeRouter

    @inline(never)
    func schemeRouter() -> Int {
        var sum = 0
        for text in corpus { sum &+= schemeRouter(text) ?? 1 }
        return sum
    }

    /// Route, then read every declared value (as an app's request type would).
    @inline(__always)
    func schemeRouter(_ text: String) -> Int? {
        guard let url = try? SchemeURL(text), let match = try? registry.route(url) else { return nil }
        guard match.route.name == "item" else { return 2 }
        do {
            var sum = 0
            if manyValues {
                sum &+= try match.string("a").utf8.count &+ match.string("b").utf8.count &+ match.integer("c")
            } else {
                sum &+= Int(truncatingIfNeeded: try match.uuid("id").low)
            }
            for key in keys {
                if key.repeated {
                    sum &+= try key.isInteger ? match.integers(key.name).count : match.strings(key.name).count
                } else if key.isInteger {
                    sum &+= try match.optionalInteger(key.name) ?? 0
                } else {
                    sum &+= try match.optionalString(key.name)?.utf8.count ?? 0
                }
            }
            return sum
        } catch {
            return nil
        }
    }

    // MARK: - Foundation, by hand

    @inline(never)
    func foundation() -> Int {
        var sum = 0
        for text in corpus { sum &+= foundation(text) ?? 1 }
        return sum
    }

    /// The same checks by hand: scheme, path, UUID or path values, every key known, a value for
    /// every key, no key twice unless repeatable, lengths and integers, no dot segment.
    @inline(__always)
    func foundation(_ text: String) -> Int? {
        guard let url = URL(string: text, encodingInvalidCharacters: false),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), schemes.contains(scheme)
        else { return nil }
        var path = components.path.split(separator: "/", omittingEmptySubsequences: false)
        if path.first == "" { path.removeFirst() }
        if path.contains(where: { $0 == "." || $0 == ".." }) { return nil }
        var sum = 0
        if manyValues {
            guard path.count == 4, path[0] == "r", !path[1].isEmpty, !path[2].isEmpty, let c = Int(path[3]) else { return nil }
            sum = String(path[1]).utf8.count &+ String(path[2]).utf8.count &+ c
        } else {
            if path.count == 1 && path[0] == "home" { return 2 }
            guard path.count == 2, path[0] == "items", let id = UUID(uuidString: String(path[1])) else { return nil }
            sum = Int(id.uuid.15)
        }
        var seen = [Bool](repeating: false, count: keys.count)
        var lists = [[String]](repeating: [], count: keys.count)
        for item in components.queryItems ?? [] {
            guard let index = keyIndex[item.name], let value = item.value else { return nil }
            let key = keys[index]
            if seen[index] && !key.repeated { return nil }
            seen[index] = true
            if key.isInteger {
                guard let number = Int(value), (0...1_000_000).contains(number) || manyValues else { return nil }
                sum &+= number
            } else {
                guard value.count <= 64 else { return nil }
                if key.repeated { lists[index].append(value) } else { sum &+= value.utf8.count }
            }
        }
        if manyValues && seen.contains(false) { return nil }
        for list in lists { sum &+= list.count }
        return sum
    }

    /// How many URLs each side accepts, and the distinct URLs they disagree on.
    func acceptance() -> (ours: Int, foundation: Int, disagreements: [String]) {
        compareAcceptance(of: corpus, ours: schemeRouter, foundation: foundation)
    }

    var comparison: Comparison {
        Comparison(
            title: title,
            ours: Workload(name: "SchemeRouter: SchemeURL + route + all values") { schemeRouter() },
            theirs: Workload(name: "Foundation: URL + URLComponents, by hand") { foundation() })
    }
}
