/// A validated route of a ``SchemeDeclaration``: a ``RouteDefinition`` with its path compiled.
///
/// Routes are selected by host and path only (see ``SchemeRegistry/route(_:)``); the query and
/// fragment then bind parameters or fail with a precise ``RouteError``.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The definition as declared.
    public let definition: RouteDefinition
    /// The route's position in its declaration's `routes`.
    public let index: Int
    /// The host, lower-cased, or `nil` for any host.
    public let host: String?
    /// The compiled path pattern.
    public let path: PathPattern
    let queryParameters: [String: String]

    init(definition: RouteDefinition, index: Int, host: String?, path: PathPattern) {
        self.definition = definition
        self.index = index
        self.host = host
        self.path = path
        var queryParameters: [String: String] = [:]
        for binding in definition.query { queryParameters[binding.key] = binding.parameter }
        self.queryParameters = queryParameters
    }

    /// The route's name.
    public var name: String { definition.name }
    /// The parameters' types, by name.
    public var parameters: [String: ParameterSpec] { definition.parameters }

    var decoding: PercentDecoding { definition.formDecoding ? .form : .text }

    /// A URL template without the scheme: `//*/notes/{id}?sort={sort?}&tag={tags*}#{heading?}`.
    ///
    /// `*` is any host (or none); `?` after a name marks an optional parameter and `*` a repeated one.
    public var template: String {
        func mark(_ name: String) -> String {
            let spec = definition.parameters[name]
            return "{" + name + (spec?.isRepeated == true ? "*" : spec?.isOptional == true ? "?" : "") + "}"
        }
        var text = "//" + (host ?? "*") + path.description
        if let raw = definition.rawQuery {
            text += "?" + mark(raw)
        } else if !definition.query.isEmpty {
            text += "?" + definition.query.map { "\($0.key)=\(mark($0.parameter))" }.joined(separator: "&")
        }
        if let fragment = definition.fragment { text += "#" + mark(fragment) }
        return text
    }

    /// `name  template`.
    public var description: String { "\(name)  \(template)" }
}
