import SchemeRouter
import SchemeRouterRuntime

/// TodoList's application delegate: Listing 6-2's `openURL` stores the task an `add` URL
/// carries. The runtime has already routed and read the URL; one it cannot read never gets here.
@MainActor
final class TodoListDelegate: ApplicationDelegate {
    private let store: TodoStore
    /// The stored items, loaded at launch; a failure (with the reason) when the file is unreadable.
    private var items: Result<[TodoItem], TodoStore.Failure> = .success([])

    init(store: TodoStore) {
        self.store = store
    }

    func willFinishLaunching(options: LaunchOptions) -> Bool {
        store.removeDeadWritersFiles()
        items = Result { () throws(TodoStore.Failure) in try store.load() }
        return true
    }

    func open(_ request: TodoRequest, options: OpenOptions) throws -> Bool {
        switch request {
        case .add(let task):
            // An unreadable store is never overwritten: the item is refused with the reason. A
            // failed load is tried again, so a file that became readable is used without a restart.
            if case .failure = items { items = Result { () throws(TodoStore.Failure) in try store.load() } }
            var stored = try items.get()
            stored.append(TodoItem(task, now: LocalTime.now))
            try store.save(stored)
            items = .success(stored)
            return true
        }
    }
}
