import Foundation
import Testing

/// `schemectl help <command>` is documentation: it is snapshot-tested so a change to it is a
/// reviewed change. Regenerate with `SCHEMEROUTER_REGENERATE=1 swift test --filter HelpSnapshotTests`.
@Suite("schemectl help snapshots")
struct HelpSnapshotTests {
    static let snapshots = Schemectl.root.appendingPathComponent("Tests/SchemectlTests/Snapshots")

    @Test(arguments: ["validate", "route", "check"])
    func helpMatchesItsSnapshot(command: String) throws {
        let output = try Schemectl.run(["help", command])
        #expect(output.status == 0)
        let file = Self.snapshots.appendingPathComponent("\(command).txt")
        if ProcessInfo.processInfo.environment["SCHEMEROUTER_REGENERATE"] == "1" {
            try Data(output.stdout.utf8).write(to: file)
        }
        let snapshot = try String(contentsOf: file, encoding: .utf8)
        #expect(output.stdout == snapshot, "schemectl help \(command) changed; regenerate the snapshot if that is intended")
    }

    /// Every exit status the README documents for these commands appears in their help.
    @Test func helpDocumentsTheExitStatuses() throws {
        let validate = try Schemectl.run(["help", "validate"]).stdout
        #expect(validate.contains("0 all valid; 1 at least one rejected; 64 usage error"))
        let route = try Schemectl.run(["help", "route"]).stdout.replacingOccurrences(of: "\n", with: " ")
        for status in ["0 matched", "1 the URL was rejected", "2 no route", "64 usage", "65 a manifest is invalid", "66 a manifest could not be read"] {
            #expect(route.contains(status), "route help lacks '\(status)'")
        }
    }
}
