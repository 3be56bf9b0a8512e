// Doc prelude "todolist": what TodoList's other files declare (Examples/TodoList).
import SchemeRouter

struct TodoItem {
    var task: String
    var due: String
    init(task: String, due: TodolistRequest.AddDue?, now: () -> CivilDateTime) {
        self.task = task
        self.due = "\(now())"
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
