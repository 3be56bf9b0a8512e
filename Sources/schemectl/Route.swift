import ArgumentParser

/// `schemectl route`: which declaration and route a URL matches, with typed parameters.
struct Route: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Match a URL against the routes of the manifests in a directory.")
    @Argument(help: "The URL to route.") var url: String
    @Option(help: "Directory of manifests (*.json).") var schemes: String = "Schemes"
    @Flag(help: "Print JSON.") var json = false
    func run() throws { throw CleanExit.message("not yet") }
}

/// `schemectl check`: validate every manifest in a directory.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Validate every manifest in a directory.")
    @Argument(help: "Directory of manifests (*.json).") var directory: String = "Schemes"
    func run() throws { throw CleanExit.message("not yet") }
}
