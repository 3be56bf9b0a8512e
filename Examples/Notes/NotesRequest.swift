import SchemeRouter

/// What a notes:// URL asks for, one case per route of `Schemes/notes.json`.
enum NotesRequest: AppRequest, Equatable {
    /// `notes://open/{id}`: show note `id`.
    case open(id: Int)
    /// `notes://new?title=…&tag=…`: create a note and show it.
    case new(title: String, tags: [String])
    /// `notes://search?q=…`: show the notes whose title or tags contain the text.
    case search(query: String)

    static let routeNames: Set<String> = ["open", "new", "search"]

    /// The request a route match carries (the runtime checked `routeNames` against the manifest).
    init(match: RouteMatch) throws(RouteError) {
        let parameters = match.parameters
        switch match.route.name {
        case "open": self = .open(id: try parameters.integer("id"))
        case "new": self = .new(title: try parameters.string("title"), tags: try parameters.strings("tags"))
        default: self = .search(query: try parameters.string("query"))
        }
    }
}
