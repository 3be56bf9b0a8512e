/// One route as declared: what a manifest's route object says, before validation.
///
/// `SchemeDeclaration/init(name:schemes:routes:file:)` checks definitions and compiles them into
/// ``Route``s; manifests produce them from JSON. See `Docs/Manifests.md` for the language.
public struct RouteDefinition: Sendable, Hashable {
    /// What a route does with query keys it does not bind.
    public enum UnknownQueryItems: String, Sendable, Hashable, CaseIterable {
        /// Reject the URL (the default: a mistyped key would otherwise be lost silently).
        case reject
        /// Skip them (for links that carry tracking keys such as `utm_source`).
        case ignore
    }

    /// The route's name, unique in its declaration; typed requests refer to it.
    public var name: String
    /// The host the URL must have (compared case-insensitively), or `nil` for any host or none.
    public var host: String?
    /// The path pattern (see ``PathPattern``).
    public var path: String
    /// Query keys and the parameters they bind, in printing order.
    public var query: [QueryBinding]
    /// The parameter bound to the whole query, undivided (exclusive with ``query``).
    public var rawQuery: String?
    /// The parameter bound to the fragment.
    public var fragment: String?
    /// The parameters' types, by name. Every bound parameter is declared here and every
    /// declared parameter is bound exactly once.
    public var parameters: [String: ParameterSpec]
    /// Whether query keys and values (and a raw query) decode `+` as a space, as HTML forms write them.
    public var formDecoding: Bool
    /// What to do with query keys the route does not bind.
    public var unknownQueryItems: UnknownQueryItems

    /// Creates a definition.
    public init(
        name: String, host: String? = nil, path: String = "/", query: [QueryBinding] = [], rawQuery: String? = nil,
        fragment: String? = nil, parameters: [String: ParameterSpec] = [:], formDecoding: Bool = false,
        unknownQueryItems: UnknownQueryItems = .reject
    ) {
        self.name = name
        self.host = host
        self.path = path
        self.query = query
        self.rawQuery = rawQuery
        self.fragment = fragment
        self.parameters = parameters
        self.formDecoding = formDecoding
        self.unknownQueryItems = unknownQueryItems
    }
}

/// A query key and the parameter it binds: `"page": "page"` in a route's `query` object.
public struct QueryBinding: Sendable, Hashable {
    /// The key as it appears in the URL, decoded.
    public var key: String
    /// The parameter's name.
    public var parameter: String

    /// Creates a binding.
    public init(key: String, parameter: String) {
        self.key = key
        self.parameter = parameter
    }
}
