internal import SchemeRouterSender

/// The runtime's deadlines and limits, as the app chooses them: a parameter of
/// ``Application/main(settings:host:makeDelegate:)``. Every `SCHEMEROUTER_*` variable
/// that is set overrides its field (the operator's word wins); Docs/Runtime.md lists them.
///
/// ```swift
/// var settings = ApplicationSettings()
/// settings.hookDeadline = .seconds(2)
/// Application.main(settings: settings) { NotesDelegate() }
/// ```
public struct ApplicationSettings: Sendable, Hashable {
    /// How long the delegate factory and the launch hooks may take together
    /// (`SCHEMEROUTER_LAUNCH_DEADLINE_MS`; 5 s, iOS's).
    public var launchDeadline: Duration = .seconds(5)
    /// How long any one hook after the launch may run before the app is ended
    /// (`SCHEMEROUTER_HOOK_DEADLINE_MS`; 5 s; zero turns it off).
    public var hookDeadline: Duration = .seconds(5)
    /// Background time before suspension (`SCHEMEROUTER_BACKGROUND_DEADLINE_MS`; 5 s).
    public var backgroundDeadline: Duration = .seconds(5)
    /// Background time while a background task is outstanding
    /// (`SCHEMEROUTER_BACKGROUND_TASK_ALLOWANCE_MS`; 30 s; never less than the background deadline).
    public var backgroundTaskAllowance: Duration = .seconds(30)
    /// How long a connection may go without completing a frame while nothing is owed to it
    /// (`SCHEMEROUTER_IDLE_TIMEOUT_MS`; 10 s).
    public var idleTimeout: Duration = .seconds(10)
    /// How long a sender waits for a starting primary's socket (`SCHEMEROUTER_CONNECT_TIMEOUT_MS`; 5 s).
    public var connectTimeout: Duration = .seconds(5)
    /// How long a sender waits for a verdict (`SCHEMEROUTER_REPLY_TIMEOUT_MS`); `nil`: the
    /// launch deadline plus 25 s.
    public var replyTimeout: Duration?
    /// Connections a primary serves at once (`SCHEMEROUTER_MAX_CONNECTIONS`; 2048).
    public var maximumConnections = 2048
    /// Received bytes the primary holds for all clients together
    /// (`SCHEMEROUTER_MAX_BUFFERED_BYTES`; 16 MiB, at least one frame: 65544).
    public var maximumBufferedBytes = 16 * 1024 * 1024

    /// The defaults above.
    public init() {}

    /// Why these settings cannot be used, or `nil`.
    var problem: String? {
        let durations: [(String, Duration)] = [
            ("launchDeadline", launchDeadline), ("hookDeadline", hookDeadline), ("backgroundDeadline", backgroundDeadline),
            ("backgroundTaskAllowance", backgroundTaskAllowance), ("idleTimeout", idleTimeout),
            ("connectTimeout", connectTimeout), ("replyTimeout", replyTimeout ?? .zero),
        ]
        if let (name, _) = durations.first(where: { $0.1 < .zero }) { return "ApplicationSettings.\(name) is negative" }
        if maximumConnections < 1 { return "ApplicationSettings.maximumConnections is less than 1" }
        if maximumBufferedBytes < 65_544 { return "ApplicationSettings.maximumBufferedBytes is less than one frame (65544)" }
        return nil
    }
}

extension RuntimeSettings {
    /// The app's settings, each overridden by its `SCHEMEROUTER_*` variable when that is set.
    init(_ app: ApplicationSettings, environment: (String) -> String?) throws(RuntimeError) {
        self = try RuntimeSettings(environment: environment)
        func unset(_ name: String) -> Bool { environment("SCHEMEROUTER_" + name) == nil }
        if unset("LAUNCH_DEADLINE_MS") { launchDeadline = app.launchDeadline }
        if unset("HOOK_DEADLINE_MS") { hookDeadline = app.hookDeadline }
        if unset("BACKGROUND_DEADLINE_MS") { backgroundDeadline = app.backgroundDeadline }
        if unset("BACKGROUND_TASK_ALLOWANCE_MS") { backgroundTaskAllowance = app.backgroundTaskAllowance }
        backgroundTaskAllowance = max(backgroundTaskAllowance, backgroundDeadline)
        if unset("IDLE_TIMEOUT_MS") { idleTimeout = app.idleTimeout }
        if unset("CONNECT_TIMEOUT_MS") { connectTimeout = app.connectTimeout }
        if unset("REPLY_TIMEOUT_MS") { replyTimeout = app.replyTimeout ?? launchDeadline + .seconds(25) }
        if unset("MAX_CONNECTIONS") { maximumConnections = app.maximumConnections }
        if unset("MAX_BUFFERED_BYTES") { maximumBufferedBytes = app.maximumBufferedBytes }
    }
}
