internal import Glibc
import Foundation
import SchemeRouterRuntime
import SchemeRouterSender
import Testing

/// The exit-status table in Docs/Runtime.md lists exactly `ExitStatus.documented`, by number and
/// name: a status added in code and not in the docs (or the reverse) fails here.
@Suite struct ExitStatusTableTests {
    @Test func docsTableMatchesTheCode() {
        let text = TestFiles.read(CompileCheckTests.packageRoot + "/Docs/Runtime.md")
        let rows = text.split(separator: "\n").compactMap { line -> (Int32, String)? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, let number = Int32(cells[1]) else { return nil }
            return (number, String(cells[2].split(separator: " ").first ?? ""))
        }
        #expect(rows.map(\.0) == ExitStatus.documented.map(\.rawValue))
        #expect(rows.map(\.1) == ExitStatus.documented.map(\.name))
    }

    @Test func everyDocumentedStatusHasAName() {
        for status in ExitStatus.documented { #expect(!status.name.hasPrefix("status ")) }
        #expect(Set(ExitStatus.documented.map(\.rawValue)).count == ExitStatus.documented.count)
    }
}
