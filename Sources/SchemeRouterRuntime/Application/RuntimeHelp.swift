/// The runtime's part of an app's `--help`: what `app URL`, `app`, `app --quit` and the runtime's
/// other options do for this app, and the exit statuses. It describes only what this app does:
/// `--background` only when it may launch into the background (not `UIApplicationExitsOnSuspend`),
/// preserved state and `--quit --discard-state` only when its delegate adopts
/// `StateRestorationDelegate`. An app's ``AppOptions/help(_:)`` includes it, a part of it
/// (``invocations``, ``exitStatuses``), or nothing.
public struct RuntimeHelp: Sendable, Hashable, CustomStringConvertible {
    /// Every option the runtime reads itself; an app's own may not use these names.
    public static let optionNames: [String] = [
        "--help", "-h", "--background", "--quit", "--discard-state", "--manifest", "--gapplication-service",
    ]

    /// The program's name, as invoked.
    public let program: String
    /// The URL schemes the app's manifest declares.
    public let schemes: [String]
    /// Whether the delegate adopts `StateRestorationDelegate` (it may preserve its state at `--quit`).
    public let restoresState: Bool
    /// Whether the app may launch into the background (its manifest does not say `UIApplicationExitsOnSuspend`).
    public let launchesIntoBackground: Bool
    /// The file-name patterns of the app's document types (`*.note`); empty when it opens no files.
    public let documentPatterns: [String]

    /// Describes the runtime's part of the help for one app.
    public init(
        program: String, schemes: [String], restoresState: Bool, launchesIntoBackground: Bool, documentPatterns: [String] = []
    ) {
        self.program = program
        self.schemes = schemes
        self.restoresState = restoresState
        self.launchesIntoBackground = launchesIntoBackground
        self.documentPatterns = documentPatterns
    }

    /// One line per invocation the runtime handles for this app, under `Running the app:`.
    public var invocations: String {
        let schemes = self.schemes.map { $0 + ":" }.joined(separator: " or ")
        var rows: [(String, String)] = [
            ("URL", "open a \(schemes) URL in the running app, or launch it with the URL"),
        ]
        if !documentPatterns.isEmpty {
            rows.append(("FILE...", "open each file (\(documentPatterns.joined(separator: ", "))), in order, in the running app, or launch it with them"))
        }
        rows.append(("", "launch, or bring the running app to the foreground"))
        if launchesIntoBackground { rows.append(("--background", "launch into the background")) }
        if restoresState {
            rows.append(("--quit", "terminate the running app; the state it preserves comes back at the next launch"))
            rows.append(("--quit --discard-state", "force-quit: terminate it and delete its preserved state"))
        } else {
            rows.append(("--quit", "terminate the running app"))
        }
        rows.append(("--manifest", "print the app's URL manifest (its Schemes/*.json)"))
        rows.append(("--gapplication-service", "started by the session bus (D-Bus activation): launch with the first Open"))
        rows.append(("--help", "print this help"))
        let commands = rows.map { ($0.0.isEmpty ? program : program + " " + $0.0, $0.1) }
        // Long commands take a line of their own, so the descriptions stay in one column.
        let width = commands.map(\.0.count).filter { $0 <= program.count + 14 }.max() ?? 0
        var lines = ["Running the app:"]
        for (command, text) in commands {
            if command.count > width {
                lines.append("  " + command)
                lines.append("  " + String(repeating: " ", count: width) + "  " + text)
            } else {
                lines.append("  " + command.padded(to: width) + "  " + text)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The exit statuses of the runtime's invocations (`ExitStatus`, Docs/Runtime.md).
    public var exitStatuses: String {
        """
        Exit status: 0 handled, 1 declined, 3 open failed (the URL was delivered once); 2 rejected,
        5 launch timed out, 6 terminated, 7 no answer, 13 unresponsive, 75 busy (not delivered, and
        never will be); 4 the app died after taking the URL, 12 a hook overran its deadline (perhaps
        partly delivered); 8 not running, 9 refused (--quit); 64 usage, 71 system error, 76 protocol
        error, 77 unsafe runtime directory or socket. Sent again with the same SCHEMEROUTER_REQUEST_ID,
        a delivered URL is not delivered twice.
        """
    }

    /// ``invocations``, a blank line and ``exitStatuses``.
    public var description: String { invocations + "\n\n" + exitStatuses }
}
