internal import SchemeRouterPlatform

/// The runtime's tunables, read from the environment (Docs/Runtime.md lists them). A malformed
/// value is a usage error naming the variable, never silently ignored.
package struct RuntimeSettings: Sendable {
    /// `SCHEMEROUTER_LAUNCH_DEADLINE_MS`: how long the delegate factory and the launch hooks
    /// may take together (5000).
    package var launchDeadline: Duration = .seconds(5)
    /// `SCHEMEROUTER_HOOK_DEADLINE_MS`: how long any one hook after the launch (`open`, the
    /// transitions, `willTerminate`) may run before the app is ended (5000; 0 turns it off).
    package var hookDeadline: Duration = .seconds(5)
    /// `SCHEMEROUTER_BACKGROUND_DEADLINE_MS`: background time before suspension (5000).
    package var backgroundDeadline: Duration = .seconds(5)
    /// `SCHEMEROUTER_BACKGROUND_TASK_ALLOWANCE_MS`: background time while a background task is
    /// outstanding (30000; never less than the background deadline).
    package var backgroundTaskAllowance: Duration = .seconds(30)
    /// `SCHEMEROUTER_IDLE_TIMEOUT_MS`: how long a connection may go without completing a frame
    /// while nothing is owed to it (10000).
    package var idleTimeout: Duration = .seconds(10)
    /// `SCHEMEROUTER_CONNECT_TIMEOUT_MS`: how long a sender waits for a starting primary's
    /// socket, or for room in its backlog (5000).
    package var connectTimeout: Duration = .seconds(5)
    /// `SCHEMEROUTER_REPLY_TIMEOUT_MS`: how long a sender waits for a verdict (the launch
    /// deadline plus 25 s by default).
    package var replyTimeout: Duration = .seconds(30)
    /// `SCHEMEROUTER_RECEIPT_TIMEOUT_MS`: how long a sender waits for the primary's loop to
    /// acknowledge a request before it gives up (the request is then never delivered) and
    /// reports the primary unresponsive (1000).
    package var receiptTimeout: Duration = .seconds(1)
    /// `SCHEMEROUTER_BUSY_RETRY_MS`: how long a sender keeps trying again, with growing pauses,
    /// while the primary answers `busy` (2000; 0: not at all), before it reports `busy` (exit 75).
    package var busyRetry: Duration = .seconds(2)
    /// `SCHEMEROUTER_REQUEST_ID`: the id of the invocation's URL request, to be given again when
    /// a caller sends the same URL after a failure (``RequestID``); by default a random one.
    package var requestID: String?
    /// `SCHEMEROUTER_MAX_CONNECTIONS`: connections a primary serves at once (2048, and never more
    /// than the descriptor limit allows: ``DescriptorLimit``); more are answered `busy`.
    package var maximumConnections = 2048
    /// `SCHEMEROUTER_MAX_BUFFERED_BYTES`: received bytes the primary holds for all clients
    /// together (incomplete frames, URLs queued during the launch) (16 MiB); the client whose
    /// frame would go past it is answered `busy`.
    package var maximumBufferedBytes = 16 * 1024 * 1024
    /// `SCHEMEROUTER_TRACE`: the trace file, if any.
    package var tracePath: String?
    /// `SCHEMEROUTER_VERDICT_FD`: a descriptor to write the invocation's verdict frame to.
    package var verdictDescriptor: Int32?
    /// `SCHEMEROUTER_NO_DETACH=1`: the primary stays in the invoking process instead of forking.
    package var detach = true
    /// `SCHEMEROUTER_SOURCE_APPLICATION`: a name the invocation claims for the URL's sender.
    package var claimedSource: String?
    /// `SCHEMEROUTER_ANNOTATION`: an annotation for the URL.
    package var annotation: String?

    /// The defaults, with nothing read from the environment.
    package static let `default` = RuntimeSettings()

    private init() {}

    /// Reads the process environment.
    package static func fromEnvironment() throws(RuntimeError) -> RuntimeSettings {
        try RuntimeSettings(environment: Sys.environment)
    }

    /// Reads an environment.
    package init(environment: (String) -> String?) throws(RuntimeError) {
        func milliseconds(_ name: String) throws(RuntimeError) -> Duration? {
            guard let text = environment(name) else { return nil }
            guard let value = Int(text), (0...86_400_000).contains(value) else {
                throw .invalidEnvironment(name, text, "expected whole milliseconds from 0 to 86400000")
            }
            return .milliseconds(value)
        }
        if let value = try milliseconds("SCHEMEROUTER_LAUNCH_DEADLINE_MS") { launchDeadline = value }
        if let value = try milliseconds("SCHEMEROUTER_HOOK_DEADLINE_MS") { hookDeadline = value }
        if let value = try milliseconds("SCHEMEROUTER_BACKGROUND_DEADLINE_MS") { backgroundDeadline = value }
        if let value = try milliseconds("SCHEMEROUTER_BACKGROUND_TASK_ALLOWANCE_MS") { backgroundTaskAllowance = value }
        backgroundTaskAllowance = max(backgroundTaskAllowance, backgroundDeadline)
        if let value = try milliseconds("SCHEMEROUTER_IDLE_TIMEOUT_MS") { idleTimeout = value }
        if let value = try milliseconds("SCHEMEROUTER_CONNECT_TIMEOUT_MS") { connectTimeout = value }
        replyTimeout = launchDeadline + .seconds(25)
        if let value = try milliseconds("SCHEMEROUTER_REPLY_TIMEOUT_MS") { replyTimeout = value }
        if let value = try milliseconds("SCHEMEROUTER_RECEIPT_TIMEOUT_MS") { receiptTimeout = max(value, .milliseconds(1)) }
        if let value = try milliseconds("SCHEMEROUTER_BUSY_RETRY_MS") { busyRetry = value }
        if let text = environment("SCHEMEROUTER_REQUEST_ID") {
            guard RequestID.isValid(text) else {
                throw .invalidEnvironment("SCHEMEROUTER_REQUEST_ID", text, "expected 1 to 128 bytes of text")
            }
            requestID = text
        }
        if let text = environment("SCHEMEROUTER_MAX_CONNECTIONS") {
            guard let value = Int(text), (1...1_000_000).contains(value) else {
                throw .invalidEnvironment("SCHEMEROUTER_MAX_CONNECTIONS", text, "expected a whole number from 1 to 1000000")
            }
            maximumConnections = value
        }
        if let text = environment("SCHEMEROUTER_MAX_BUFFERED_BYTES") {
            guard let value = Int(text), (65_544...(1 << 40)).contains(value) else {
                throw .invalidEnvironment(
                    "SCHEMEROUTER_MAX_BUFFERED_BYTES", text, "expected a whole number of bytes from 65544 (one frame) to 1099511627776")
            }
            maximumBufferedBytes = value
        }
        if let path = environment("SCHEMEROUTER_TRACE"), !path.isEmpty { tracePath = path }
        if let text = environment("SCHEMEROUTER_VERDICT_FD") {
            guard let value = Int32(text), value > 2 else {
                throw .invalidEnvironment("SCHEMEROUTER_VERDICT_FD", text, "expected an open file descriptor number above 2")
            }
            verdictDescriptor = value
        }
        if let text = environment("SCHEMEROUTER_NO_DETACH") {
            guard text == "0" || text == "1" else {
                throw .invalidEnvironment("SCHEMEROUTER_NO_DETACH", text, "expected 0 or 1")
            }
            detach = text == "0"
        }
        claimedSource = environment("SCHEMEROUTER_SOURCE_APPLICATION")
        annotation = environment("SCHEMEROUTER_ANNOTATION")
    }
}
