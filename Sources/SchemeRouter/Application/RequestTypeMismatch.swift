/// An app's ``AppRequest`` type and its manifest disagree about the routes: found when the app
/// starts (``AppRouter/init(_:requestType:)``), before any URL is served.
public struct RequestTypeMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request type's name.
    public var requestType: String
    /// The manifest's file.
    public var file: String
    /// Routes the manifest declares that the request type does not read, sorted.
    public var uncovered: [String]
    /// Route names the request type lists that the manifest lacks, sorted.
    public var unknown: [String]

    /// Creates a mismatch report.
    public init(requestType: String, file: String, uncovered: [String], unknown: [String]) {
        self.requestType = requestType
        self.file = file
        self.uncovered = uncovered
        self.unknown = unknown
    }

    /// `TodoRequest does not match Schemes/todolist.json: route 'list' is not read; ...`.
    public var description: String {
        var parts: [String] = []
        if !uncovered.isEmpty {
            parts.append("it does not read the manifest's route(s) \(Self.quoted(uncovered))")
        }
        if !unknown.isEmpty {
            parts.append("it names route(s) \(Self.quoted(unknown)) the manifest does not declare")
        }
        return "\(requestType).routeNames does not match \(file): " + parts.joined(separator: "; ")
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
