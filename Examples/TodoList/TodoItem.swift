import SchemeRouter

/// One to-do item: the seed's `ToDoItem` (task name and due date).
struct TodoItem: Sendable, Hashable {
    /// The task, percent-decoded (1–200 Unicode scalars, no control characters).
    var task: String
    /// When it is due, local time, to the minute: `YYYY-MM-DDTHH:MM`.
    var due: String

    /// The item an `add` request describes: the raw query is the task (`+` stays `+`), the
    /// fragment the due date `yyyyMMddHHmm` (strict Gregorian), or `today`/absent for now.
    init(_ request: AddTask, now: () -> CivilDateTime) {
        task = request.task
        due = Self.format(request.due ?? now())
    }

    init(task: String, due: String) {
        self.task = task
        self.due = due
    }

    /// `2025-03-14T09:26`.
    static func format(_ date: CivilDateTime) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T\(pad(date.hour, 2)):\(pad(date.minute, 2))"
    }
}

/// The `add` route's typed request.
struct AddTask: RouteRequest, Equatable {
    static let routeName = "add"
    /// The task.
    var task: String
    /// The due date; `nil` for `today` or no fragment.
    var due: CivilDateTime?

    init(parameters: RouteParameters) throws(RouteError) {
        task = try parameters.string("task")
        due = parameters.keyword("due") == "today" ? nil : try parameters.optionalDate("due")
    }

    var routeParameters: RouteParameters {
        var parameters = RouteParameters()
        parameters.set("task", task)
        parameters["due"] = due.map(ParameterValue.date)
        return parameters
    }
}
