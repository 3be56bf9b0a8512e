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
    /// The routes' names, by the same index (read without copying a route).
    let routeNames: FrozenArray<String>
    /// The routes' fast plans, by the same index, unretained (`routes` owns them): read without
    /// copying a route or counting a reference.
    let plans: FrozenArray<Unmanaged<FastPlan>?>

    init(name: ReverseDNSName, routes: [Route], table: RouteTable) {
        self.name = name
        self.routes = routes
        routeNames = FrozenArray(routes.map(\.name))
        plans = FrozenArray(routes.map { $0.plan.fast.map(Unmanaged.passUnretained) })
        anyHost = table.anyHost.isEmpty ? nil : FlatTrie(table.anyHost)
        hosts = table.hostList.map { FlatTrie($0.1) }
        hostIndex = CaseFoldedTable(table.hostList.enumerated().map { (key: $0.element.0, value: $0.offset) })
    }

    deinit {
        routeNames.free()
        plans.free()
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
        guard let (route, parameters) = bind(url.layout, bytes: bytes) else { return nil }
        return RouteMatch(url: url, declaration: name, route: routes[route], parameters: parameters)
    }

    /// The index in `routes` of the route a URL selects and its parameters, or `nil`. Whatever
    /// passes through the closures is copied at every level, so the match is made by the caller
    /// (a `RouteMatch` is large), the URL's layout is passed rather than the URL (a copy of it is
    /// a retain and a release), and the route's index waits outside.
    func bind(_ layout: URLLayout, bytes: UnsafeBufferPointer<UInt8>) -> (Int, RouteParameters)? {
        var selected = -1
        let plans = self.plans
        let parameters = Self.withSelectedRoute(.passUnretained(self), layout, bytes: bytes) { route, path, scratch -> RouteParameters? in
            selected = route
            return plans[route]?._withUnsafeGuaranteedRef { $0.bind(bytes, FastPlan.Tail(layout), path, scratch: scratch) }
        }
        guard let parameters else { return nil }
        return (selected, parameters)
    }

    /// Binds a URL into slots and calls `body` with its values, all while the memory they are in
    /// lives. Returns `false` when the fast path declines (then `body` was not called), else
    /// `true` or what `body` threw. `layout` and `address` are the URL's (``RouteValues/url``
    /// reads the latter).
    ///
    /// Static, over an unretained matcher (the registry keeps it alive), and its closures capture
    /// no reference: each would be retained and released per URL. What `body` throws passes
    /// through the closures as their typed error, which costs nothing when nothing is thrown.
    static func withValues(
        _ matcher: Unmanaged<FastMatcher>, _ layout: URLLayout, at address: UnsafePointer<SchemeURL>,
        bytes: UnsafeBufferPointer<UInt8>, _ body: (borrowing RouteValues) throws(RouteError) -> Void
    ) throws(RouteError) -> Bool {
        let plans = matcher._withUnsafeGuaranteedRef { $0.plans }
        let called = try withSelectedRoute(matcher, layout, bytes: bytes) { route, path, scratch throws(RouteError) -> Bool? in
            guard let plan = plans[route] else { return nil }
            let tail = FastPlan.Tail(layout)
            let (parameterCount, hasLists) = plan._withUnsafeGuaranteedRef { ($0.readers.count, $0.hasLists) }
            // Every query item may be a list item: room for as many as the query has.
            var items = 0
            if hasLists, let query = tail.query, let base = bytes.baseAddress {
                items = 1 + ByteText.count(of: UInt8(ascii: "&"), in: base, from: query.lowerBound, to: query.upperBound)
            }
            return try withUnsafeTemporaryAllocation(of: ValueSlot.self, capacity: max(1, parameterCount + items)) {
                slots throws(RouteError) -> Bool? in
                var sink = SlotSink(slots.baseAddress!, parameterCount: parameterCount)
                defer { slots.baseAddress!.deinitialize(count: parameterCount + sink.itemCount) }
                let (bound, names, words) = plan._withUnsafeGuaranteedRef {
                    ($0.bind(bytes, tail, path, scratch: scratch, into: &sink), $0.nameBuffer.buffer, $0.words.view)
                }
                guard bound else { return nil }
                let view = SlotView(
                    matcher: matcher, route: route, slots: slots.baseAddress!, names: names,
                    itemEnd: parameterCount + sink.itemCount, words: words, segments: path)
                try body(RouteValues(.slots(view), url: address))
                return true
            }
        }
        return called != nil
    }

    /// Splits a URL's path into decoded segments, selects the route, and calls `body` with the
    /// route's index, the segments and a scratch buffer (``FastPlan/scratchCapacity(forURLLength:)``
    /// bytes), both alive only during the call; `nil` when a segment is not text or no route fits.
    @inline(__always)
    private static func withSelectedRoute<R, Failure: Error>(
        _ matcher: Unmanaged<FastMatcher>, _ layout: URLLayout, bytes: UnsafeBufferPointer<UInt8>,
        _ body: (Int, UnsafeBufferPointer<FlatTrie.Segment>, UnsafeMutablePointer<UInt8>) throws(Failure) -> R?
    ) throws(Failure) -> R? {
        guard let base = bytes.baseAddress else { return nil }

        // The path's segments: one leading '/' dropped, the rest split at '/', empty ones kept.
        var pathStart = layout.path.lowerBound
        let pathEnd = layout.path.upperBound
        if pathStart < pathEnd && base[pathStart] == UInt8(ascii: "/") { pathStart += 1 }
        let count = pathStart < pathEnd ? 1 + ByteText.count(of: UInt8(ascii: "/"), in: base, from: pathStart, to: pathEnd) : 0
        let host = layout.host.map { UnsafeBufferPointer(rebasing: bytes[$0]) }

        return try withUnsafeTemporaryAllocation(of: FlatTrie.Segment.self, capacity: count) { segments throws(Failure) -> R? in
            try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FastPlan.scratchCapacity(forURLLength: bytes.count)) {
                scratch throws(Failure) -> R? in
                let scratch = scratch.baseAddress!
                var start = pathStart
                for index in 0..<count {
                    let slash = ByteText.broadcast(UInt8(ascii: "/")), percent = ByteText.broadcast(UInt8(ascii: "%"))
                    var end = ByteText.firstOf(slash, percent, slash, slash, in: base, from: start, to: pathEnd)
                    let special = end < pathEnd && base[end] == UInt8(ascii: "%")
                    if special { end = ByteText.firstOf(slash, slash, slash, slash, in: base, from: end, to: pathEnd) }
                    var segment = FlatTrie.Segment(start: start, end: end, decoded: base + start, decodedCount: end - start, scalars: end - start)
                    if special {
                        // A segment that is not text never selects a route that reads it cleanly.
                        // (Segments are plain values: nothing to deinitialize.) With eight bytes of
                        // the URL after it, it is decoded a word at a time to its end, into the
                        // buffer's second half (``FastPlan/paddedOutput(_:urlLength:offset:)``).
                        let output: UnsafeMutablePointer<UInt8>
                        let decoded: (count: Int, scalars: Int)?
                        if end &+ 8 <= bytes.count {
                            output = FastPlan.paddedOutput(scratch, urlLength: bytes.count, offset: start)
                            decoded = FastText.decodePadded(base + start, count: end &- start, plusAsSpace: false, into: output)
                        } else {
                            output = scratch + start
                            let raw = UnsafeBufferPointer(start: base + start, count: end - start)
                            decoded = FastText.decode(raw, plusAsSpace: false, into: output)
                        }
                        guard let decoded else { return nil }
                        segment.decoded = UnsafePointer(output)
                        segment.decodedCount = decoded.count
                        segment.scalars = decoded.scalars
                    }
                    segments.initializeElement(at: index, to: segment)
                    start = end + 1
                }
                let path = UnsafeBufferPointer(segments)
                guard let route = matcher._withUnsafeGuaranteedRef({ $0.select(host: host, path) }) else { return nil }
                return try body(route, path, scratch)
            }
        }
    }
}
