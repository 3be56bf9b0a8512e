// Doc prelude "todolist": what TodoList's other files declare (Examples/TodoList).
import SchemeRouter

let todoListManifestJSON = """
    {"CFBundleURLName": "com.acme.todolist", "CFBundleURLSchemes": ["todolist"],
     "routes": [{"name": "add", "path": "/", "rawQuery": "task", "fragment": "due",
                 "parameters": {"due": {"type": "date", "format": "yyyyMMddHHmm", "optional": true, "keywords": ["today"]},
                                "task": {"type": "string", "minLength": 1, "maxLength": 200}}}]}
    """

struct AddTask: RouteRequest {
    static let routeName = "add"
    var task: String
    var due: CivilDateTime?
    init(parameters: RouteParameters) throws(RouteError) {
        task = try parameters.string("task")
        due = parameters.keyword("due") == "today" ? nil : try parameters.optionalDate("due")
    }
    var routeParameters: RouteParameters { RouteParameters() }
}

struct TodoItem {
    var task: String
    var due: CivilDateTime
    init(_ request: AddTask, now: () -> CivilDateTime) {
        task = request.task
        due = request.due ?? now()
    }
}

enum LocalTime {
    static func now() -> CivilDateTime { CivilDateTime(year: 2026, month: 11, day: 24, hour: 9, minute: 0)! }
}

struct TodoStore {
    struct Failure: Error {}
    func prepare() throws(Failure) {}
    func append(_ item: TodoItem) throws(Failure) {}
}
