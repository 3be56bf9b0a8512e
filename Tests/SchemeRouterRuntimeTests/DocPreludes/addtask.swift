// Doc prelude "addtask": the `add` route's request, as Docs/Manifests.md declares it.
import SchemeRouter

struct AddTask: RouteRequest {
    static let routeName = "add"
    var task: String
    var due: CivilDateTime?
    var dueToday = false

    init(task: String, due: CivilDateTime?, dueToday: Bool = false) {
        self.task = task
        self.due = due
        self.dueToday = dueToday
    }

    init(parameters: RouteParameters) throws(RouteError) {
        task = try parameters.string("task")
        dueToday = parameters.keyword("due") == "today"
        due = dueToday ? nil : try parameters.optionalDate("due")
    }

    var routeParameters: RouteParameters {
        var parameters = RouteParameters()
        parameters.set("task", task)
        parameters["due"] = dueToday ? .keyword("today") : due.map(ParameterValue.date)
        return parameters
    }
}
