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

    /// The most bytes of value slots that ``withValues(_:_:text:bytes:_:)`` sizes by a bound rather
    /// than by counting the query's items: what `withUnsafeTemporaryAllocation` keeps on the stack.
    static let stackSlotBytes = 1024

    /// Binds a URL into slots and calls `body` with its values, all while the memory they are in
    /// lives. Returns `false` when the fast path declines (then `body` was not called), else
    /// `true` or what `body` threw. `layout` and `text` are the URL's (``RouteValues/url`` reads
    /// them).
    ///
    /// Static, over an unretained matcher (the registry keeps it alive), and its closures capture
    /// no reference: each would be retained and released per URL. What `body` throws passes
    /// through the closures as their typed error, which costs nothing when nothing is thrown.
    static func withValues(
        _ matcher: Unmanaged<FastMatcher>, _ layout: URLLayout, text: UnsafePointer<String>,
        bytes: UnsafeBufferPointer<UInt8>, _ body: (borrowing RouteValues) throws(RouteError) -> Void
    ) throws(RouteError) -> Bool {
        let plans = matcher._withUnsafeGuaranteedRef { $0.plans }
        let called = try withSelectedRoute(matcher, layout, bytes: bytes) { route, path, scratch throws(RouteError) -> Bool? in
            guard let plan = plans[route] else { return nil }
            let tail = FastPlan.Tail(layout)
            let (parameterCount, shortestListItem) = plan._withUnsafeGuaranteedRef { ($0.readers.count, $0.shortestListItem) }
            // Room for as many list items as the query can hold: each takes at least its key, `=`
            // and `&` (raw keys are never shorter than decoded ones). Where that bound would not
            // fit on the stack, the query's items are counted.
            var items = 0
            if shortestListItem > 0, let query = tail.query, let base = bytes.baseAddress {
                items = (query.count &+ 1) / shortestListItem
                if (parameterCount &+ items) &* MemoryLayout<ValueSlot>.stride > Self.stackSlotBytes {
                    items = 1 + ByteText.count(of: UInt8(ascii: "&"), in: base, from: query.lowerBound, to: query.upperBound)
                }
            }
            return try withUnsafeTemporaryAllocation(of: ValueSlot.self, capacity: max(1, parameterCount + items)) {
                slots throws(RouteError) -> Bool? in
                var sink = SlotSink(slots.baseAddress!, parameterCount: parameterCount, capacity: slots.count)
                defer { slots.baseAddress!.deinitialize(count: parameterCount + sink.itemCount) }
                let (bound, names, words) = plan._withUnsafeGuaranteedRef {
                    ($0.bind(bytes, tail, path, scratch: scratch, into: &sink), $0.nameBuffer.buffer, $0.words.view)
                }
                guard bound else { return nil }
                let view = SlotView(
                    matcher: matcher, route: route, slots: slots.baseAddress!, names: names,
                    itemEnd: parameterCount + sink.itemCount, words: words, segments: path)
                try body(RouteValues(.slots(view), text: text, layout: layout))
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
        let host = layout.host.map { UnsafeBufferPointer(rebasing: bytes[$0]) }

        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FastPlan.scratchCapacity(forURLLength: bytes.count)) {
            scratch throws(Failure) -> R? in
            let scratch = scratch.baseAddress!
            @inline(__always)
            func select(_ segments: UnsafeMutableBufferPointer<FlatTrie.Segment>, count: Int) throws(Failure) -> R? {
                let path = UnsafeBufferPointer(rebasing: segments[0..<count])
                guard let route = matcher._withUnsafeGuaranteedRef({ $0.select(host: host, path) }) else { return nil }
                return try body(route, path, scratch)
            }
            // Most paths fit in a few segments' room, split into without counting them first;
            // a longer one is split again into room for as many as it has.
            let fitted: R?? = try withUnsafeTemporaryAllocation(of: FlatTrie.Segment.self, capacity: segmentRoom) {
                room throws(Failure) -> R?? in
                let count = split(bytes, from: pathStart, to: pathEnd, scratch: scratch, into: room)
                if count == Self.tooManySegments { return .none }
                return .some(count < 0 ? nil : try select(room, count: count))
            }
            if let fitted { return fitted }
            let count = 1 + ByteText.count(of: UInt8(ascii: "/"), in: base, from: pathStart, to: pathEnd)
            return try withUnsafeTemporaryAllocation(of: FlatTrie.Segment.self, capacity: count) {
                segments throws(Failure) -> R? in
                let count = split(bytes, from: pathStart, to: pathEnd, scratch: scratch, into: segments)
                return count < 0 ? nil : try select(segments, count: count)
            }
        }
    }

    /// The path segments split into without counting them first (640 bytes of stack).
    static let segmentRoom = 16
    /// What ``split(_:from:to:scratch:into:)`` returns for a segment that is not text.
    static let segmentNotText = -1
    /// What ``split(_:from:to:scratch:into:)`` returns when `room` is too small.
    static let tooManySegments = -2

    /// Splits the path `start..<end` of the URL `bytes` at `/` into `room` and returns the number
    /// of segments, or ``segmentNotText`` when one does not decode to text (it never selects a
    /// route that reads it cleanly), or ``tooManySegments``. An escaped segment is decoded into
    /// `scratch`: with eight bytes of the URL after it, a word at a time to its end, into the
    /// buffer's second half (``FastPlan/paddedOutput(_:urlLength:offset:)``). Segments are plain
    /// values: nothing to deinitialize.
    @inline(__always)
    private static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, from pathStart: Int, to pathEnd: Int, scratch: UnsafeMutablePointer<UInt8>,
        into room: UnsafeMutableBufferPointer<FlatTrie.Segment>
    ) -> Int {
        guard pathStart < pathEnd, let base = bytes.baseAddress else { return 0 }
        let slash = ByteText.broadcast(UInt8(ascii: "/")), percent = ByteText.broadcast(UInt8(ascii: "%"))
        var start = pathStart
        var count = 0
        while true {
            guard count < room.count else { return tooManySegments }
            var end = ByteText.firstOf(slash, percent, slash, slash, in: base, from: start, to: pathEnd)
            let special = end < pathEnd && base[end] == UInt8(ascii: "%")
            if special { end = ByteText.firstOf(slash, slash, slash, slash, in: base, from: end, to: pathEnd) }
            var segment = FlatTrie.Segment(start: start, end: end, decoded: base + start, decodedCount: end - start, scalars: end - start)
            if special {
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
                guard let decoded else { return segmentNotText }
                segment.decoded = UnsafePointer(output)
                segment.decodedCount = decoded.count
                segment.scalars = decoded.scalars
            }
            room.initializeElement(at: count, to: segment)
            count &+= 1
            if end >= pathEnd { return count }
            start = end &+ 1
        }
    }
}
