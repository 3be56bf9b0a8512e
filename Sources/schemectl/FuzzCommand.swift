import ArgumentParser

// Placeholders: fuzzing (issue 5) replaces these.
struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(fuzz: not implemented yet)", shouldDisplay: false)
    func run() throws { throw ValidationError("schemectl fuzz is not implemented yet") }
}

