import Foundation
import Testing

/// `schemectl help <command>` is documentation: it is snapshot-tested so a change to it is a
/// reviewed change. Regenerate with `SCHEMEROUTER_REGENERATE=1 swift test --filter HelpSnapshotTests`.
@Suite("schemectl help snapshots")
struct HelpSnapshotTests {
    static let snapshots = Schemectl.root.appendingPathComponent("Tests/SchemectlTests/Snapshots")

    /// Every command and subcommand the binary has, as argument-parser lists them
    /// (`--experimental-dump-help`), without the built-in `help`: `[]` is `schemectl` itself.
    static func commands() throws -> [[String]] {
        let dump = try Schemectl.run(["--experimental-dump-help"])
        let object = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        func walk(_ command: [String: Any], _ path: [String]) -> [[String]] {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            return [path] + subcommands.flatMap { sub -> [[String]] in
                guard let name = sub["commandName"] as? String, name != "help" else { return [] }
                return walk(sub, path + [name])
            }
        }
        return walk(object?["command"] as? [String: Any] ?? [:], [])
    }

    /// `schemectl.txt`, `route.txt`, `plist-import.txt`.
    static func snapshotName(_ command: [String]) -> String {
        (command.isEmpty ? "schemectl" : command.joined(separator: "-")) + ".txt"
    }

    @Test(arguments: try commands())
    func helpMatchesItsSnapshot(command: [String]) throws {
        let output = try Schemectl.run(["help"] + command)
        #expect(output.status == 0)
        let file = Self.snapshots.appendingPathComponent(Self.snapshotName(command))
        if ProcessInfo.processInfo.environment["SCHEMEROUTER_REGENERATE"] == "1" {
            try Data(output.stdout.utf8).write(to: file)
        }
        let snapshot = try String(contentsOf: file, encoding: .utf8)
        #expect(output.stdout == snapshot, "schemectl help \(command.joined(separator: " ")) changed; regenerate the snapshot if that is intended")
    }

    /// The snapshots are exactly the commands: a new command needs one, a removed one leaves none behind.
    @Test func everyCommandHasASnapshotAndNoOther() throws {
        let expected = Set(try Self.commands().map(Self.snapshotName))
        #expect(expected.count >= 12)
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.snapshots.path))
        #expect(present == expected)
    }

    /// Every exit status the README documents for these commands appears in their help.
    @Test func helpDocumentsTheExitStatuses() throws {
        let validate = try Schemectl.run(["help", "validate"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(validate.contains("0 all valid; 2 at least one rejected"))
        #expect(validate.contains("64 usage error"))
        let route = try Schemectl.run(["help", "route"]).stdout.replacingOccurrences(of: "\n", with: " ")
        for status in ["0 matched", "2 rejected", "no route matched", "64 usage", "65 a manifest is invalid", "66 a manifest could not be read"] {
            #expect(route.contains(status), "route help lacks '\(status)'")
        }
    }
}
