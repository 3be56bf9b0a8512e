public import SchemeRouter

/// Grammar-aware generation: URLs built from a manifest's routes, so inputs reach past the parser
/// into route matching, typed decoding and printing.
///
/// Every route is visited in turn (``generate(rng:)`` walks them round-robin), each time with
/// fresh parameter texts from ``ParameterTextGenerator`` (valid values and every edge), optional
/// parts left out or kept, and the occasional structural surprise a sender might produce: an
/// unknown or duplicated query item, an empty item, a required part left out, a fragment the route
/// does not bind, another
/// host, a port, userinfo, or the scheme in another case.
public struct RouteGrammar: Sendable {
    /// One declaration's schemes and routes.
    public struct Declaration: Sendable {
        /// The schemes it claims (lower case).
        public var schemes: [String]
        /// Its routes, as declared.
        public var routes: [RouteDefinition]

        /// Creates a declaration for generation.
        public init(schemes: [String], routes: [RouteDefinition]) {
            self.schemes = schemes
            self.routes = routes
        }
    }

    struct Target: Sendable {
        var schemes: [String]
        var definition: RouteDefinition
        var segments: [PathPattern.Segment]
    }

    let targets: [Target]
    let schemes: [String]
    let values = ParameterTextGenerator()
    private var next = 0

    /// Creates a grammar over `declarations`. Routes whose path pattern does not compile are skipped
    /// (a registry would have refused them).
    public init(_ declarations: [Declaration]) {
        var targets: [Target] = []
        for declaration in declarations where !declaration.schemes.isEmpty {
            for route in declaration.routes {
                guard let pattern = try? PathPattern(route.path) else { continue }
                targets.append(Target(schemes: declaration.schemes, definition: route, segments: pattern.segments))
            }
        }
        self.targets = targets
        self.schemes = declarations.flatMap(\.schemes)
    }

    /// The number of routes the grammar generates for.
    public var routeCount: Int { targets.count }

    /// The next generated URL: the next route in turn (or, without routes, a URL of generic shape).
    public mutating func generate(rng: inout SplitMix64) -> [UInt8] {
        if targets.isEmpty || rng.chance(8) { return generic(rng: &rng) }
        let target = targets[next % targets.count]
        next &+= 1
        return url(for: target, rng: &rng)
    }

    /// A URL for route `index` (in declaration order, then route order).
    public func generate(route index: Int, rng: inout SplitMix64) -> [UInt8] {
        url(for: targets[index], rng: &rng)
    }

    func url(for target: Target, rng: inout SplitMix64) -> [UInt8] {
        let route = target.definition
        var out: [UInt8] = []
        out.reserveCapacity(96)
        appendScheme(rng.pick(target.schemes), to: &out, rng: &rng)
        appendAuthority(host: route.host, to: &out, rng: &rng)

        // Path.
        if target.segments.isEmpty {
            if rng.chance(60) || out.last != UInt8(ascii: ":") { out.append(UInt8(ascii: "/")) }
        }
        for segment in target.segments {
            switch segment {
            case .literal(let text):
                out.append(UInt8(ascii: "/"))
                // A literal compares decoded, so any spelling matches; sometimes misspell it.
                let literal = rng.chance(4) ? text.uppercased() : text
                out += URLComponentEncoder.encode(literal, for: .pathSegment, rng: &rng)
            case .parameter(let name):
                out.append(UInt8(ascii: "/"))
                let text = route.parameters[name].map { values.text(for: $0, rng: &rng) } ?? Array("x".utf8)
                URLComponentEncoder.append(text, for: .pathSegment, to: &out, rng: &rng)
            case .catchAll:
                for piece in values.remainderSegments(rng: &rng) {
                    out.append(UInt8(ascii: "/"))
                    URLComponentEncoder.append(piece, for: .pathSegment, to: &out, rng: &rng)
                }
            }
        }
        if rng.chance(3) { out.append(UInt8(ascii: "/")) }

        // Query.
        if let raw = route.rawQuery, let spec = route.parameters[raw] {
            if !(spec.isOptional ? rng.chance(30) : rng.chance(2)) {
                out.append(UInt8(ascii: "?"))
                URLComponentEncoder.append(values.text(for: spec, rng: &rng), for: .rawQuery(form: route.formDecoding), to: &out, rng: &rng)
            }
        } else if !route.query.isEmpty || rng.chance(5) {
            appendQuery(route, to: &out, rng: &rng)
        }

        // Fragment.
        if let name = route.fragment, let spec = route.parameters[name] {
            if !(spec.isOptional ? rng.chance(30) : rng.chance(2)) {
                out.append(UInt8(ascii: "#"))
                URLComponentEncoder.append(values.text(for: spec, rng: &rng), for: .fragment, to: &out, rng: &rng)
            }
        } else if rng.chance(3) {
            out += Array("#section".utf8)
        }
        return out
    }

    private func appendScheme(_ scheme: String, to out: inout [UInt8], rng: inout SplitMix64) {
        switch rng.below(20) {
        case 0: out += Array(scheme.uppercased().utf8)
        case 1:
            for (index, byte) in scheme.utf8.enumerated() { out.append(index % 2 == 0 && byte >= 0x61 ? byte - 0x20 : byte) }
        default: out += Array(scheme.utf8)
        }
        out.append(UInt8(ascii: ":"))
    }

    private static let hosts: [String] = [
        "www.acme.com", "localhost", "a", "", "127.0.0.1", "[::1]", "[2001:db8::7]", "[v7.host]", "EXAMPLE.org", "xn--nxasmq6b",
        "%61cme", "host_name", "1.2.3.4", "0.0.0.0",
    ]

    private func appendAuthority(host: String?, to out: inout [UInt8], rng: inout SplitMix64) {
        let name: String
        if let host {
            if rng.chance(90) {
                name = rng.chance(10) ? host.uppercased() : host
            } else {
                name = rng.pick(Self.hosts)
            }
        } else {
            // Any host or none.
            if rng.chance(35) { return }
            name = rng.pick(Self.hosts)
        }
        out += Array("//".utf8)
        if rng.chance(4) { out += Array(rng.pick(["user@", "user:pass@", "@", "a%40b@"]).utf8) }
        out += Array(name.utf8)
        if rng.chance(4) { out += Array(rng.pick([":", ":0", ":80", ":65535", ":8080"]).utf8) }
    }

    private func appendQuery(_ route: RouteDefinition, to out: inout [UInt8], rng: inout SplitMix64) {
        let form = route.formDecoding
        var items: [[UInt8]] = []
        for binding in route.query {
            guard let spec = route.parameters[binding.parameter] else { continue }
            var count = 1
            if spec.isRepeated { count = rng.below(4) }
            if spec.isOptional && rng.chance(30) { count = 0 }
            if !spec.isOptional && count == 0 { count = 1 }
            if !spec.isOptional && rng.chance(2) { count = 0 }  // a required item left out
            if !spec.isRepeated && rng.chance(3) { count = 2 }  // a duplicate the route must refuse
            for _ in 0..<count {
                var item = URLComponentEncoder.encode(binding.key, for: .queryKey(form: form), rng: &rng)
                if rng.chance(2) {
                    items.append(item)  // key without '=value'
                    continue
                }
                item.append(UInt8(ascii: "="))
                URLComponentEncoder.append(values.text(for: spec, rng: &rng), for: .queryValue(form: form), to: &item, rng: &rng)
                items.append(item)
            }
        }
        if rng.chance(5) { items.append(Array("utm_source=fuzz".utf8)) }
        if rng.chance(2) { items.insert([], at: rng.below(items.count + 1)) }
        if rng.chance(10) && items.count > 1 {
            // Order of query items must not matter.
            for index in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(index, rng.below(index + 1)) }
        }
        if items.isEmpty && rng.chance(50) { return }
        out.append(UInt8(ascii: "?"))
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            out += item
        }
    }

    /// A URL of generic shape over the grammar's schemes (or made-up ones): every kind of host,
    /// ports, userinfo, paths with dot and empty segments, queries and fragments.
    func generic(rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        let scheme = !schemes.isEmpty && rng.chance(70) ? rng.pick(schemes) : rng.pick(["myapp", "a", "x-y.z+w", "todolist", "A1"])
        appendScheme(scheme, to: &out, rng: &rng)
        if rng.chance(60) { appendAuthority(host: nil, to: &out, rng: &rng) }
        for _ in 0..<rng.below(4) {
            out.append(UInt8(ascii: "/"))
            URLComponentEncoder.append(values.stringText(minLength: 0, maxLength: 8, valid: true, rng: &rng), for: .pathSegment, to: &out, rng: &rng)
        }
        if rng.chance(40) {
            out.append(UInt8(ascii: "?"))
            URLComponentEncoder.append(values.stringText(minLength: 0, maxLength: 12, valid: true, rng: &rng), for: .rawQuery(form: false), to: &out, rng: &rng)
        }
        if rng.chance(30) {
            out.append(UInt8(ascii: "#"))
            URLComponentEncoder.append(values.stringText(minLength: 0, maxLength: 12, valid: true, rng: &rng), for: .fragment, to: &out, rng: &rng)
        }
        return out
    }
}
