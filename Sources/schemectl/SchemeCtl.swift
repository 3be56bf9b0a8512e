import ArgumentParser

/// `schemectl`: validate, route and (in later layers) register, open and fuzz custom URL schemes.
@main
struct SchemeCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemectl",
        abstract: "Strict custom-URL-scheme tooling for the Linux desktop.",
        discussion: """
            SchemeRouter parses every URL strictly (RFC 3986), matches it to the typed routes an app \
            declares in its manifest under Schemes/, and delivers it with UIKit's launch-or-wake sequence.

            Exit status: 0 success; 1 a URL was rejected by the parser; 2 a valid URL matched no route \
            (or a parameter was invalid); 64 usage error; 65 a manifest is invalid; 66 an input file \
            could not be read.
            """,
        subcommands: [
            Validate.self, Route.self, Check.self,
            Register.self, Unregister.self, Status.self, Open.self, Plist.self,
            Fuzz.self, Lifecycle.self,
        ]
    )

    /// `schemectl open URL` skips argument-parser's start-up (~2 ms of reflection in this binary;
    /// see Docs/Desktop.md); every other command line goes through it.
    static func main() {
        OpenFastPath.runIfPossible()
        main(nil)
    }
}
