import SchemeRouter

/// One to-do item: the seed's `ToDoItem` (task name and due date), one JSON object in the log.
struct TodoItem: Codable, Sendable, Hashable {
    /// The task, percent-decoded (1–200 Unicode scalars, no control characters).
    var task: String
    /// When it is due, local time, to the minute: `YYYY-MM-DDTHH:MM`.
    var due: String

    /// The item an `add` request describes: the raw query is the task (`+` stays `+`), the
    /// fragment the due date `yyyyMMddHHmm` (strict Gregorian), or `today`/absent for now.
    init(task: String, due: TodolistRequest.AddDue?, now: () -> CivilDateTime) {
        self.task = task
        switch due {
        case .date(let date)?: self.due = Self.format(date)
        case .today?, nil: self.due = Self.format(now())
        }
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
