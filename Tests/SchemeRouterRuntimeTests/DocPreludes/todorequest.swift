// Doc prelude "todorequest": TodoList's request type (Examples/TodoList/TodoRequest.swift).
import SchemeRouter

enum TodoRequest: AppRequest, Equatable {
    case add(task: String)
    static let routeNames: Set<String> = ["add"]
    init(match: RouteMatch) throws(RouteError) { self = .add(task: try match.parameters.string("task")) }
}
