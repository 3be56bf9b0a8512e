import SchemeRouter

/// FragileHandler's routes as one type, read strictly by the runtime before `open` runs.
enum FragileRequest: AppRequest {
    /// `fragile:greet/NAME`.
    case greet(name: String)
    /// `fragile:stats?count=N&total=M`.
    case stats(count: Int, total: Int?)
    /// `fragile:note/ID#ANCHOR`.
    case note(id: Int, anchor: String?)

    static let routeNames: Set<String> = ["greet", "stats", "note"]

    init(match: RouteMatch) throws(RouteError) {
        let parameters = match.parameters
        switch match.route.name {
        case "greet": self = .greet(name: try parameters.string("name"))
        case "stats": self = .stats(count: try parameters.integer("count"), total: try parameters.optionalInteger("total"))
        default: self = .note(id: try parameters.integer("id"), anchor: try parameters.optionalString("anchor"))
        }
    }
}
