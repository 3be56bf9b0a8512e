import SchemeRouter
import SchemeRouterRuntime

/// TodoList's application delegate: Listing 6-2's `openURL` stores the task an `add` URL
/// carries; anything invalid is declined and nothing is stored.
@MainActor
final class TodoListDelegate: ApplicationDelegate {
    private let declaration: SchemeDeclaration
    private let store: TodoStore
    private let behaviour: TestBehaviour
    /// The stored items, loaded at launch; `nil` (with the reason) when the file is unreadable.
    private var items: Result<[TodoItem], TodoStore.Failure> = .success([])

    init(declaration: SchemeDeclaration, store: TodoStore, behaviour: TestBehaviour) {
        self.declaration = declaration
        self.store = store
        self.behaviour = behaviour
    }

    func willFinishLaunching(options: LaunchOptions) -> Bool {
        if behaviour.hangLaunch {
            while true { TestBehaviour.spend(milliseconds: 1000) }
        }
        store.removeDeadWritersFiles()
        items = Result { () throws(TodoStore.Failure) in try store.load() }
        return !behaviour.declineLaunch
    }

    func didFinishLaunching(options: LaunchOptions) -> Bool {
        if behaviour.slowLaunch > 0 { TestBehaviour.spend(milliseconds: behaviour.slowLaunch) }
        return true
    }

    func open(_ url: SchemeURL, options: OpenOptions) throws -> Bool {
        guard let item = TodoItem(url, declaration: declaration, now: LocalTime.now) else { return false }
        // An unreadable store is never overwritten: the item is refused with the reason. A
        // failed load is tried again, so a file that became readable is used without a restart.
        if case .failure = items { items = Result { () throws(TodoStore.Failure) in try store.load() } }
        var stored = try items.get()
        stored.append(item)
        try store.save(stored)
        items = .success(stored)
        return true
    }
}
