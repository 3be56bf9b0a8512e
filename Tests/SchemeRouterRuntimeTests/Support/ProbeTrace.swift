import Foundation
@testable import SchemeRouterRuntime
import SchemeRouterSender

/// One line of a primary's trace (`SCHEMEROUTER_TRACE`), with the system-event fields.
struct ProbeTraceLine: Decodable, Equatable, CustomStringConvertible {
    let hook: String
    let state: String
    var url: String? = nil
    var from: String? = nil
    var to: String? = nil

    var description: String {
        var text = "\(hook)(\(state)"
        if let url { text += ", \(url)" }
        if let from, let to { text += ", \(from) → \(to)" }
        return text + ")"
    }
}

extension AppSandbox {
    /// The trace's lines so far.
    func probeTrace() -> [ProbeTraceLine] {
        TestFiles.read(trace).split(separator: "\n").compactMap {
            try? JSONDecoder().decode(ProbeTraceLine.self, from: Data($0.utf8))
        }
    }

    /// Waits until a trace line satisfies `condition`; returns the whole trace then.
    @discardableResult
    func waitForTrace(timeout: Duration = .seconds(20), _ condition: @escaping (ProbeTraceLine) -> Bool) throws(TestFailure) -> [ProbeTraceLine] {
        try FileWatch.wait(for: trace, timeout: timeout) { contents in
            contents.split(separator: "\n").contains { line in
                (try? JSONDecoder().decode(ProbeTraceLine.self, from: Data(line.utf8))).map(condition) ?? false
            }
        }
        return probeTrace()
    }
}
