import SchemeRouter
import SchemeRouterGTK

/// Notes' application delegate: each URL becomes a ``NotesRequest``, and the one window shows
/// what it asked for, titled with the note's title; a URL raises the window with the token the
/// sender had.
@MainActor
final class NotesDelegate: ApplicationDelegate {
    private let store: NoteStore
    private let windows: GTKWindows
    private var notes: [Note] = []

    init(store: NoteStore, windows: GTKWindows) {
        self.store = store
        self.windows = windows
    }

    func willFinishLaunching(options: LaunchOptions) -> Bool {
        notes = (try? store.load()) ?? []
        return true
    }

    func didFinishLaunching(options: LaunchOptions) -> Bool {
        // A plain launch into the foreground shows the list; a URL shows what it asks for.
        if options.url == nil { showList(activationToken: options.activationToken) }
        return true
    }

    func open(_ request: NotesRequest, options: OpenOptions) throws -> Bool {
        switch request {
        case .open(let id):
            guard let note = notes.first(where: { $0.id == id }) else { return false }
            show(note, activationToken: options.activationToken)
        case .new(let title, let tags):
            let note = Note(id: (notes.map(\.id).max() ?? 0) + 1, title: title, tags: tags)
            var stored = notes
            stored.append(note)
            try store.save(stored)
            notes = stored
            show(note, activationToken: options.activationToken)
        case .search(let query):
            let found = notes.filter { $0.matches(query) }
            present(
                title: "Search: \(query)",
                lines: found.isEmpty ? ["No notes match."] : found.map { "#\($0.id) \($0.title)" },
                activationToken: options.activationToken)
        }
        return true
    }

    func didBecomeActive() {
        // Brought to the foreground without a URL (`notes` again): make sure a window shows.
        if windows.all.isEmpty { showList(activationToken: nil) }
    }

    private func show(_ note: Note, activationToken: String?) {
        let tags = note.tags.isEmpty ? "no tags" : "tags: " + note.tags.joined(separator: ", ")
        present(title: note.title, lines: ["Note #\(note.id)", tags], activationToken: activationToken)
    }

    private func showList(activationToken: String?) {
        present(
            title: "Notes",
            lines: notes.isEmpty ? ["No notes yet."] : notes.map { "#\($0.id) \($0.title)" },
            activationToken: activationToken)
    }

    /// Shows the content in the window (created when there is none) and presents it.
    private func present(title: String, lines: [String], activationToken: String?) {
        let window = windows.all.first ?? GTKWindow(title: title)
        window.title = title
        window.setChild(NotesView.column(heading: title, lines: lines))
        windows.present(window, activationToken: activationToken)
    }
}
