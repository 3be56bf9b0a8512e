// TodoList: the seed's Listing 6-2 on Linux. `todolist URL` launches the app or wakes the running
// one; `todolist --list` prints the stored items; see Docs/Runtime.md for the rest.
import SchemeRouterRuntime
import SchemeRouterSender

if TodoListCommand.handleOwnOptions() {
    // --list was handled and exited.
}
Application.main(manifest: todoListManifestJSON, file: "Schemes/todolist.json") { _ in
    TodoListDelegate(store: TodoStore())
}
