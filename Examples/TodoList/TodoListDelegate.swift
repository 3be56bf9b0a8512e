import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterRuntime
import SchemeRouterSender

/// TodoList's application delegate: Listing 6-2's `openURL` stores the task an `add` URL
/// carries. The runtime has already routed and read the URL; one it cannot read never gets here.
@MainActor
final class TodoListDelegate: ApplicationDelegate {
    private let store: TodoStore
    /// Whether the log is ready for appending; a failure (with the reason) when it is unreadable.
    private var ready: Result<Void, TodoStore.Failure> = .success(())

    init(store: TodoStore) {
        self.store = store
    }

    func willFinishLaunching(options: LaunchOptions) -> Bool {
        ready = Result { () throws(TodoStore.Failure) in try store.prepare() }
        return true
    }

    func open(_ request: TodolistRequest, options: OpenOptions) throws -> Bool {
        switch request {
        case .add(let task, let due):
            // An unreadable log is never appended to: the item is refused with the reason. A
            // failed check is tried again, so a log that became readable is used without a restart.
            if case .failure = ready { ready = Result { () throws(TodoStore.Failure) in try store.prepare() } }
            try ready.get()
            try store.append(TodoItem(task: task, due: due, now: LocalTime.now))
            return true
        }
    }
}
