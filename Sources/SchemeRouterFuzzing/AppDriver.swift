internal import Glibc
internal import SchemeRouterSender
public import SchemeRouterLifecycle
internal import SchemeRouterPlatform
internal import Synchronization

/// Why the fuzzer could not start, or reach, the app under attack.
public struct AppLaunchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app's executable.
    public let program: String
    /// What went wrong.
    public let reason: String

    /// `cannot run PATH: reason`.
    public var description: String { "cannot run \(program): \(reason)" }
}

/// The processes an interrupted campaign must not leave behind (read by the signal handler).
private let runningPrimary = Atomic<Int32>(0)
private let runningLaunch = Atomic<Int32>(0)

/// Delivers URLs to a real SchemeRouter app, the two ways the desktop does: a cold launch with
/// the URL as its argument, and a wake over the socket of the running instance.
///
/// **Cold launch** runs `app URL` with `SCHEMEROUTER_NO_DETACH=1`, so the process the fuzzer
/// starts is the primary itself (not a launcher that forks it off): its fate (a signal, an exit
/// status) is the fuzzer's to see. The launch URL's verdict comes back on
/// `SCHEMEROUTER_VERDICT_FD` (`VerdictPipe`); then the app gets `SIGTERM` and must exit 0.
///
/// **Wake** starts one primary (`app --background`, also not detached) and sends every URL over
/// one `WakeClient` connection; the reply timeout is the per-input deadline. A primary that
/// dies or hangs is reaped (its signal or status recorded) and the next input starts a new one.
///
/// Every run lives in an ``AppSandbox`` (cold launches and the wake primary in separate runtime
/// directories, so a cold launch never becomes a wake). Children get `SWIFT_BACKTRACE=enable=no`: a crash is
/// reported as soon as it happens, without waiting for a symbolicated backtrace (the reproduce
/// command shows one).
public final class AppDriver {
    /// What became of one delivery.
    public enum Observation: Sendable, Hashable, CustomStringConvertible {
        /// The app answered with a verdict (and, after a cold launch, exited this way).
        case verdict(DeliveryVerdict)
        /// The app died by a signal; the last line of its error output.
        case crashed(signal: Int32, detail: String)
        /// No verdict within the deadline.
        case hung
        /// The app exited with a status the runtime does not document.
        case undocumentedExit(status: Int32, detail: String)
        /// The input cannot be delivered this way (an `argv` element cannot hold a NUL byte).
        case undeliverable

        /// For people.
        public var description: String {
            switch self {
            case .verdict(let verdict): "verdict \(verdict)"
            case .crashed(let signal, let detail): "killed by \(ChildProcess.signalName(signal))\(detail.isEmpty ? "" : ": \(detail)")"
            case .hung: "no verdict within the deadline"
            case .undocumentedExit(let status, let detail): "exited with undocumented status \(status)\(detail.isEmpty ? "" : ": \(detail)")"
            case .undeliverable: "cannot be delivered as an argument (NUL byte)"
            }
        }
    }

    /// The app's executable.
    public let executable: String
    /// The command line that opens a URL, with `"%u"` where the URL goes (one element); by
    /// default `[executable, "%u"]`, or what a registered handler's `Exec` line expands to.
    public let commandLine: [String]
    /// Its bundle name (`CFBundleURLName`): names its socket.
    public let bundleName: String
    /// How long one delivery may take.
    public let deadline: Duration
    /// The sandbox the app runs in.
    public let sandbox: AppSandbox
    /// Statuses the runtime documents (`ExitStatus.documented`).
    public static let documentedStatuses = Set(ExitStatus.documented.map(\.rawValue))

    private var primary: ChildProcess.Running?
    private var client: WakeClient?
    /// Primaries started for wake delivery (1 + restarts after crashes and hangs).
    public private(set) var primaryStarts = 0

    /// Creates a driver; call ``AppSandbox/enter()`` on `sandbox` first so wakes reach it.
    public init(executable: String, bundleName: String, deadline: Duration, sandbox: AppSandbox, commandLine: [String]? = nil) {
        let commandLine = commandLine ?? [executable, "%u"]
        precondition(commandLine.filter { $0 == "%u" }.count == 1, "the command line needs exactly one %u")
        self.executable = executable
        self.commandLine = commandLine
        self.bundleName = bundleName
        self.deadline = deadline
        self.sandbox = sandbox
    }

    deinit { stopPrimary() }

    /// Makes an interrupted campaign (`SIGINT`, `SIGTERM`, `SIGHUP`) kill the app processes it
    /// started before it dies by that signal, and ignores `SIGPIPE`, so a campaign whose output
    /// reader went away still runs to its end and cleans up. The handler only calls `kill`,
    /// `sigaction` and `raise` (async-signal-safe); the sandbox directory stays behind.
    public static func installInterruptHandlers() {
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                for pid in [runningPrimary.load(ordering: .relaxed), runningLaunch.load(ordering: .relaxed)] where pid > 0 {
                    kill(-pid, SIGKILL)
                    kill(pid, SIGKILL)
                }
                var original = sigaction()
                original.__sigaction_handler.sa_handler = SIG_DFL
                sigaction(number, &original, nil)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    private var primaryLog: String { sandbox.root + "/primary.log" }

    /// The command line with `argument` in the URL's place.
    private func arguments(_ argument: [UInt8]) -> [[UInt8]] {
        commandLine.map { $0 == "%u" ? argument : Array($0.utf8) }
    }

    private func environment(launch: Bool, _ extra: [String]) -> [String] {
        ChildProcess.environment(
            overriding: sandbox.environment(launch: launch) + ["SCHEMEROUTER_NO_DETACH=1", "SWIFT_BACKTRACE=enable=no"] + extra)
    }

    // MARK: - Cold launch

    /// Runs `app URL` as a fresh primary and reports what became of the URL.
    public func launch(_ input: [UInt8]) throws(AppLaunchError) -> Observation {
        guard !input.contains(0) else { return .undeliverable }
        let pipe: VerdictPipe
        do { pipe = try VerdictPipe() } catch { throw AppLaunchError(program: executable, reason: error.description) }
        let running = try start(
            arguments(input),
            environment: environment(launch: true, [pipe.environmentEntry]))
        runningLaunch.store(running.pid, ordering: .relaxed)
        defer { runningLaunch.store(0, ordering: .relaxed) }
        let verdict = pipe.awaitVerdict(timeout: deadline)
        switch verdict {
        case .noAnswer:
            _ = running.wait(deadline: .zero)
            return .hung
        case .launchFailed:
            // The app ended (or closed the pipe) without a verdict: how it ended is the answer.
            let result = running.wait(deadline: deadline)
            return Self.observation(result, verdict: verdict)
        case .rejected:
            // Refused before any hook ran: the invocation exits by itself, with status 2.
            return Self.observation(running.wait(deadline: deadline), verdict: verdict)
        default:
            // A primary keeps running after its launch URL: end it as the desktop would. Dying by
            // that very SIGTERM (before the runtime watches for it) is an ending, not a crash.
            running.signal(SIGTERM)
            let result = running.wait(deadline: deadline)
            switch result.termination {
            case .exited(let status) where Self.documentedStatuses.contains(status): return .verdict(verdict)
            case .signalled(SIGTERM): return .verdict(verdict)
            default: return Self.observation(result, verdict: verdict)
            }
        }
    }

    // MARK: - Wake

    /// Sends the URL to the running primary (started first when there is none).
    public func wake(_ input: [UInt8]) throws(AppLaunchError) -> Observation {
        let client = try connectedClient()
        let verdict = client.open(url: input)
        switch verdict {
        case .handled, .declined, .rejected, .openFailed, .launched, .noHandler, .delivered, .notOpened, .refused:
            return .verdict(verdict)
        case .busy:
            // Shed, not delivered: the primary lives on (a fuzz run is its only client).
            return .verdict(verdict)
        case .noAnswer, .unresponsive:
            // No answer within the deadline: the primary hangs on this input (and cannot run
            // its SIGTERM watcher either, so it is killed outright).
            stopPrimary(kill: true)
            return .hung
        case .launchFailed, .terminated, .protocolError, .launchTimedOut, .hookTimedOut:
            // The connection broke: learn whether the primary died, and how.
            self.client = nil
            guard let primary else { return .verdict(verdict) }
            self.primary = nil
            let result = primary.wait(deadline: .seconds(2))
            runningPrimary.store(0, ordering: .relaxed)
            return Self.observation(result, verdict: verdict, log: primaryLog)
        }
    }

    /// The connection to the wake primary, starting one when needed.
    private func connectedClient() throws(AppLaunchError) -> WakeClient {
        if let client, let primary, !primary.hasExited { return client }
        stopPrimary()
        _ = try? FuzzFiles.write([], to: primaryLog)
        // The primary reports its launch on a verdict pipe: once it has, its socket is up.
        let pipe: VerdictPipe
        do { pipe = try VerdictPipe() } catch { throw AppLaunchError(program: executable, reason: error.description) }
        let started = try start(
            arguments(Array("--background".utf8)), environment: environment(launch: false, [pipe.environmentEntry]),
            output: .file(primaryLog))
        primary = started
        runningPrimary.store(started.pid, ordering: .relaxed)
        primaryStarts += 1
        let launch = pipe.awaitVerdict(timeout: .seconds(10))
        guard launch == .launched else {
            stopPrimary()
            throw AppLaunchError(
                program: executable, reason: "the app did not launch as the primary: \(launch) (\(tail(primaryLog)))")
        }
        do {
            guard let client = try WakeClient.connect(to: bundleName, connectTimeout: .seconds(10), replyTimeout: deadline) else {
                throw AppLaunchError(program: executable, reason: "the app launched but its socket is gone (\(tail(primaryLog)))")
            }
            self.client = client
            return client
        } catch let error as AppLaunchError {
            stopPrimary()
            throw error
        } catch {
            stopPrimary()
            throw AppLaunchError(program: executable, reason: "cannot reach the app's socket: \(error)")
        }
    }

    /// Ends the wake primary, if one runs: `SIGTERM`, then `SIGKILL` for its group after 2 s; or
    /// `SIGKILL` at once.
    public func stopPrimary(kill: Bool = false) {
        client = nil
        guard let primary else { return }
        self.primary = nil
        if !primary.hasExited && !kill { primary.signal(SIGTERM) }
        _ = primary.wait(deadline: kill ? .zero : .seconds(2))
        runningPrimary.store(0, ordering: .relaxed)
    }

    // MARK: - Reading a death

    static func observation(_ result: ChildProcess.Result, verdict: DeliveryVerdict, log: String? = nil) -> Observation {
        let output = log.flatMap { try? FuzzFiles.read($0) } ?? result.standardError
        let detail = CrashReplay.lastErrorLine(output)
        switch result.termination {
        case .signalled(let signal):
            return .crashed(signal: signal, detail: detail)
        case .timedOut:
            return .hung
        case .exited(let status):
            return documentedStatuses.contains(status) ? .verdict(verdict) : .undocumentedExit(status: status, detail: detail)
        }
    }

    private func tail(_ path: String) -> String {
        CrashReplay.lastErrorLine((try? FuzzFiles.read(path)) ?? [])
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Starts the app, or says why it could not be.
    private func start(_ arguments: [[UInt8]], environment: [String], output: ChildProcess.Output = .capture) throws(AppLaunchError) -> ChildProcess.Running {
        do throws(SystemError) {
            return try ChildProcess.start(arguments, environment: environment, output: output)
        } catch {
            throw AppLaunchError(program: executable, reason: error.reason)
        }
    }

}
