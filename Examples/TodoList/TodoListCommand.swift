import Glibc

/// TodoList's own options, handled before the runtime takes over.
enum TodoListCommand {
    /// `todolist --list`: prints the stored items as one JSON array line and exits (0, or 66
    /// when the file cannot be read). Returns `false` for every other invocation.
    ///
    /// Reads `argv` directly: `CommandLine.arguments` builds every argument as a `String`,
    /// which costs measurable time on the wake path.
    static func handleOwnOptions() -> Bool {
        guard CommandLine.argc == 2, let argument = CommandLine.unsafeArgv[1], strcmp(argument, "--list") == 0 else {
            return false
        }
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
