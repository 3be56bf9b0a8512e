import PropertyBased
import Testing

@testable import SchemeRouter

/// The routing fast path (``FastMatcher``, ``FlatTrie``, ``FastPlan``, ``ValueReader``,
/// ``FastText``) against the precise path it stands beside (``RouteTable``, ``RouteBinder``,
/// ``ParameterSpec/parseScalar(_:)-(UnsafeBufferPointer<UInt8>)``, ``PercentDecoding``), over
/// generated input: both accept the same inputs, with the same values (and offsets).
///
/// The fast path answers only "this match" or "not me"; on "not me" the precise path runs and
/// throws. So the properties are: the fast path never accepts what the precise one rejects, it
/// agrees on what both accept, and it accepts everything the precise one accepts (for these
/// manifests), so the fast path is actually taken.
@Suite struct FastPathDifferentialTests {
    static let declarations: [SchemeDeclaration] = [
        try! SchemeDeclaration(try! Manifest(json: Array(RichManifest.json.utf8), file: "notes.json")),
        try! SchemeDeclaration(try! Manifest(json: Array(SeedManifest.json.utf8), file: "todolist.json")),
        try! SchemeDeclaration(try! Manifest(json: Array(BenchmarkManifest.json.utf8), file: "bench.json")),
    ]

    // MARK: - Whole matches

    /// Fast and precise matching agree on every generated URL of every declaration.
    static func checkMatch(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let url = try? SchemeURL(text) else { return }
        checkValues(url, sourceLocation: sourceLocation)
        for declaration in declarations {
            var copy = url.text
            copy.withUTF8 { bytes in
                let fast = declaration.fast.match(url, bytes: bytes)
                let precise = Result { () throws(RouteError) in try declaration.preciseMatch(url, bytes: bytes) }
                switch (fast, precise) {
                case (nil, .failure):
                    break
                case (let fast?, .success(let precise)):
                    #expect(fast == precise, "\(text): fast \(fast) precise \(precise)", sourceLocation: sourceLocation)
                    #expect(fast.route.index == precise.route.index, "\(text)", sourceLocation: sourceLocation)
                    #expect(fast.parameters.names == precise.parameters.names, "\(text)", sourceLocation: sourceLocation)
                    for name in precise.parameters.names {
                        checkValue(fast.parameters, precise.parameters, name, text, sourceLocation)
                    }
                case (let fast?, .failure(let error)):
                    Issue.record("\(text): fast path accepted \(fast), precise path threw \(error)", sourceLocation: sourceLocation)
                case (nil, .success(let precise)):
                    Issue.record("\(text): fast path declined what the precise path matched: \(precise)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    static let registry = try! SchemeRegistry(declarations)

    /// ``SchemeRegistry/withRoute(_:_:)`` (values read in place from slots) against
    /// ``SchemeRegistry/route(_:)`` (an owned match): the same error, or the same route, values,
    /// offsets and typed getters.
    static func checkValues(_ url: SchemeURL, sourceLocation: SourceLocation) {
        let text = url.text
        let owned = Result { () throws(RouteError) in try registry.route(url) }
        let scoped = Result { () throws(RouteError) in
            try registry.withRoute(url) { values throws(RouteError) -> RouteMatch in
                if case .success(let match) = owned {
                    #expect(values.routeName == match.route.name, "\(text)", sourceLocation: sourceLocation)
                    #expect(values.route.index == match.route.index, "\(text)", sourceLocation: sourceLocation)
                    #expect(values.declaration == match.declaration, "\(text)", sourceLocation: sourceLocation)
                    #expect(values.url == url, "\(text)", sourceLocation: sourceLocation)
                    for name in match.parameters.names {
                        checkValue(values, match.parameters, name, text, sourceLocation)
                    }
                    #expect(values.parameters.names == match.parameters.names, "\(text)", sourceLocation: sourceLocation)
                    #expect(values["no such name"] == nil, "\(text)", sourceLocation: sourceLocation)
                }
                return values.match
            }
        }
        switch (owned, scoped) {
        case (.success(let match), .success(let copy)):
            #expect(copy == match, "\(text): withRoute \(copy), route \(match)", sourceLocation: sourceLocation)
        case (.failure(let error), .failure(let scopedError)):
            #expect(scopedError == error, "\(text)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(text): route gave \(owned), withRoute \(scoped)", sourceLocation: sourceLocation)
        }
        // Parsing and routing the text in one step reads the same values, URL included.
        let fromText = Result { () throws(RouteError) in
            try registry.withRoute(text) { values throws(RouteError) -> RouteMatch in
                #expect(values.url == url, "\(text)", sourceLocation: sourceLocation)
                return values.match
            }
        }
        #expect(fromText == scoped, "\(text): withRoute(text) \(fromText), withRoute(url) \(scoped)", sourceLocation: sourceLocation)
    }

    /// Value `name` of `fast` is what the precise path's values say: the same value and offset,
    /// and every typed getter returns it (each reads its stored value its own way).
    static func checkValue(
        _ fast: borrowing some ParameterReader & ~Copyable, _ precise: RouteParameters, _ name: String, _ text: String,
        _ sourceLocation: SourceLocation
    ) {
        #expect(fast[name] == precise[name], "\(text) \(name)", sourceLocation: sourceLocation)
        #expect(fast.offset(of: name) == precise.offset(of: name), "\(text) \(name)", sourceLocation: sourceLocation)
        #expect(fast.keyword(name) == precise.keyword(name), "\(text) \(name)", sourceLocation: sourceLocation)
        switch precise[name] {
        case .string(let expected):
            #expect((try? fast.string(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
            #expect((try? fast.optionalString(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
        case .list(let values):
            let texts = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
            if texts.count == values.count {
                #expect((try? fast.strings(name)) == texts, "\(text) \(name)", sourceLocation: sourceLocation)
            } else {
                #expect((try? fast.integers(name)) == (try? precise.integers(name)), "\(text) \(name)", sourceLocation: sourceLocation)
            }
        case .integer(let expected):
            #expect((try? fast.integer(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
            #expect((try? fast.optionalInteger(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
        case .uuid(let expected):
            #expect((try? fast.uuid(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
            #expect((try? fast.optionalUUID(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
        case .boolean(let expected):
            #expect((try? fast.boolean(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
            #expect((try? fast.optionalBoolean(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
        case .date(let expected):
            #expect((try? fast.date(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
            #expect((try? fast.optionalDate(name)) == expected, "\(text) \(name)", sourceLocation: sourceLocation)
        case .keyword, nil:
            break
        }
    }

    @Test func generatedRouteURLs() async {
        await propertyCheck(count: 4000, input: RouteURLGen.urls) { text in
            Self.checkMatch(text)
        }
    }

    /// URLs made from the routes themselves, mostly valid, so that most match and every value
    /// type, list and offset is compared.
    @Test func generatedURLsOfEveryRoute() async {
        await propertyCheck(count: 6000, input: RouteURLGen.routeURLs) { text in
            Self.checkMatch(text)
        }
    }

    @Test(arguments: [
        "notes://app/notes/42#Intro", "notes://x/notes/latest", "notes:/notes/0", "notes:/notes/%31",
        "notes://x/notes/7/export/pdf", "notes://x/search?q=a+b&tag=x&tag=y&page%20size=10&archived=1&since=2024-02-29",
        "notes://x/search?q=a&page+size=10", "notes://share.acme.com/0f0e0d0c-0b0a-0908-0706-050403020100?utm=x&other=1",
        "NOTES://SHARE.ACME.COM/0F0E0D0C-0B0A-0908-0706-050403020100", "notes://x/files/a//b/%2E%2E", "notes://x/files/a//b/c",
        "notes://x/day/today", "notes://x/day/20240230", "todolist://www.acme.com?Quarterly%20Report#200806231300",
        "todolist://x?%E2%9C%93%20done#today", "todolist://x?a%00b", "todolist://x?%C0%AF", "todolist://x?",
        "bench://app/notes/00000000-0000-0000-0000-000000000000/edit?tag=a&tag=b&sort=recent&page=1&pinned=true#s",
        "bench://app/notes/00000000-0000-0000-0000-000000000000/edit?sort=recent&page=1000", "bench://app/files/a?tag=x",
        "bench://app/notes/00000000-0000-0000-0000-000000000000/edit?tag=&sort=title&page=01",
    ])
    func knownURLs(text: String) {
        Self.checkMatch(text)
    }

    // MARK: - One value

    /// ``ValueReader`` and ``ParameterSpec/parseScalar(_:)-(UnsafeBufferPointer<UInt8>)`` agree on
    /// every generated spec and text: accepted or not, and the value.
    @Test func valueReaderAgreesWithParseScalar() async {
        await propertyCheck(count: 4000, input: RouteURLGen.specAndText) { spec, text in
            var words = WordList()
            var pieces: [DateFormat.Piece] = []
            let reader = ValueReader(spec, words: &words, pieces: &pieces)
            var bytes = Array(text.utf8)
            let scalars = text.unicodeScalars.count
            let expected = try? spec.parseScalar(text)
            let fast = bytes.withUnsafeMutableBufferPointer { buffer in
                words.withView { view in
                    pieces.withUnsafeBufferPointer { pieces in
                        reader.read(UnsafeBufferPointer(buffer), scalars: scalars, words: view, pieces: pieces).map {
                            EagerSink(RouteParameters(), words: view).parameterValue($0)
                        }
                    }
                }
            }
            #expect(fast == expected, "\(spec) '\(text)'")
        }
    }

    // MARK: - Word scans

    /// ``ByteText/firstOf(_:_:_:_:in:from:to:)`` and ``ByteText/count(of:in:from:to:)`` (eight
    /// bytes at a time, the last bytes as the buffer's last word, shifted) against byte loops, over
    /// generated buffers, ranges and patterns (zero bytes included, which the shifted-in bytes are).
    @Test func wordScansAgreeWithByteLoops() async {
        await propertyCheck(count: 4000, input: RouteURLGen.scan) { bytes, start, end, patterns in
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                let words = patterns.map(ByteText.broadcast)
                let found = ByteText.firstOf(words[0], words[1], words[2], words[3], in: base, from: start, to: end)
                let expected = (start..<end).first { patterns.contains(bytes[$0]) } ?? end
                #expect(found == expected, "\(bytes) \(start)..<\(end) \(patterns)")
                let counted = ByteText.count(of: patterns[0], in: base, from: start, to: end)
                #expect(counted == bytes[start..<end].filter { $0 == patterns[0] }.count, "\(bytes) \(start)..<\(end) \(patterns)")
            }
        }
    }

    // MARK: - Splitting

    /// ``URLPart/split(separator:)`` (which finds separators eight bytes at a time) against a plain
    /// split of the bytes: the same pieces, bytes and offsets, for parts of generated URLs and
    /// hand-made parts with non-ASCII text.
    @Test func splitAgreesWithAByteSplit() async {
        await propertyCheck(count: 3000, input: URLGen.validURLs) { url in
            guard let parsed = try? SchemeURL(bytes: url.text) else { return }
            let hand = URLPart(raw: Substring("é&x&&✓=1&" + parsed.text + "&"), offset: 5)
            for part in [parsed.path, parsed.query, parsed.fragment, hand].compactMap({ $0 }) {
                for separator in [UInt8(ascii: "/"), UInt8(ascii: "&"), UInt8(ascii: "=")] {
                    let bytes = Array(part.raw.utf8)
                    var expected: [([UInt8], Int)] = []
                    var start = 0
                    for (index, byte) in bytes.enumerated() where byte == separator {
                        expected.append((Array(bytes[start..<index]), part.offset + start))
                        start = index + 1
                    }
                    expected.append((Array(bytes[start...]), part.offset + start))
                    let pieces = part.split(separator: separator)
                    #expect(pieces.map { Array($0.raw.utf8) } == expected.map(\.0), "\(part.raw) at \(separator)")
                    #expect(pieces.map(\.offset) == expected.map(\.1), "\(part.raw) at \(separator)")
                }
            }
        }
    }

    // MARK: - Decoding

    /// ``FastText/decode(_:plusAsSpace:into:)`` and ``PercentDecoding`` agree on every generated
    /// (validated) text: accepted or not, the decoded bytes and their number of scalars.
    /// The decoded text check (ASCII a word at a time, then sequences byte by byte) against the
    /// standard library's UTF-8 validation and the text rule (no C0, DEL or C1 controls).
    @Test func validTextAgreesWithTheStandardLibrary() async {
        await propertyCheck(count: 4000, input: RouteURLGen.utf8Text) { bytes in
            let expected: Int? = String(validating: bytes, as: UTF8.self).flatMap { text in
                text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? nil : text.unicodeScalars.count
            }
            let found = bytes.withUnsafeBufferPointer(FastText.validText)
            #expect(found == expected, "\(bytes)")
        }
    }

    /// ``FastText/string(_:)`` (small ASCII strings by overlapping words, the rest decoded) makes
    /// exactly the standard library's string, at every length around the word sizes and the
    /// small-string limit, read at the end of a buffer (nothing past it is touched: ASan in the
    /// fuzzer would see it).
    @Test func stringsAreTheStandardLibrarys() async {
        await propertyCheck(count: 4000, input: RouteURLGen.utf8Text) { bytes in
            guard String(validating: bytes, as: UTF8.self) != nil else { return }
            for length in 0...min(bytes.count, 20) {
                let prefix = Array(bytes[..<length])
                // Only whole sequences: a cut one is not valid text.
                guard let expected = String(validating: prefix, as: UTF8.self) else { continue }
                let made = prefix.withUnsafeBufferPointer(FastText.string)
                #expect(made == expected && Array(made.utf8) == prefix, "\(prefix)")
            }
        }
        for length in 0...20 {
            let ascii = Array("abcdefghijklmnopqrstu".utf8.prefix(length))
            #expect(ascii.withUnsafeBufferPointer(FastText.string) == String(decoding: ascii, as: UTF8.self))
        }
    }

    @Test func fastDecodingAgreesWithPercentDecoding() async {
        await propertyCheck(count: 4000, input: RouteURLGen.escapedText) { raw, form in
            let policy: PercentDecoding = form ? .form : .text
            // The reference: the byte-by-byte decoder (``PercentDecoding/decode(_:offset:)`` itself
            // takes the fast one first, so it is checked too).
            let expected = Array(raw.utf8).withUnsafeBufferPointer { input in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, input.count)) { output -> String? in
                    guard let count = try? policy.decodePrecisely(input, offset: 0, into: output.baseAddress!) else { return nil }
                    return String(decoding: UnsafeBufferPointer(start: output.baseAddress, count: count), as: UTF8.self)
                }
            }
            let viaPublicAPI = Result { () throws(URLRejection) in try policy.decode(Substring(raw), offset: 0) }
            #expect((try? viaPublicAPI.get()) == expected, "'\(raw)' form \(form)")
            let fast = Array(raw.utf8).withUnsafeBufferPointer { input in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, input.count)) { output -> (String, Int)? in
                    guard let (count, scalars) = FastText.decode(input, plusAsSpace: form, into: output.baseAddress!) else {
                        return nil
                    }
                    return (String(decoding: UnsafeBufferPointer(start: output.baseAddress, count: count), as: UTF8.self), scalars)
                }
            }
            #expect(fast?.0 == expected, "'\(raw)' form \(form)")
            if let expected, let fast { #expect(fast.1 == expected.unicodeScalars.count, "'\(raw)'") }
            // The binder's decoder for query values: its input followed by eight readable bytes
            // (here `%` and `+`, which must not be decoded), its output with eight spare ones.
            let padded = (Array(raw.utf8) + Array("%+%+%+%+".utf8)).withUnsafeBufferPointer { input in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count + 8) { output -> (String, Int)? in
                    guard
                        let (count, scalars) = FastText.decodePadded(
                            input.baseAddress!, count: input.count - 8, plusAsSpace: form, into: output.baseAddress!)
                    else { return nil }
                    return (String(decoding: UnsafeBufferPointer(start: output.baseAddress, count: count), as: UTF8.self), scalars)
                }
            }
            #expect(padded?.0 == expected, "'\(raw)' form \(form), padded")
            if let expected, let padded { #expect(padded.1 == expected.unicodeScalars.count, "'\(raw)', padded") }
        }
    }
}

/// The manifest of the benchmark's `notes` app (a repeated item, an enumeration, a catch-all).
enum BenchmarkManifest {
    static let json = #"""
        {
          "CFBundleURLName": "com.acme.bench",
          "CFBundleURLSchemes": ["bench"],
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
            {"name": "search", "path": "/search", "query": {"q": "q"}, "parameters": {"q": {"type": "string", "minLength": 1, "maxLength": 8}}},
            {"name": "files", "path": "/files/{path...}", "query": {"q": "q", "tag": "tags", "n": "numbers"},
             "parameters": {"path": {"type": "remainder"}, "q": {"type": "string", "maxLength": 200, "optional": true},
                            "tags": {"type": "string", "maxLength": 3, "repeated": true, "optional": true},
                            "numbers": {"type": "integer", "min": -5, "max": 5, "repeated": true, "optional": true, "keywords": ["all"]}}}
          ]
        }
        """#
}

/// Generators for the differential tests: URLs built from the pieces the test manifests use
/// (their literals, keys and values, near misses, escapes, bad UTF-8, dot segments), parameter
/// specs with texts, and percent-encoded texts.
enum RouteURLGen {
    typealias RNG = any SeededRandomNumberGenerator

    static func pick<T>(_ items: [T], _ rng: inout RNG) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
    static func chance(_ probability: Double, _ rng: inout RNG) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }

    static let schemes = ["notes", "NOTES", "x-notes", "todolist", "bench", "Bench", "other"]
    static let hosts: [String?] = [nil, "", "app", "x", "share.acme.com", "Share.Acme.COM", "www.acme.com", "h%41"]
    static let segments = [
        "notes", "new", "export", "search", "files", "day", "compose", "edit", "share", "1", "42", "0", "-1", "01", "999999",
        "1000000", "latest", "pdf", "md", "html", "PDF", "0f0e0d0c-0b0a-0908-0706-050403020100",
        "0F0E0D0C-0B0A-0908-0706-05040302010", "20240229", "20230229", "2024-02-29", "today", ".", "..", "%2E", "%2e%2E", "",
        "a%20b", "%C3%A9", "%C0%AF", "%00", "%E2%9C%93", "x+y", "%6Eotes", "a;b", "@", "%FF",
    ]
    static let keys = [
        "q", "tag", "page size", "page+size", "page%20size", "archived", "since", "utm", "x", "sort", "page", "pinned",
        "n", "%71", "%C0", "",
        // Unknown keys that start with a known one (the binder recognises a key with its `=`).
        "tags", "qq", "pages", "page_", "sort.", "pinned1", "n-",
    ]
    static let values = [
        "", "a", "a+b", "a%20b", "true", "false", "1", "0", "yes", "-0", "05", "100", "101", "-5", "6", "all", "recent",
        "title", "2024-02-29", "2024-13-01", "%C3%A9t%C3%A9", "%E2%9C%93", "%C0%AF", "%00", "%7F", "%C2%85", "abcdefghi",
        "0f0e0d0c-0b0a-0908-0706-050403020100", "x%3Dy", "%26", "1000", "9223372036854775808", "-9223372036854775808",
    ]

    static let urls = Generator { (rng: inout RNG) -> String in
        var text = pick(schemes, &rng) + ":"
        if let host = pick(hosts, &rng) { text += "//" + host }
        let count = Int.random(in: 0...5, using: &rng)
        if count == 0 && chance(0.5, &rng) { text += "/" }
        for _ in 0..<count { text += "/" + pick(segments, &rng) }
        if chance(0.7, &rng) {
            text += "?"
            var items: [String] = []
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                let key = pick(keys, &rng)
                items.append(chance(0.9, &rng) ? key + "=" + pick(values, &rng) : key)
            }
            text += items.joined(separator: "&")
        }
        if chance(0.4, &rng) { text += "#" + pick(values + ["today", "200806231300", "200802301300", "Intro"], &rng) }
        return text
    }

    /// A URL for one route of one declaration: its literals, a value for each parameter (valid
    /// nine times in ten), its query items in any order (sometimes repeated, unknown or missing)
    /// and its fragment; some bytes percent-encoded.
    static let routeURLs =
        Generator { (rng: inout RNG) -> String in
            let declaration = pick(FastPathDifferentialTests.declarations, &rng)
            let route = pick(declaration.routes, &rng)
            var text = pick(declaration.schemes, &rng).rawValue + ":"
            if let host = route.host {
                text += "//" + (chance(0.2, &rng) ? host.uppercased() : host)
            } else if chance(0.8, &rng) {
                text += "//" + pick(["app", "x", "", "share.acme.com"], &rng)
            }
            for segment in route.path.segments {
                switch segment {
                case .literal(let literal):
                    text += "/" + (chance(0.1, &rng) ? encodeSome(literal, &rng) : literal)
                case .parameter(let name):
                    text += "/" + value(route.parameters[name]!, &rng, inPath: true)
                case .catchAll:
                    for _ in 0..<Int.random(in: 1...3, using: &rng) {
                        text += "/" + pick(["a", "", "b%20c", "%C3%A9", ".", "..", "%2E", "d", "%C0"], &rng)
                    }
                }
            }
            if route.path.segments.isEmpty && chance(0.5, &rng) { text += "/" }
            if let raw = route.definition.rawQuery {
                if chance(0.9, &rng) { text += "?" + value(route.parameters[raw]!, &rng, inPath: false) }
            } else if !route.definition.query.isEmpty || chance(0.1, &rng) {
                var items: [String] = []
                for binding in route.definition.query {
                    let spec = route.parameters[binding.parameter]!
                    let copies = spec.isRepeated ? Int.random(in: 0...4, using: &rng) : (spec.isOptional && chance(0.3, &rng) ? 0 : 1)
                    for _ in 0..<copies {
                        let key = chance(0.1, &rng) ? encodeSome(binding.key, &rng) : binding.key
                        let space = chance(0.5, &rng) ? "+" : "%20"
                        items.append(key.split(separator: " ", omittingEmptySubsequences: false).joined(separator: space) + "=" + value(spec, &rng, inPath: false))
                    }
                }
                if chance(0.05, &rng), let first = items.first { items.append(first) }
                if chance(0.1, &rng) {
                    // An unknown key, sometimes a known one with more after it (the binder
                    // recognises a key together with its `=`).
                    let longer = route.definition.query.map { $0.key + pick(["s", "_", "1", "%20"], &rng) + "=x" }
                    items.append(pick(["utm=1", "other", "", "zzz=%C0"] + longer, &rng))
                }
                items.shuffle(using: &rng)
                if !items.isEmpty || chance(0.3, &rng) { text += "?" + items.joined(separator: "&") }
            }
            if let fragment = route.definition.fragment {
                if chance(0.8, &rng) { text += "#" + value(route.parameters[fragment]!, &rng, inPath: false) }
            } else if chance(0.05, &rng) {
                text += pick(["#", "#x"], &rng)
            }
            return text
        }

    /// A value's URL text for `spec`: valid nine times in ten.
    static func value(_ spec: ParameterSpec, _ rng: inout RNG, inPath: Bool) -> String {
        if chance(0.1, &rng) { return pick(values + segments, &rng) }
        if !spec.keywords.isEmpty && chance(0.2, &rng) { return pick(spec.keywords, &rng) }
        let text: String
        switch spec.kind {
        case .string(let minLength, let maxLength):
            let length = Int.random(in: minLength...max(minLength, min(maxLength ?? 12, 12) + 1), using: &rng)
            let alphabet: [Character] = ["a", "B", "7", " ", "é", "✓", "-", "😀", "&", "=", "+", "#", "%"]
            return encodeAll(String((0..<length).map { _ in pick(alphabet, &rng) }), &rng, inPath: inPath)
        case .integer(let min, let max):
            let low = Swift.max(min, -1000), high = Swift.min(max, 1_000_000)
            text = String(Int.random(in: (low - 1)...(high + 1), using: &rng))
        case .uuid:
            let hex = Array("0123456789abcdefABCDEF")
            text = [8, 4, 4, 4, 12].map { count in String((0..<count).map { _ in pick(hex, &rng) }) }.joined(separator: "-")
        case .boolean:
            text = pick(["true", "false", "1", "0", "True"], &rng)
        case .enumeration(let allowed):
            text = pick(allowed, &rng)
        case .date(let format):
            let date = CivilDateTime(
                year: Int.random(in: 1999...2030, using: &rng), month: Int.random(in: 1...12, using: &rng),
                day: Int.random(in: 1...28, using: &rng), hour: Int.random(in: 0...23, using: &rng),
                minute: Int.random(in: 0...59, using: &rng))!
            text = format.format(date)
        case .remainder:
            text = "r"
        }
        return chance(0.1, &rng) ? encodeSome(text, &rng) : text
    }

    /// `text` with every byte that a URL cannot carry raw (and some that it can) percent-encoded.
    static func encodeAll(_ text: String, _ rng: inout RNG, inPath: Bool) -> String {
        var out = ""
        for byte in text.utf8 {
            let safe = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || (inPath && byte == UInt8(ascii: "+"))
            if safe && chance(0.9, &rng) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// `text` with one ASCII letter or digit percent-encoded (it decodes to the same text).
    static func encodeSome(_ text: String, _ rng: inout RNG) -> String {
        var bytes = Array(text.utf8)
        guard let index = bytes.indices.filter({ bytes[$0] < 0x80 && bytes[$0] != UInt8(ascii: " ") }).randomElement(using: &rng) else {
            return text
        }
        let byte = bytes[index]
        bytes.replaceSubrange(index...index, with: Array(("%" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)).utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    static let specs: [ParameterSpec] = [
        ParameterSpec(.string(minLength: 0, maxLength: nil)), ParameterSpec(.string(minLength: 1, maxLength: 3)),
        ParameterSpec(.string(minLength: 2, maxLength: 2)), ParameterSpec(.integer(min: Int.min, max: Int.max)),
        ParameterSpec(.integer(min: -5, max: 5), keywords: ["all", "none"]), ParameterSpec(.integer(min: 1, max: 1000)),
        ParameterSpec(.uuid), ParameterSpec(.uuid, keywords: ["nil"]), ParameterSpec(.boolean),
        ParameterSpec(.enumeration(["recent", "title", "a"])), ParameterSpec(.date(try! DateFormat("yyyyMMddHHmm")), keywords: ["today"]),
        ParameterSpec(.date(try! DateFormat("yyyy-MM-dd"))), ParameterSpec(.date(try! DateFormat("yyyy-MM-ddTHH:mm:ss"))),
    ]
    static let texts = [
        "", "a", "ab", "abc", "abcd", "é", "éé", "✓", "0", "1", "-0", "-", "05", "-5", "5", "6", "-6", "1000", "1001",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "99999999999999999999", "true", "false", "TRUE", "all", "none", "nil", "recent", "title", "a", "today",
        "0f0e0d0c-0b0a-0908-0706-050403020100", "0F0E0D0C-0B0A-0908-0706-050403020100", "0f0e0d0c-0b0a-0908-0706-05040302010g",
        "0f0e0d0c0b0a-0908-0706-050403020100-", "200806231300", "200802291300", "200902291300", "200813011300",
        "2008-02-29", "2008-02-30", "2008-02-29T23:59:59", "2008-02-29T24:00:00", "0000-01-01", "12a",
    ]

    /// A buffer of 0–40 bytes drawn from a few values (so patterns match often), a range in it,
    /// and four pattern bytes.
    static let scan = Generator { (rng: inout RNG) -> ([UInt8], Int, Int, [UInt8]) in
        let alphabet: [UInt8] = [0, 0x26, 0x3D, 0x25, 0x2B, 0x2F, 0x61, 0xFF]
        let bytes = (0..<Int.random(in: 1...40, using: &rng)).map { _ in pick(alphabet, &rng) }
        let start = Int.random(in: 0...bytes.count, using: &rng)
        let end = Int.random(in: start...bytes.count, using: &rng)
        return (bytes, start, end, (0..<4).map { _ in pick(alphabet, &rng) })
    }

    static let specAndText = Generator { (rng: inout RNG) -> (ParameterSpec, String) in
        let spec = pick(specs, &rng)
        if chance(0.8, &rng) { return (spec, pick(texts, &rng)) }
        // Random short text over digits, hex, '-', letters and a few non-ASCII scalars.
        let alphabet = Array("0123456789abcdefABCDEF-:T.éx✓")
        let text = String((0..<Int.random(in: 0...40, using: &rng)).map { _ in pick(alphabet, &rng) })
        return (spec, text)
    }

    /// Validated URL text (printable ASCII, `%` always opening two hex digits), rich in escapes of
    /// every byte value, and whether to decode it as a form.
    /// Bytes that are mostly text: ASCII runs (controls now and then) and whole or broken UTF-8
    /// sequences, C1 controls among them.
    static let utf8Text = Generator { (rng: inout RNG) -> [UInt8] in
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            if chance(0.5, &rng) {
                let run = Array("abcdefgh ~XYZ019".utf8)
                for _ in 0..<Int.random(in: 1...10, using: &rng) { bytes.append(pick(run, &rng)) }
            } else if chance(0.6, &rng) {
                bytes += Array(pick(["é", "߿", "ࠀ", "✓", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "😀", "\u{10FFFF}", "\u{80}", "\u{9F}", "\u{A0}"], &rng).utf8)
            } else {
                bytes.append(chance(0.5, &rng) ? pick([0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF], &rng) : UInt8.random(in: 0...255, using: &rng))
            }
        }
        return bytes
    }

    static let escapedText = Generator { (rng: inout RNG) -> (String, Bool) in
        let plain = Array("abcXYZ019-._~!$&'()*+,;=:@/?")
        var text = ""
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
            if chance(0.2, &rng) {
                // A whole scalar's UTF-8 (controls, C1 controls, 2-, 3- and 4-byte forms).
                let scalar = pick(["\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "߿", "ࠀ", "✓", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "😀", "\u{10FFFF}"], &rng)
                for byte in scalar.utf8 { text += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16) }
            } else if chance(0.5, &rng) {
                // Often the pieces of a real UTF-8 sequence, sometimes any byte.
                let byte: UInt8 =
                    chance(0.5, &rng)
                    ? pick([0x00, 0x1F, 0x20, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF], &rng)
                    : UInt8.random(in: 0...255, using: &rng)
                text += "%" + String(byte >> 4, radix: 16, uppercase: chance(0.5, &rng)) + String(byte & 0xF, radix: 16)
            } else {
                text.append(pick(plain, &rng))
            }
        }
        return (text, chance(0.5, &rng))
    }
}
