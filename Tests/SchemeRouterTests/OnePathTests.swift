import PropertyBased
import Testing

@testable import SchemeRouter

/// The one routing path: the reason a URL is refused comes from the same pass that binds it, in
/// URL order, and no manifest shape leaves the path (no limit on repeated keys).
@Suite struct OnePathTests {
    static let declaration: SchemeDeclaration = {
        let keys = (0..<8).map { "\"k\($0)\": \"k\($0)\"" }.joined(separator: ", ")
        let specs = (0..<8).map { "\"k\($0)\": {\"type\": \"\($0 == 7 ? "integer" : "string")\", \"optional\": true, \"repeated\": \($0 < 6)}" }
            .joined(separator: ", ")
        let route = #"{"name": "r", "path": "/items/{id}", "query": {\#(keys)}, "parameters": {"id": {"type": "integer"}, \#(specs)}}"#
        return try! SchemeDeclaration(Manifest(json: Array(ManifestTests.withRoute(route).utf8), file: "m.json"))
    }()

    static func refusal(_ url: String) -> String? {
        do {
            _ = try declaration.match(SchemeURL(url))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Six repeated keys (more than the removed fast path's four) bind in one pass, absent ones as empty lists.
    @Test func sixRepeatedKeysBind() throws {
        let query = (0..<6).flatMap { ["k\($0)=a\($0)", "k\($0)=b\($0)"] }.joined(separator: "&")
        let match = try Self.declaration.match(SchemeURL("app:/items/1?" + query + "&k7=5"))
        for key in 0..<6 { #expect(try match.strings("k\(key)") == ["a\(key)", "b\(key)"]) }
        #expect(try match.integer("k7") == 5)
        #expect(try Self.declaration.match(SchemeURL("app:/items/1")).strings("k3") == [])
    }

    /// A key given twice whose second value is invalid is refused for the value (found first), as
    /// the URL reads; a valid second value makes it a duplicate.
    @Test(arguments: [
        ("app:/items/1?k7=1&k7=x", "parameter 'k7' = 'x': not an integer (digits with an optional leading '-') at byte 21"),
        ("app:/items/1?k7=1&k7=2", "query item 'k7' is given twice but is not repeated at byte 18"),
        ("app:/items/x?k7=%FF", "parameter 'id' = 'x': not an integer (digits with an optional leading '-') at byte 11"),
        ("app:/items/1?k7=%FF", "parameter 'k7' = '%FF': percent-encoded bytes are not valid UTF-8 at byte 16"),
        ("app:/items/1?k7", "query item 'k7' has no '=value' at byte 13"),
        ("app:/items/..?k7", "parameter 'id' = '..': '.' and '..' never match a path parameter at byte 11"),
        ("app:/items/1?k9=1", "unknown query item 'k9' at byte 13"),
        ("app:/items/1?k0=a&&k1=b", "empty query item at byte 18"),
    ])
    func refusedInURLOrder(url: String, message: String) {
        #expect(Self.refusal(url) == message)
    }

    /// A route's keys: 1 to 64 distinct names of up to 17 plain bytes (many differing in one byte,
    /// or sharing their first four or eight), each bound to a repeated list; and items naming them in
    /// any order, some keys escaped.
    static let keyedQueries = Generator { (rng: inout any SeededRandomNumberGenerator) -> ([String], [(Int, Bool)]) in
        let alphabet = Array("ab19._~-".utf8) + Array("k".utf8)
        var keys: [String] = []
        for _ in 0..<Int.random(in: 1...64, using: &rng) {
            let stem = ["", "", "utm_", "page_siz"].randomElement(using: &rng)!
            let length = Int.random(in: (stem.isEmpty ? 1 : 0)...(17 - stem.count), using: &rng)
            let key = stem + String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self)
            if !keys.contains(key) { keys.append(key) }
        }
        let items = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
            (Int.random(in: 0..<keys.count, using: &rng), Int.random(in: 0..<5, using: &rng) == 0)
        }
        return (keys, items)
    }

    /// Every item is bound to its key's list, in URL order, whatever the key names (the key table
    /// finds a raw key of up to 15 bytes by its two words, the rest by decoding; both agree).
    @Test func everyKeyIsFoundWhateverItsName() async {
        await propertyCheck(count: 300, input: Self.keyedQueries) { keys, items in
            let query = keys.enumerated().map { "\"\($0.element)\": \"p\($0.offset)\"" }.joined(separator: ", ")
            let specs = keys.indices.map { "\"p\($0)\": {\"type\": \"string\", \"optional\": true, \"repeated\": true}" }
            let route = #"{"name": "r", "path": "/", "query": {\#(query)}, "parameters": {\#(specs.joined(separator: ", "))}}"#
            let declaration = try! SchemeDeclaration(Manifest(json: Array(ManifestTests.withRoute(route).utf8), file: "m.json"))
            let text = items.enumerated().map { position, item in
                let key = keys[item.0]
                // `%6B` for a leading `k`, else the whole key escaped byte by byte.
                let escaped = key.first == "k" ? "%6B" + key.dropFirst() : key.utf8.map { "%" + String($0, radix: 16) }.joined()
                return (item.1 ? escaped : key) + "=v\(position)"
            }.joined(separator: "&")
            let match = try! declaration.match(SchemeURL("app:/?" + text))
            for (index, _) in keys.enumerated() {
                let expected = items.enumerated().filter { $0.element.0 == index }.map { "v\($0.offset)" }
                #expect((try? match.strings("p\(index)")) == expected, "\(keys) \(text)")
            }
            let plan = declaration.matcher.routes[0].plan
            #expect(plan.keySlots.count <= 16 * keys.count + 16, "\(keys.count) keys, \(plan.keySlots.count) slots")
        }
    }
}
