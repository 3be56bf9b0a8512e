/// One note: its number, title and tags.
struct Note: Equatable {
    var id: Int
    var title: String
    var tags: [String]

    /// Whether the note's title or one of its tags contains `text` (case-insensitive).
    func matches(_ text: String) -> Bool {
        let needle = text.lowercased()
        return title.lowercased().contains(needle) || tags.contains { $0.lowercased().contains(needle) }
    }
}
