/// A validated route of a ``SchemeDeclaration``: a ``RouteDefinition`` with its path compiled.
///
/// A route is a handle to shared, immutable storage, so copying one (into every ``RouteMatch``)
/// costs one reference.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The route as declared and compiled, shared by every copy.
    let plan: RoutePlan

    init(definition: RouteDefinition, index: Int, host: String?, path: PathPattern, declaration: ReverseDNSName) {
        plan = RoutePlan(definition, index: index, host: host, path: path, declaration: declaration)
    }

    /// The definition as declared.
    public var definition: RouteDefinition { plan.definition }
    /// The route's position in its declaration's `routes`.
    public var index: Int { plan.index }
    /// The host, lower-cased, or `nil` for any host.
    public var host: String? { plan.host }
    /// The compiled path pattern.
    public var path: PathPattern { plan.path }
    /// The route's name.
    public var name: String { plan.definition.name }
    /// The parameters' types, by name.
    public var parameters: [String: ParameterSpec] { plan.definition.parameters }
    /// The parameters' names in the order the route binds them, each at its position (see
    /// ``RouteMatch/value(at:as:)``): the path's, then the query items' in the manifest's order,
    /// then the raw query's and the fragment's.
    public var parameterOrder: [String] { plan.names.buffer.map(\.text) }

    /// Routes are equal when their definitions, positions, hosts and paths are.
    public static func == (lhs: Route, rhs: Route) -> Bool {
        lhs.plan === rhs.plan
            || (lhs.index == rhs.index && lhs.host == rhs.host && lhs.path == rhs.path && lhs.definition == rhs.definition)
    }

    /// Hashes the definition and position.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(definition)
    }

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
