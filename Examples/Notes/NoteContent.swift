/// What one Notes window shows; its identifier is the scene's target content
/// (`note/42`, `search/milk`, `list`, `file/home/ana/Groceries.note`).
enum NoteContent: Equatable {
    case list
    case note(Int)
    case search(String)
    /// A `.note` file, by its canonical path.
    case file(String)

    var identifier: String {
        switch self {
        case .list: "list"
        case .note(let id): "note/\(id)"
        case .search(let query): "search/\(query)"
        case .file(let path): "file\(path)"
        }
    }

    /// The content an identifier names, or `nil`.
    init?(identifier: String) {
        if identifier == "list" {
            self = .list
        } else if identifier.hasPrefix("note/"), let id = Int(identifier.dropFirst(5)) {
            self = .note(id)
        } else if identifier.hasPrefix("search/") {
            self = .search(String(identifier.dropFirst(7)))
        } else if identifier.hasPrefix("file/") {
            self = .file(String(identifier.dropFirst(4)))
        } else {
            return nil
        }
    }
}
