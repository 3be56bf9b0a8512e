/// A declaration's routes compiled for the routing fast path, in one object: the registry keeps
/// one per declaration, so routing a URL copies a reference, not the declaration.
///
/// ``match(_:bytes:)`` returns a match only when ``SchemeDeclaration/match(_:)`` would return the
/// same one, and `nil` for everything else (no route, a bad value, a path that does not decode,
/// …); the caller then runs the precise path, which throws the error with its offset.
final class FastMatcher: Sendable {
    let name: ReverseDNSName
    let routes: [Route]
    /// The tries flattened (see ``FlatTrie``): for routes without a host (`nil` when there are
    /// none), and per host with the host's index in `hostIndex`.
    let anyHost: FlatTrie?
    let hosts: [FlatTrie]
    let hostIndex: CaseFoldedTable

    init(name: ReverseDNSName, routes: [Route], table: RouteTable) {
        self.name = name
        self.routes = routes
        anyHost = table.anyHost.isEmpty ? nil : FlatTrie(table.anyHost)
        hosts = table.hostList.map { FlatTrie($0.1) }
        hostIndex = CaseFoldedTable(table.hostList.enumerated().map { (key: $0.element.0, value: $0.offset) })
    }

    /// The route for a URL's host bytes (`nil` without an authority) and decoded path segments,
    /// or `nil` where ``RouteTable/select(in:path:miss:)`` fails (or the host is not served).
    @inline(__always)
    func select(host: UnsafeBufferPointer<UInt8>?, _ segments: UnsafeBufferPointer<FlatTrie.Segment>) -> Int? {
        if let host, !hostIndex.isEmpty, let index = hostIndex.value(for: host) { return hosts[index].select(segments) }
        return anyHost?.select(segments)
    }

    /// Matches a URL (whose scheme is the declaration's) or returns `nil`; see the type's description.
    @inline(__always)
    func match(_ url: SchemeURL, bytes: UnsafeBufferPointer<UInt8>) -> RouteMatch? {
        guard let (route, parameters) = bind(url, bytes: bytes) else { return nil }
        return RouteMatch(url: url, declaration: name, route: routes[route], parameters: parameters)
    }

    /// The index in `routes` of the route a URL selects and its parameters, or `nil`. (The match
    /// is made by the caller: a `RouteMatch` is large, and every closure level would copy it.)
    func bind(_ url: SchemeURL, bytes: UnsafeBufferPointer<UInt8>) -> (Int, RouteParameters)? {
        guard !routes.isEmpty, let base = bytes.baseAddress else { return nil }

        // The path's segments: one leading '/' dropped, the rest split at '/', empty ones kept.
        var pathStart = url.layout.path.lowerBound
        let pathEnd = url.layout.path.upperBound
        let tail = FastPlan.Tail(url.layout)
        if pathStart < pathEnd && base[pathStart] == UInt8(ascii: "/") { pathStart += 1 }
        let count = pathStart < pathEnd ? 1 + ByteText.count(of: UInt8(ascii: "/"), in: base, from: pathStart, to: pathEnd) : 0
        let host = url.layout.host.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
        var selected = -1

        let parameters = withUnsafeTemporaryAllocation(of: FlatTrie.Segment.self, capacity: count) { segments -> RouteParameters? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { scratch -> RouteParameters? in
                let scratch = scratch.baseAddress!
                var start = pathStart
                for index in 0..<count {
                    let slash = ByteText.broadcast(UInt8(ascii: "/")), percent = ByteText.broadcast(UInt8(ascii: "%"))
                    var end = ByteText.firstOf(slash, percent, slash, slash, in: base, from: start, to: pathEnd)
                    let special = end < pathEnd && base[end] == UInt8(ascii: "%")
                    if special { end = ByteText.firstOf(slash, slash, slash, slash, in: base, from: end, to: pathEnd) }
                    var segment = FlatTrie.Segment(start: start, end: end, decoded: base + start, decodedCount: end - start, scalars: end - start)
                    if special {
                        let raw = UnsafeBufferPointer(start: base + start, count: end - start)
                        // A segment that is not text never selects a route that reads it cleanly.
                        // (Segments are plain values: nothing to deinitialize.)
                        guard let (decoded, scalars) = FastText.decode(raw, plusAsSpace: false, into: scratch + start) else {
                            return nil
                        }
                        segment.decoded = UnsafePointer(scratch + start)
                        segment.decodedCount = decoded
                        segment.scalars = scalars
                    }
                    segments.initializeElement(at: index, to: segment)
                    start = end + 1
                }
                let path = UnsafeBufferPointer(segments)
                guard let route = select(host: host, path) else { return nil }
                selected = route
                return routes[route].plan.fast?.bind(bytes, tail, path, scratch: scratch)
            }
        }
        guard let parameters else { return nil }
        return (selected, parameters)
    }
}
