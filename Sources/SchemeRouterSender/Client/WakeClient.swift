internal import SchemeRouterPlatform
internal import Glibc
internal import SchemeRouter
public import SchemeRouterLifecycle

/// A connection to an app's running primary, for sending it URLs and lifecycle commands:
/// what `schemectl open`, `schemectl lifecycle` and other apps use.
///
/// ```swift
/// guard let client = try WakeClient.connect(to: "com.acme.todolist") else {
///     // Not running: launch the app with the URL (see VerdictPipe to learn its verdict).
/// }
/// let verdict = client.open("todolist://?Buy%20milk")
/// exit(verdict.exitStatus.rawValue)
/// ```
///
/// The client finds `<runtime directory>/<bundle name>.sock` (see ``RuntimeDirectory``),
/// refuses a socket served by another user (`SO_PEERCRED`), and waits on events, never by
/// polling: when the app is starting (its lock is held but its socket is not there yet) it
/// waits for the socket to appear. Requests on one client are answered in order; a client is
/// meant for one thread.
public final class WakeClient {
    /// The app's bundle name.
    public let bundleName: String
    /// The socket the client is connected to.
    public let socketPath: String
    private var connection: ClientConnection
    private let replyTimeout: Duration
    private let receiptTimeout: Duration
    private let connectTimeout: Duration
    private let busyRetry: Duration
    private var lastRequest: UInt32 = 0
    /// Set once the connection can carry no more requests, with the verdict every later
    /// request gets.
    private var broken: DeliveryVerdict?

    private init(
        bundleName: String, connection: ClientConnection, replyTimeout: Duration, busyRetry: Duration, settings: RuntimeSettings
    ) {
        self.bundleName = bundleName
        self.socketPath = connection.path
        self.connection = connection
        self.replyTimeout = replyTimeout
        self.receiptTimeout = settings.receiptTimeout
        self.connectTimeout = settings.connectTimeout
        self.busyRetry = busyRetry
    }

    /// Connects to the running primary of `bundleName`.
    /// - Parameters:
    ///   - bundleName: The app's bundle name, e.g. `com.acme.todolist`.
    ///   - connectTimeout: How long to wait for a starting primary's socket; by default
    ///     `SCHEMEROUTER_CONNECT_TIMEOUT_MS` or 5 s.
    ///   - replyTimeout: How long each request waits for its answer; by default
    ///     `SCHEMEROUTER_REPLY_TIMEOUT_MS` or the launch deadline plus 25 s.
    ///   - busyRetry: How long to keep trying when the primary answers `busy`, with growing
    ///     pauses, before a request's verdict is `DeliveryVerdict/busy(_:)`; by default
    ///     `SCHEMEROUTER_BUSY_RETRY_MS` or 2 s.
    ///   - flatpakApp: The app's Flatpak app id when it is installed as a Flatpak (its exported
    ///     desktop file's `X-Flatpak` key): its primary listens in `$XDG_RUNTIME_DIR/app/<id>/`
    ///     (``RuntimeDirectory/prepare(flatpakApp:)``), whether it runs in the sandbox or not.
    ///     Without it the client looks where the app's own invocation would elect: in
    ///     `$XDG_RUNTIME_DIR/app/<bundle name>/` when that directory exists, else in ``RuntimeDirectory``.
    /// - Returns: The client, or `nil` when no primary is running.
    /// - Throws: ``RuntimeError``: the runtime directory is unsafe, the socket path too long,
    ///   the socket served by another user, the bundle name or app id invalid, or the wait timed out.
    public static func connect(
        to bundleName: String, connectTimeout: Duration? = nil, replyTimeout: Duration? = nil, busyRetry: Duration? = nil,
        flatpakApp: String? = nil
    ) throws(RuntimeError) -> WakeClient? {
        let settings = try RuntimeSettings.fromEnvironment()
        let directory: RuntimeDirectory
        if let flatpakApp {
            guard let shared = try RuntimeDirectory.prepare(flatpakApp: flatpakApp) else { return nil }
            directory = shared
        } else {
            // Where the app's own invocation elects: its Flatpak's directory when that exists.
            directory = try RuntimeDirectory.prepare(forApp: bundleName, environment: Sys.environment)
        }
        let files = try directory.files(for: bundleName)
        switch try Election.run(files, mayBecomePrimary: false, timeout: connectTimeout ?? settings.connectTimeout) {
        case .sender(let connection):
            return WakeClient(
                bundleName: bundleName, connection: connection, replyTimeout: replyTimeout ?? settings.replyTimeout,
                busyRetry: busyRetry ?? settings.busyRetry, settings: settings)
        case .notRunning:
            return nil
        case .primary:
            preconditionFailure("Election made a client the primary")
        }
    }

    /// The primary's process id, as the kernel reported it when the client connected; `nil` when
    /// the primary runs in another PID namespace (inside a Flatpak sandbox, seen from another
    /// sandbox; or on the host, seen from inside one), where the kernel gives no pid.
    public var primaryProcessID: Int32? { connection.serverPID }

    /// The primary's executable when it was replaced on disk after the primary started (a
    /// rebuild or a package upgrade: `/proc/<pid>/exe` ends in ` (deleted)`), else `nil`. The
    /// primary keeps running the old code until it is restarted (`app --quit`, then `app`).
    public var replacedPrimaryExecutable: String? {
        connection.serverPID.flatMap { PeerCredentials(pid: $0, uid: 0).executable }.flatMap(UpgradeCheck.replaced)
    }

    /// Wraps a connection the single-instance check made.
    package static func adopting(_ connection: ClientConnection, bundleName: String, settings: RuntimeSettings) -> WakeClient {
        WakeClient(
            bundleName: bundleName, connection: connection, replyTimeout: settings.replyTimeout, busyRetry: settings.busyRetry,
            settings: settings)
    }

    /// Sends a URL and waits for its verdict.
    /// - Parameters:
    ///   - url: The URL's exact bytes (for example a raw `argv` element); they are not repaired,
    ///     so a rejection's offset points at the true byte.
    ///   - sourceApplication: A name to claim as the sender (`open` sees it with
    ///     `isClaimed == true`); the primary learns the pid and uid from the kernel regardless.
    ///   - annotation: Free-form data for `open`'s options.
    ///   - activationToken: The desktop's activation token for the window the URL presents
    ///     (``ActivationToken/take()`` reads and clears the sender's own).
    ///   - requestID: The request's id (``RequestID``), to be given again when the caller sends
    ///     the same URL again after a failure: the primary answers a repeated id with the first
    ///     verdict instead of delivering twice. By default a fresh random id.
    /// - Returns: The verdict; never `DeliveryVerdict/handled` unless `open` returned `true`.
    public func open(
        url: some Collection<UInt8>, sourceApplication: String? = nil, annotation: String? = nil,
        activationToken: String? = nil, requestID: String? = nil
    ) -> DeliveryVerdict {
        if let broken { return broken }
        lastRequest &+= 1
        let request = OpenRequest(
            request: lastRequest, url: Array(url), sourceApplication: sourceApplication, annotation: annotation,
            activationToken: ActivationToken.bounded(activationToken, from: "the activation token"),
            requestID: requestID ?? RequestID.random())
        guard let frame = request.frame(version: WakeProtocol.version) else {
            return .rejected(
                code: "too-long", offset: WakeProtocol.maximumPayloadLength,
                message: "the URL and its annotation do not fit in one \(WakeProtocol.maximumPayloadLength)-byte frame")
        }
        switch exchange(frame, request: lastRequest, expecting: .verdict) {
        case .success(let payload):
            do throws(WireError) {
                return try VerdictMessage(payload: payload).verdict
            } catch {
                return breaking(.protocolError(error.description))
            }
        case .failure(let verdict):
            return verdict
        }
    }

    /// Sends a URL given as text (its UTF-8 bytes).
    public func open(
        _ url: String, sourceApplication: String? = nil, annotation: String? = nil, activationToken: String? = nil,
        requestID: String? = nil
    ) -> DeliveryVerdict {
        open(
            url: Array(url.utf8), sourceApplication: sourceApplication, annotation: annotation,
            activationToken: activationToken, requestID: requestID)
    }

    /// Sends a lifecycle command.
    /// - Parameters:
    ///   - command: What to do.
    ///   - activationToken: The desktop's activation token, for the window `activate` presents.
    /// - Returns: The reply: whether the command was refused, and the app's state after it.
    /// - Throws: ``RuntimeError`` when no reply came (the verdict-like reason is in the message).
    public func control(_ command: ControlCommand, activationToken: String? = nil) throws(RuntimeError) -> ControlReplyMessage {
        if let broken { throw .protocolViolation("the connection is closed: \(broken)") }
        lastRequest &+= 1
        let request = ControlRequest(
            request: lastRequest, command: command,
            activationToken: ActivationToken.bounded(activationToken, from: "the activation token"))
        switch exchange(request.frame(version: WakeProtocol.version), request: lastRequest, expecting: .controlReply) {
        case .success(let payload):
            do throws(WireError) {
                return try ControlReplyMessage(payload: payload)
            } catch {
                _ = breaking(.protocolError(error.description))
                throw .protocolViolation(error.description)
            }
        case .failure(let verdict):
            switch verdict {
            case .noAnswer(let reason): throw .timedOut(reason)
            case .unresponsive(let reason): throw .unresponsive(reason)
            case .busy(let reason): throw .busy(reason)
            case .launchFailed, .terminated: throw .noPrimary(bundleName)
            case .hookTimedOut(let reason): throw .hookTimedOut(reason)
            default: throw .protocolViolation(verdict.description)
            }
        }
    }

    /// The outcome of one request/answer exchange.
    private enum Exchange {
        case success([UInt8])
        case failure(DeliveryVerdict)
    }

    /// Sends `frame` and waits for the answer of type `expected` to `request`, sending it again
    /// (a bounded number of times) while it provably never reached the primary's loop, and
    /// (with growing pauses, for at most the busy retry time) while the primary answers `busy`.
    private func exchange(_ frame: Frame, request: UInt32, expecting expected: FrameType) -> Exchange {
        var attempt = 1
        var backoff: BusyBackoff?
        while true {
            switch exchangeOnce(frame, request: request, expecting: expected) {
            case .answered(let exchange):
                return exchange
            case .busy(let message):
                // The primary read nothing on the connection: the same frame may go again.
                var current = backoff ?? BusyBackoff(budget: busyRetry, start: Sys.monotonicNow())
                guard let pause = current.nextPause(hint: message.retryAfter, now: Sys.monotonicNow(), jitter: .random(in: 0.5...1))
                else {
                    return .failure(breaking(.busy(
                        "\(bundleName)'s primary is busy (\(message.cause)\(message.message.map { ": " + $0 } ?? "")) and "
                            + "shed the request on \(current.tries + 1) tries within \(busyRetry) (SCHEMEROUTER_BUSY_RETRY_MS); "
                            + "it was not delivered and will not be")))
                }
                backoff = current
                Sys.pause(pause)
                guard reconnect() else { return .failure(breaking(.terminated)) }
            case .sendAgain(let reason):
                // Nothing of the request was carried out: the same frame (the same request id)
                // goes again on a new connection, or, with no primary left, `terminated`
                // (an `app URL` invocation then launches a new primary).
                guard attempt < Self.maximumAttempts, reconnect() else {
                    return .failure(breaking(attempt < Self.maximumAttempts ? .terminated : .noAnswer(reason)))
                }
                attempt += 1
            }
        }
    }

    /// How many times a request that never reached the primary's loop is sent.
    package static let maximumAttempts = 8

    /// What one attempt found.
    private enum Attempt {
        case answered(Exchange)
        /// The primary provably did not take the request (no receipt before the connection
        /// ended or the request could not be sent): sending it again cannot deliver it twice.
        case sendAgain(String)
        /// The primary shed the connection without reading from it (``BusyMessage``).
        case busy(BusyMessage)
    }

    /// Connects again to the same socket, for another attempt.
    private func reconnect() -> Bool {
        guard case .connected(let fresh) = try? ClientConnection.connect(connection.files, timeout: connectTimeout) else { return false }
        connection = fresh
        broken = nil
        return true
    }

    private func exchangeOnce(_ frame: Frame, request: UInt32, expecting expected: FrameType) -> Attempt {
        do throws(SystemError) {
            try connection.send(frame)
        } catch {
            if error.errno == EPIPE || error.errno == ECONNRESET {
                // Shed before the request was written: the busy frame may already be here.
                if let busy = connection.pendingBusy() { return .busy(busy) }
                return .sendAgain("the primary closed the connection before the request was sent")
            }
            return .answered(.failure(breaking(.launchFailed(error.description))))
        }
        let start = Sys.monotonicNow()
        let deadline = start + replyTimeout
        // A version-2 request is acknowledged by the primary's loop at once; until then the
        // shorter receipt deadline applies.
        var taken = !frame.asksForReceipt
        var receiptDeadline = start + receiptTimeout
        // Whether the wait was lengthened because the primary was in a hook (for the message).
        var waitedForHooks = false
        while true {
            let until = taken ? deadline : min(deadline, receiptDeadline)
            switch connection.receive(until: until) {
            case .frame(let answer):
                if answer.type == .receipt {
                    if (try? ReceiptMessage(payload: answer.payload))?.request == request { taken = true }
                    continue
                }
                if answer.type == .busy {
                    // A primary sends it only on a connection it read nothing from.
                    guard !taken, let busy = try? BusyMessage(payload: answer.payload) else {
                        return .answered(.failure(breaking(.protocolError("a busy frame after the request was taken"))))
                    }
                    return .busy(busy)
                }
                if answer.type == .error {
                    let message: ErrorMessage
                    do throws(WireError) {
                        message = try ErrorMessage(payload: answer.payload)
                    } catch {
                        return .answered(.failure(breaking(.protocolError(error.description))))
                    }
                    if message.code == .unsupportedVersion && frame.asksForReceipt {
                        return .answered(.failure(breaking(.protocolError(
                            "\(bundleName)'s primary speaks an older wake protocol (\(message.message)); restart it with the new version"))))
                    }
                    return .answered(.failure(breaking(Self.verdict(for: message))))
                }
                guard answer.type == expected, Self.requestNumber(answer.payload) == request else {
                    // An answer to an earlier request that timed out on this side: skip it.
                    if Self.requestNumber(answer.payload) != nil { continue }
                    return .answered(.failure(breaking(.protocolError("unexpected \(answer.type) frame"))))
                }
                return .answered(.success(answer.payload))
            case .endOfStream:
                if !taken { return .sendAgain("the primary closed the connection before it read the request") }
                return .answered(.failure(breaking(.launchFailed(
                    "the primary closed the connection before answering (it exited, crashed or was killed)"))))
            case .timedOut:
                if !taken, let busyUntil = BusyMarker.busyUntil(connection.files), Sys.monotonicNow() < deadline,
                    busyUntil > Sys.monotonicNow() - receiptTimeout, busyUntil + receiptTimeout > receiptDeadline
                {
                    // Busy in a hook: the hook's deadline applies (the watchdog ends the app
                    // if it overruns), then the receipt timeout again.
                    receiptDeadline = busyUntil > deadline ? deadline : busyUntil + receiptTimeout
                    waitedForHooks = true
                    continue
                }
                if !taken {
                    // Shutting the socket down makes any later receipt fail, so the primary
                    // drops the request; a receipt that arrived just before means it took it.
                    if connection.giveUp(request: request) {
                        return .sendAgain("the primary took the request as the sender gave up")
                    }
                    return .answered(.failure(breaking(.unresponsive(Self.unreadReason(
                        bundleName, waited: Sys.monotonicNow() - start, receiptTimeout: receiptTimeout,
                        inHooks: waitedForHooks)))))
                }
                // Given up: a queued URL whose sender is gone is not opened.
                _ = connection.giveUp(request: request)
                return .answered(.failure(breaking(.noAnswer("no answer from \(bundleName) within \(replyTimeout)"))))
            case .invalid(let error):
                return .answered(.failure(breaking(.protocolError(error.description))))
            case .failed(let error):
                return .answered(.failure(breaking(.launchFailed(error.description))))
            }
        }
    }

    /// Why a request the primary never read was given up (exit 13): it was stopped or not running
    /// its loop, or it kept running hooks for other requests until the reply timeout.
    static func unreadReason(_ bundleName: String, waited: Duration, receiptTimeout: Duration, inHooks: Bool) -> String {
        let cause =
            inHooks
            ? "was running hooks for other requests and had not read the request after \(waited) (the reply timeout, "
                + "SCHEMEROUTER_REPLY_TIMEOUT_MS)"
            : "did not read the request within \(receiptTimeout) (it is stopped or not running its loop)"
        return "\(bundleName)'s primary \(cause); it was not delivered and will not be"
    }

    /// The request number (field 1) of an answer, if it has a valid one.
    private static func requestNumber(_ payload: [UInt8]) -> UInt32? {
        guard let fields = try? FieldList(decoding: payload, known: 0...255) else { return nil }
        return try? fields.optionalUInt32(1, "request")
    }

    /// Marks the connection unusable.
    private func breaking(_ verdict: DeliveryVerdict) -> DeliveryVerdict {
        broken = verdict
        return verdict
    }

    /// What an `error` frame means for the request that was waiting.
    package static func verdict(for message: ErrorMessage) -> DeliveryVerdict {
        switch message.code {
        case .launchTimedOut: .launchTimedOut
        case .terminated: .terminated
        case .hookTimedOut: .hookTimedOut(message.message)
        case .busy, .idleTimeout: .noAnswer("\(message.code): \(message.message)")
        default: .protocolError("\(message.code): \(message.message)")
        }
    }
}
