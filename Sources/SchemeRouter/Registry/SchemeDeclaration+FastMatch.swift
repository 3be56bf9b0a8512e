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
    func match(_ url: SchemeURL, bytes: UnsafeBufferPointer<UInt8>) -> RouteMatch? {
        guard !routes.isEmpty, let base = bytes.baseAddress else { return nil }
        let layout = url.layout

        // The path's segments: one leading '/' dropped, the rest split at '/', empty ones kept.
        var pathStart = layout.path.lowerBound
        let pathEnd = layout.path.upperBound
        if pathStart < pathEnd && base[pathStart] == UInt8(ascii: "/") { pathStart += 1 }
        var count = 0
        if pathStart < pathEnd {
            count = 1
            for index in pathStart..<pathEnd where base[index] == UInt8(ascii: "/") { count += 1 }
        }
        let host = layout.host.map { UnsafeBufferPointer(rebasing: bytes[$0]) }

        return withUnsafeTemporaryAllocation(of: FlatTrie.Segment.self, capacity: count) { segments -> RouteMatch? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { scratch -> RouteMatch? in
                let scratch = scratch.baseAddress!
                var start = pathStart
                for index in 0..<count {
                    var end = start
                    var special = false
                    while end < pathEnd {
                        let byte = base[end]
                        if byte == UInt8(ascii: "/") { break }
                        if byte == UInt8(ascii: "%") { special = true }
                        end += 1
                    }
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
                guard let index = select(host: host, path) else { return nil }
                let route = routes[index]
                guard let parameters = route.plan.fast?.bind(bytes, layout, path, scratch: scratch) else { return nil }
                return RouteMatch(url: url, declaration: name, route: route, parameters: parameters)
            }
        }
    }
}
