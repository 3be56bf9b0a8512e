import Glibc
import SchemeRouterRuntime
import SchemeRouterSender

/// TodoList's own command line beside the runtime's: `--list` prints the stored items and exits.
/// `todolist --help` lists it with what the runtime does for TodoList.
struct TodoListOptions: AppOptions {
    var list = false

    static let options: [AppOption<Self>] = [
        .flag("--list", \.list, help: "print the stored items as one JSON array and exit")
    ]

    /// `--list`: the items (exit 0), or why they cannot be read (exit 66); without it, go on.
    func run() -> ExitStatus? {
        guard list else { return nil }
        do {
            print(TodoStore.listing(try TodoStore().load()))
            return .success
        } catch {
            var line = "todolist: \(error)\n"
            line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
            return .cannotRead
        }
    }
}
