/// A URL's route and typed values, read in place: what ``SchemeRegistry/withRoute(_:_:)`` hands
/// its closure.
///
/// Nothing is copied to read a URL this way: the values stay where the binder found them (text
/// in the URL or decoded in a scratch buffer, numbers and dates as plain words), and a `String`
/// or array is made only for the values the app asks for. That memory lives only while the
/// closure runs, so the values cannot be copied or kept; ``match`` makes an owned ``RouteMatch``
/// when the app needs one later.
///
/// ```swift
/// let task = try registry.withRoute(url) { values in
///     try values.request(AddTask.self)        // or: try values.string("task")
/// }
/// ```
/// The getters are ``ParameterReader``'s and behave exactly as ``RouteParameters``'s, errors and
/// offsets included.
public struct RouteValues: ~Copyable {
    enum Source {
        /// Bound by the fast path into slots.
        case slots(SlotView)
        /// Bound by the precise path (a route the fast binder leaves to it), in the caller's
        /// memory: a ``RouteValues`` holds no reference, so it has nothing to release.
        case match(UnsafePointer<RouteMatch>)
    }

    let source: Source
    /// The URL's text, in the caller's memory (no reference held), and its layout.
    private let text: UnsafePointer<String>
    private let layout: URLLayout

    init(_ source: Source, text: UnsafePointer<String>, layout: URLLayout) {
        self.source = source
        self.text = text
        self.layout = layout
    }

    /// The URL as received.
    public var url: SchemeURL { SchemeURL(text: text.pointee, layout: layout) }

    /// The route that matched.
    public var route: Route {
        switch source {
        case .slots(let view): view.matcher.takeUnretainedValue().routes[view.route]
        case .match(let match): match.pointee.route
        }
    }

    /// The `name` of the route that matched (the same as `route.name`).
    public var routeName: String {
        switch source {
        case .slots(let view): view.matcher._withUnsafeGuaranteedRef { $0.routeNames[view.route] }
        case .match(let match): match.pointee.route.name
        }
    }

    /// The declaration (app) whose route matched.
    public var declaration: ReverseDNSName {
        switch source {
        case .slots(let view): view.matcher.takeUnretainedValue().name
        case .match(let match): match.pointee.declaration
        }
    }

    /// The values as an owned ``RouteParameters``, to keep past the closure.
    public var parameters: RouteParameters {
        switch source {
        case .slots(let view): view.parameters()
        case .match(let match): match.pointee.parameters
        }
    }

    /// The match as an owned ``RouteMatch``, to keep past the closure (what
    /// ``SchemeRegistry/route(_:)`` returns for the same URL).
    public var match: RouteMatch {
        RouteMatch(url: url, declaration: declaration, route: route, parameters: parameters)
    }

    /// Reads the values as the app's typed request (with ``RouteRequest/init(values:)``).
    /// - Throws: ``RouteError/routeMismatch(expected:matched:)`` when the URL matched another route
    ///   than `Request.routeName`, or what the request's initializer throws.
    @inlinable  // specialized in the app for its request type: no generic dispatch per URL
    public func request<Request: RouteRequest>(_ type: Request.Type = Request.self) throws(RouteError) -> Request {
        let name = routeName
        guard name == Request.routeName else { throw .routeMismatch(expected: Request.routeName, matched: name) }
        return try Request(values: self)
    }
}

extension RouteValues: ParameterReader {
    public subscript(name: String) -> ParameterValue? {
        switch source {
        case .slots(let view): view.index(of: name).map(view.value(at:))
        case .match(let match): match.pointee.parameters[name]
        }
    }

    public func offset(of name: String) -> Int? {
        switch source {
        case .slots(let view): view.index(of: name).map { Int(view.slots[$0].offset) }
        case .match(let match): match.pointee.parameters.offset(of: name)
        }
    }

    // Each typed getter reads a slot of the asked kind directly; anything else (absent, another
    // type, a value bound by the precise path) takes the generic path, which throws the precise error.

    public func string(_ name: String) throws(RouteError) -> String {
        if case .slots(let view) = source, let index = view.index(of: name), let text = view.text(at: index) { return text }
        return try value(name)
    }

    public func optionalString(_ name: String) throws(RouteError) -> String? {
        if case .slots(let view) = source {
            guard let index = view.index(of: name) else { return nil }
            if let text = view.text(at: index) { return text }
        }
        return try optionalValue(name)
    }

    public func integer(_ name: String) throws(RouteError) -> Int {
        if case .slots(let view) = source, let slot = view.slot(name, .integer) { return Int(Int64(bitPattern: slot.a)) }
        return try value(name)
    }

    public func optionalInteger(_ name: String) throws(RouteError) -> Int? {
        if case .slots(let view) = source {
            guard let index = view.index(of: name) else { return nil }
            let slot = view.slots[index]
            if slot.kind == .integer { return Int(Int64(bitPattern: slot.a)) }
        }
        return try optionalValue(name)
    }

    public func uuid(_ name: String) throws(RouteError) -> UUIDValue {
        if case .slots(let view) = source, let slot = view.slot(name, .uuid) { return UUIDValue(high: slot.a, low: slot.b) }
        return try value(name)
    }

    public func optionalUUID(_ name: String) throws(RouteError) -> UUIDValue? {
        if case .slots(let view) = source {
            guard let index = view.index(of: name) else { return nil }
            let slot = view.slots[index]
            if slot.kind == .uuid { return UUIDValue(high: slot.a, low: slot.b) }
        }
        return try optionalValue(name)
    }

    public func boolean(_ name: String) throws(RouteError) -> Bool {
        if case .slots(let view) = source, let slot = view.slot(name, .boolean) { return slot.a != 0 }
        return try value(name)
    }

    public func optionalBoolean(_ name: String) throws(RouteError) -> Bool? {
        if case .slots(let view) = source {
            guard let index = view.index(of: name) else { return nil }
            let slot = view.slots[index]
            if slot.kind == .boolean { return slot.a != 0 }
        }
        return try optionalValue(name)
    }

    public func date(_ name: String) throws(RouteError) -> CivilDateTime {
        if case .slots(let view) = source, let slot = view.slot(name, .date) { return CivilDateTime(packed: slot.a) }
        return try value(name)
    }

    public func optionalDate(_ name: String) throws(RouteError) -> CivilDateTime? {
        if case .slots(let view) = source {
            guard let index = view.index(of: name) else { return nil }
            let slot = view.slots[index]
            if slot.kind == .date { return CivilDateTime(packed: slot.a) }
        }
        return try optionalValue(name)
    }

    public func strings(_ name: String) throws(RouteError) -> [String] {
        if case .slots(let view) = source, let index = view.index(of: name), let strings = view.strings(at: index) {
            return strings
        }
        return try value(name)
    }

    public func keyword(_ name: String) -> String? {
        switch source {
        case .slots(let view): view.slot(name, .keyword).map { view.words.strings[Int($0.a)] }
        case .match(let match): match.pointee.parameters.keyword(name)
        }
    }
}
