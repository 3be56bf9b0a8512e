import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterGTK

/// Notes' application delegate. Notes uses scenes: one window per open note, one per search,
/// one per `.note` file opened, and the list when launched without a URL. Where a URL goes is ``sceneTarget(for:)``; which
/// windows were open comes back after `--quit` and a new launch (state preservation).
@MainActor
final class NotesDelegate: SceneApplicationDelegate, StateRestorationDelegate {
    /// The version of what the windows preserve; an archive of another version is not restored.
    static let restorationVersion = 1

    typealias Request = NotesRequest

    let store: NoteStore
    let windows: GTKWindows
    private(set) var notes: [Note] = []
    /// The `.note` files the windows show, by canonical path.
    private(set) var files: [String: NoteFile] = [:]

    init(store: NoteStore, windows: GTKWindows) {
        self.store = store
        self.windows = windows
    }

    func willFinishLaunching(options: LaunchOptions) -> Bool {
        notes = (try? store.load()) ?? []
        return true
    }

    func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate<NotesRequest> {
        NoteScene(app: self, session: session)
    }

    /// `notes://open/42` → the window showing note 42, `notes://new` → a new window,
    /// `notes://search?q=x` → the window of that search, a `.note` file → the window showing that
    /// file (a new one the first time).
    func sceneTarget(for request: NotesRequest) -> SceneTarget {
        switch request {
        case .open(let id): .content(NoteContent.note(id).identifier)
        case .new: .newScene
        case .search(let query): .content(NoteContent.search(query).identifier)
        case .document(let document): .content(NoteContent.file(document.path).identifier)
        }
    }

    /// The content a request shows, creating the note `notes://new` asks for.
    func content(for request: NotesRequest) throws -> NoteContent {
        switch request {
        case .open(let id):
            guard notes.contains(where: { $0.id == id }) else { throw NotesError.noSuchNote(id) }
            return .note(id)
        case .new(let title, let tags):
            let note = Note(id: (notes.map(\.id).max() ?? 0) + 1, title: title, tags: tags)
            var stored = notes
            stored.append(note)
            try store.save(stored)
            notes = stored
            return .note(note.id)
        case .search(let query):
            return .search(query)
        case .document(let document):
            try readFile(document.path)
            return .file(document.path)
        }
    }

    /// Reads the `.note` file at `path` (again, when its window is opened or restored).
    func readFile(_ path: String) throws {
        files[path] = try NoteFile(path: path)
    }

    // MARK: State preservation

    func shouldSaveApplicationState() -> Bool { true }

    func willEncodeRestorableState(_ coder: inout RestorationCoder) {
        coder.encode(Self.restorationVersion, forKey: "version")
    }

    func shouldRestoreApplicationState(_ coder: RestorationCoder) -> Bool {
        coder.int(forKey: "version") == Self.restorationVersion
    }
}

/// Why Notes cannot show what a URL asks for.
enum NotesError: Error, CustomStringConvertible {
    case noSuchNote(Int)
    case unknownContent(String)

    var description: String {
        switch self {
        case .noSuchNote(let id): "there is no note #\(id)"
        case .unknownContent(let identifier): "'\(identifier)' is no content Notes shows"
        }
    }
}
