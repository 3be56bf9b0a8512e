import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterGTK

/// One Notes window (one scene): a note, a search, or the list. It is preserved with its content;
/// the archive keeps the windows in focus order, so they come back stacked as they were.
@MainActor
final class NoteScene: SceneDelegate {
    typealias Request = NotesRequest

    private unowned let app: NotesDelegate
    private let session: SceneSession
    private var content: NoteContent?

    init(app: NotesDelegate, session: SceneSession) {
        self.app = app
        self.session = session
    }

    var targetContentIdentifiers: Set<String> { content.map { [$0.identifier] } ?? [] }

    var restorationIdentifier: String? { content == nil ? nil : "window" }

    func willConnect(to session: SceneSession, options: SceneConnectionOptions<NotesRequest>) throws {
        if options.isRestoring { return }
        if let context = options.urlContexts.first {
            try open(context)
        } else {
            show(.list, activationToken: options.activationToken)
        }
    }

    func openURLContexts(_ context: SceneURLContext<NotesRequest>) throws -> Bool {
        try open(context)
        return true
    }

    func encodeRestorableState(_ coder: inout RestorationCoder) {
        guard let content else { return }
        coder.encode(content.identifier, forKey: "content")
    }

    func decodeRestorableState(_ coder: RestorationCoder) throws {
        let identifier = coder.string(forKey: "content") ?? ""
        guard let content = NoteContent(identifier: identifier) else { throw NotesError.unknownContent(identifier) }
        if case .note(let id) = content, !app.notes.contains(where: { $0.id == id }) { throw NotesError.noSuchNote(id) }
        if case .file(let path) = content { try app.readFile(path) }
        show(content, activationToken: nil)
    }

    /// Shows what the URL asks for. A new window for a note that does not exist shows the list,
    /// so no scene is left without a window; the sender learns why.
    private func open(_ context: SceneURLContext<NotesRequest>) throws {
        do {
            show(try app.content(for: context.request), activationToken: context.options.activationToken)
        } catch {
            if content == nil { show(.list, activationToken: context.options.activationToken) }
            throw error
        }
    }

    /// Shows `content` in this scene's window (created the first time) and presents it.
    private func show(_ content: NoteContent, activationToken: String?) {
        self.content = content
        let (title, lines) = Self.text(of: content, notes: app.notes, files: app.files)
        let window = app.windows.window(ofScene: session.persistentIdentifier) ?? GTKWindow(title: title)
        window.title = title
        window.setChild(NotesView.column(heading: title, lines: lines))
        app.windows.present(window, scene: session.persistentIdentifier, activationToken: activationToken)
    }

    private static func text(of content: NoteContent, notes: [Note], files: [String: NoteFile]) -> (title: String, lines: [String]) {
        switch content {
        case .list:
            return ("Notes", notes.isEmpty ? ["No notes yet."] : notes.map { "#\($0.id) \($0.title)" })
        case .note(let id):
            guard let note = notes.first(where: { $0.id == id }) else { return ("Note #\(id)", ["No such note."]) }
            let tags = note.tags.isEmpty ? "no tags" : "tags: " + note.tags.joined(separator: ", ")
            return (note.title, ["Note #\(note.id)", tags])
        case .search(let query):
            let found = notes.filter { $0.matches(query) }
            return ("Search: \(query)", found.isEmpty ? ["No notes match."] : found.map { "#\($0.id) \($0.title)" })
        case .file(let path):
            guard let file = files[path] else { return (path, ["Cannot read this note."]) }
            let body = file.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let lines = body.reversed().drop { $0.isEmpty }.reversed()
            return (file.title, lines.isEmpty ? ["(empty)"] : Array(lines))
        }
    }
}
