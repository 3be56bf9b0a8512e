import SchemeRouter

/// TodoList's routes as one type: what `open` receives, already routed and read.
enum TodoRequest: AppRequest, Equatable {
    /// `todolist://?TASK#yyyyMMddHHmm`: add a task.
    case add(AddTask)

    static let routeNames: Set<String> = ["add"]

    init(match: RouteMatch) throws(RouteError) {
        // "add" is the manifest's only route; the runtime checked routeNames against it at launch.
        self = .add(try match.request(AddTask.self))
    }
}
