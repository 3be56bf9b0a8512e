import SchemeRouterRuntime

/// Notes declares no options of its own, but its `--help` is its own: what its URLs open, then the
/// runtime's part (which, for Notes, says its windows come back after `--quit`).
struct NotesOptions: AppOptions {
    static func help(_ runtime: RuntimeHelp) -> String {
        """
        Notes: notes in windows, opened by notes: URLs.
        usage: \(runtime.program) [URL]

          notes://open/42                the window showing note 42 (a new one when it is not open)
          notes://new?title=Groceries    a new note, in a new window (tag=… adds tags)
          notes://search?q=milk          the window of that search

        \(runtime)
        """
    }
}
