import PropertyBased
import SchemeRouter
import Testing

@testable import SchemeRouterFuzzing

/// Grammar-aware generation reaches every route with every parameter type at its edges.
@Suite struct GenerationTests {
    /// Every route of the manifest is reached (routed, not just parsed) by generated URLs.
    @Test func everyRouteIsReached() throws {
        let registry = try FuzzFixtures.registry(FuzzFixtures.kitchenSinkJSON)
        var grammar = FuzzFixtures.grammar(registry)
        var rng = SplitMix64(seed: 1)
        var routed: [String: Int] = [:]
        var routeErrors: Set<String> = []
        for _ in 0..<4000 {
            let input = grammar.generate(rng: &rng)
            guard let url = try? SchemeURL(bytes: input) else { continue }
            do {
                routed[try registry.route(url).route.name, default: 0] += 1
            } catch {
                routeErrors.insert(error.code)
            }
        }
        #expect(Set(routed.keys) == ["show", "byUUID", "search", "file", "at"])
        for (route, count) in routed { #expect(count >= 50, "route \(route) routed only \(count) times") }
        // Edges are generated too: invalid values, missing and duplicated items, stray fragments.
        #expect(routeErrors.isSuperset(of: ["invalid-parameter", "missing-parameter", "duplicate-query-item"]))
    }

    /// The texts for one parameter spec, many times.
    static func texts(_ spec: ParameterSpec, count: Int = 3000) -> Set<String> {
        let generator = ParameterTextGenerator()
        var rng = SplitMix64(seed: 5)
        return Set((0..<count).map { _ in String(decoding: generator.text(for: spec, rng: &rng), as: UTF8.self) })
    }

    @Test func stringLengthsHitEveryEdge() {
        let lengths = Set(Self.texts(ParameterSpec(.string(minLength: 1, maxLength: 200))).map { $0.unicodeScalars.count })
        #expect(lengths.isSuperset(of: [0, 1, 200, 201, 401]))
    }

    @Test func integersHitEveryEdge() {
        let texts = Self.texts(ParameterSpec(.integer(min: 1, max: 9999)))
        #expect(texts.isSuperset(of: ["0", "1", "9999", "10000", "-0", "01", "+1", "9223372036854775808", ""]))
    }

    @Test func datesHitLeapDaysAndInvalidDates() throws {
        let texts = Self.texts(ParameterSpec(.date(try DateFormat("yyyyMMddHHmm")), keywords: ["today"]))
        #expect(texts.isSuperset(of: ["200002290000", "190002290000", "210002290000", "200802300000", "000001010000"]))
        #expect(texts.isSuperset(of: ["today", "TODAY", "toda"]))
        #expect(texts.contains { $0.count == 11 } && texts.contains { $0.count == 13 })
        // Month 13, day 32, hour 24 and minute 60 appear in their fields.
        #expect(texts.contains { $0.hasPrefix("2008") && $0.dropFirst(4).hasPrefix("13") })
        #expect(texts.contains { $0.hasPrefix("200801") && $0.dropFirst(6).hasPrefix("32") })
        #expect(texts.contains { $0.hasPrefix("20080101") && $0.dropFirst(8).hasPrefix("24") })
        #expect(texts.contains { $0.hasPrefix("2008010100") && $0.dropFirst(10).hasPrefix("60") })
    }

    @Test func uuidsBooleansEnumerations() {
        let uuids = Self.texts(ParameterSpec(.uuid))
        #expect(uuids.contains { UUIDValue($0) != nil } && uuids.contains { $0.count == 35 } && uuids.contains { $0.count == 37 })
        let booleans = Self.texts(ParameterSpec(.boolean))
        #expect(booleans.isSuperset(of: ["true", "false", "1", "0", "TRUE", ""]))
        let enumerations = Self.texts(ParameterSpec(.enumeration(["date", "title"])))
        #expect(enumerations.isSuperset(of: ["date", "title", "DATE", "datex", ""]))
    }

    /// The generator's date rendering agrees with DateFormat's own formatting for every date the
    /// format can represent: the fields it lacks are 0, and a day past the month's end is its last.
    @Test(arguments: ["yyyyMMddHHmm", "yyyy-MM-dd", "yyyyMMddTHH:mm:ss", "dd.MM.yyyy", "HH:mm_yyyy-MM-dd"])
    func dateRenderingAgreesWithDateFormat(pattern: String) async throws {
        let format = try DateFormat(pattern)
        func field(_ field: DateFormat.Field, _ value: Int) -> Int { pattern.contains(field.rawValue) ? value : 0 }
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...9999), Gen.int(in: 1...12), Gen.int(in: 1...31), Gen.int(in: 0...23),
            Gen.int(in: 0...59), Gen.int(in: 0...59)
        ) { year, month, day, hour, minute, second in
            let (hour, minute, second) = (field(.hour, hour), field(.minute, minute), field(.second, second))
            let date = (0...3).lazy.compactMap {
                CivilDateTime(year: year, month: month, day: day - $0, hour: hour, minute: minute, second: second)
            }.first
            let valid = try #require(date, "\(year)-\(month)-\(day)")
            #expect(format.canRepresent(valid))
            let fields = (year, month, valid.day, hour, minute, second)
            #expect(DateEdges.render(pattern, fields) == format.format(valid))
        }
    }

    /// Any text, encoded for any place (with any spelling), decodes back to itself there.
    @Test func encodingRoundTrips() async {
        let scalar = Gen<UInt32>.value(in: 0...0x10FFFF).map { Unicode.Scalar($0) ?? "x" }
        let text = scalar.array(of: 0...40).map { String(String.UnicodeScalarView($0)) }
        await propertyCheck(count: 800, input: text, Gen.int(in: 0...5), Gen<UInt64>.value(in: 0...UInt64.max)) { text, place, seed in
            var rng = SplitMix64(seed: seed)
            let bytes = Array(text.utf8)
            var url = Array("a:".utf8)
            let form = place == 2 || place == 4
            switch place {
            case 0: url += Array("/".utf8); URLComponentEncoder.append(bytes, for: .pathSegment, to: &url, rng: &rng)
            case 1, 2: url += Array("?k=".utf8); URLComponentEncoder.append(bytes, for: .queryValue(form: form), to: &url, rng: &rng)
            case 3, 4: url += Array("?".utf8); URLComponentEncoder.append(bytes, for: .rawQuery(form: form), to: &url, rng: &rng)
            default: url += Array("#".utf8); URLComponentEncoder.append(bytes, for: .fragment, to: &url, rng: &rng)
            }
            let parsed = try SchemeURL(bytes: url)
            let part: URLPart?
            switch place {
            case 0:
                #expect(parsed.pathSegments.count <= 1)
                part = parsed.pathSegments.first ?? URLPart(raw: "", offset: 3)
            case 1, 2:
                #expect(parsed.queryItems.count == 1)
                part = parsed.queryItems.first?.value
            case 3, 4: part = parsed.query
            default: part = parsed.fragment
            }
            let decoded = try part?.decoded(PercentDecoding(plusAsSpace: form, allowsControlCharacters: true))
            #expect(decoded == text)
        }
    }
}

/// The encoder's precomputed masks say exactly what its rule says, for every byte and place.
@Suite struct EncoderMaskTests {
    @Test func masksAgreeWithTheRule() {
        let places: [URLComponentEncoder.Place] = [
            .pathSegment, .queryKey(form: false), .queryKey(form: true), .queryValue(form: false), .queryValue(form: true),
            .rawQuery(form: false), .rawQuery(form: true), .fragment,
        ]
        for place in places {
            let mask = URLComponentEncoder.rawMask(place)
            for byte in UInt8.min...UInt8.max {
                #expect(URLComponentEncoder.isRaw(byte, mask: mask) == URLComponentEncoder.isRaw(byte, in: place), "\(place) \(byte)")
            }
        }
    }
}
