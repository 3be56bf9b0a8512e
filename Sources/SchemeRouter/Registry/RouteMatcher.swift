/// A declaration's routes compiled for routing, in one object (routing a URL copies a reference,
/// not the declaration): ``match(_:bytes:)`` splits the path, selects in the host's ``RouteTrie``
/// and binds with the route's ``RoutePlan`` in one pass.
final class RouteMatcher: Sendable {
    let routes: [Route]
    /// The tries (``RouteTrie/tries(of:file:)``), a host's found by its index in `hostIndex`.
    let anyHost: RouteTrie?
    let hosts: [RouteTrie]
    let hostIndex: KeyTable
    let servedHosts: [String]
    /// The routes' plans, unretained (`routes` owns them): read without counting a reference.
    let plans: FrozenArray<Unmanaged<RoutePlan>>

    /// Builds the tries, refusing routes that conflict or that no URL can reach.
    init(routes: [Route], file: String) throws(ManifestError) {
        self.routes = routes
        (anyHost, servedHosts, hosts) = try RouteTrie.tries(of: routes, file: file)
        hostIndex = KeyTable(servedHosts.enumerated().map { (0, $0.element, $0.offset) }, foldsCase: true)
        plans = FrozenArray(routes.map { Unmanaged.passUnretained($0.plan) })
    }

    deinit {
        plans.free()
    }

    /// Matches a URL whose scheme is the declaration's (`bytes` are its text's UTF-8).
    /// - Throws: ``RouteError/noRoute(scheme:closestRoute:reason:)`` when no route's host and path
    ///   fit, else the first fault in URL order, with its offset.
    func match(_ url: SchemeURL, bytes: UnsafeBufferPointer<UInt8>) throws(RouteError) -> RouteMatch {
        let layout = url.layout
        if routes.isEmpty { throw .noRoute(scheme: url.scheme, closestRoute: nil, reason: .noRoutes) }
        // Unretained (`self` owns both for the call): the closure below would retain each on every match.
        let trie: Unmanaged<RouteTrie>
        unowned(unsafe) let matcher = self
        let index = layout.host.map { hosts.isEmpty ? -1 : hostIndex.value(for: UnsafeBufferPointer(rebasing: bytes[$0])) } ?? -1
        if index >= 0 {
            trie = .passUnretained(hosts[index])
        } else if let anyHost {
            trie = .passUnretained(anyHost)
        } else {
            let host = url.host.map { $0.raw.lowercased() }
            throw .noRoute(scheme: url.scheme, closestRoute: nil, reason: .hostNotServed(host: host, served: servedHosts))
        }
        let plans = self.plans
        let (route, parameters) = try Self.withPath(layout, bytes: bytes) {
            segments, scratch throws(RouteError) -> (Int, RouteParameters) in
            var miss = RouteTrie.Miss()
            let route = trie._withUnsafeGuaranteedRef { $0.select(segments, miss: &miss) }
            guard route >= 0 else { throw matcher.noRoute(miss, trie.takeUnretainedValue(), layout, segments, bytes) }
            let bound = plans[route]._withUnsafeGuaranteedRef { plan in
                Result { () throws(RouteError) in try plan.bind(bytes, layout, segments, scratch: scratch) }
            }
            return (route, try bound.get())
        }
        return RouteMatch(url: url, route: routes[route], bound: parameters)
    }

    /// Why no route fits (from the layout: a closure capturing the URL copies it on every match).
    @inline(never)
    private func noRoute(
        _ miss: RouteTrie.Miss, _ trie: RouteTrie, _ layout: URLLayout, _ segments: UnsafeBufferPointer<RouteTrie.Segment>,
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> RouteError {
        func text(_ segment: RouteTrie.Segment) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end]), as: UTF8.self)
        }
        if let (catchAll, fault) = miss.parameterFault {
            let name = catchAll ? trie.words[miss.node].catchAll : trie.words[miss.node].parameter
            return .invalidParameter(name: name, value: text(segments[miss.depth]), offset: segments[miss.depth].start, fault: fault)
        }
        let expected = trie.words[miss.node].expected
        let reason: NoRouteReason =
            miss.pathEnded
            ? .pathEnded(segmentCount: miss.depth, offset: layout.path.upperBound, expected: expected)
            : .segmentMismatch(
                index: miss.depth, segment: text(segments[miss.depth]), offset: segments[miss.depth].start, expected: expected)
        let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[layout.scheme]), as: UTF8.self).lowercased()
        return .noRoute(scheme: scheme, closestRoute: miss.closest >= 0 ? routes[Int(miss.closest)].name : nil, reason: reason)
    }

    /// Calls `body` with the path's decoded segments and a scratch buffer, alive only during the call.
    @inline(__always)
    private static func withPath<R>(
        _ layout: URLLayout, bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<RouteTrie.Segment>, UnsafeMutablePointer<UInt8>) throws(RouteError) -> R
    ) throws(RouteError) -> R {
        let base = bytes.baseAddress.unsafelyUnwrapped
        var pathStart = layout.path.lowerBound
        let pathEnd = layout.path.upperBound
        if pathStart < pathEnd && base[pathStart] == UInt8(ascii: "/") { pathStart += 1 }

        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RoutePlan.scratchCapacity(forURLLength: bytes.count)) {
            scratch throws(RouteError) -> R in
            let scratch = scratch.baseAddress!
            // Room for a few segments without counting them (counting first cost more); a longer
            // path is counted and split again.
            let fitted: R? = try withUnsafeTemporaryAllocation(of: RouteTrie.Segment.self, capacity: segmentRoom) {
                room throws(RouteError) -> R? in
                let count = split(bytes, from: pathStart, to: pathEnd, scratch: scratch, into: room)
                return count < 0 ? nil : try body(UnsafeBufferPointer(rebasing: room[0..<count]), scratch)
            }
            if let fitted { return fitted }
            let count = 1 + ByteText.count(of: UInt8(ascii: "/"), in: base, from: pathStart, to: pathEnd)
            return try withUnsafeTemporaryAllocation(of: RouteTrie.Segment.self, capacity: count) {
                segments throws(RouteError) -> R in
                let count = split(bytes, from: pathStart, to: pathEnd, scratch: scratch, into: segments)
                return try body(UnsafeBufferPointer(rebasing: segments[0..<count]), scratch)
            }
        }
    }

    static let segmentRoom = 16

    /// Splits the path at `/` into `room`, decoding escaped segments into `scratch` (`-1`: no room).
    @inline(__always)
    private static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, from pathStart: Int, to pathEnd: Int, scratch: UnsafeMutablePointer<UInt8>,
        into room: UnsafeMutableBufferPointer<RouteTrie.Segment>
    ) -> Int {
        guard pathStart < pathEnd, let base = bytes.baseAddress else { return 0 }
        let slash = ByteText.broadcast(UInt8(ascii: "/")), percent = ByteText.broadcast(UInt8(ascii: "%"))
        var start = pathStart
        var count = 0
        while true {
            guard count < room.count else { return -1 }
            var end = ByteText.firstOf(slash, percent, slash, slash, in: base, from: start, to: pathEnd)
            let special = end < pathEnd && base[end] == UInt8(ascii: "%")
            if special { end = ByteText.firstOf(slash, slash, slash, slash, in: base, from: end, to: pathEnd) }
            var segment = RouteTrie.Segment(start: start, end: end, decoded: base + start, decodedCount: end - start, scalars: end - start)
            if special {
                let raw = UnsafeBufferPointer(start: base + start, count: end - start)
                do throws(URLRejection) {
                    (segment.decodedCount, segment.scalars) = try PercentDecoding.text.decode(raw, offset: start, into: scratch + start)
                    segment.decoded = UnsafePointer(scratch + start)
                } catch {
                    segment.decodedCount = 0
                    segment.scalars = -1
                }
            }
            room.initializeElement(at: count, to: segment)
            count &+= 1
            if end >= pathEnd { return count }
            start = end &+ 1
        }
    }
}
