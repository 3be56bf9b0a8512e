import ArgumentParser

// Placeholders: desktop registration (issue 4) replaces these.
struct Register: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(register: not implemented yet)", shouldDisplay: false)
    func run() throws { throw ValidationError("schemectl register is not implemented yet") }
}

struct Unregister: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(unregister: not implemented yet)", shouldDisplay: false)
    func run() throws { throw ValidationError("schemectl unregister is not implemented yet") }
}

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(status: not implemented yet)", shouldDisplay: false)
    func run() throws { throw ValidationError("schemectl status is not implemented yet") }
}

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(open: not implemented yet)", shouldDisplay: false)
    func run() throws { throw ValidationError("schemectl open is not implemented yet") }
}

struct Plist: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(plist: not implemented yet)", shouldDisplay: false)
    func run() throws { throw ValidationError("schemectl plist is not implemented yet") }
}

