import ArgumentParser

// Placeholders: the runtime's control channel (issue 3) replaces these.
struct Lifecycle: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(lifecycle: not implemented yet)", shouldDisplay: false)
    func run() throws { throw ValidationError("schemectl lifecycle is not implemented yet") }
}

