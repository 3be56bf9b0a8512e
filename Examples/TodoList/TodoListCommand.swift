import Glibc

/// TodoList's own options, handled before the runtime takes over.
enum TodoListCommand {
    /// `todolist --list`: prints the stored items as one JSON array line and exits (0, or 66
    /// when the file cannot be read). Returns `false` for every other invocation.
    static func handleOwnOptions() -> Bool {
        guard CommandLine.arguments.count == 2, CommandLine.arguments[1] == "--list" else { return false }
        do throws(TodoStore.Failure) {
            print(TodoJSON.listing(try TodoStore().load()))
            exit(0)
        } catch {
            let line = Array("todolist: \(error)\n".utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            exit(66)
        }
    }
}
