public import SchemeRouter
public import SchemeRouterLifecycle

/// A `SchemeRouterLifecycle/SceneDelegate` that records every hook call into the log it shares
/// with its ``RecordingSceneApp`` (``HookLog``), so the order across the app and its scenes can be
/// asserted.
///
/// Its answers are settable: ``targetContentIdentifiers``, ``restorationIdentifier``,
/// ``openResult``, ``willConnectError``, ``stateToEncode``, ``decodeError``.
@MainActor
public final class RecordingSceneDelegate<Request: AppRequest>: SceneDelegate {
    /// The session this delegate was made for.
    public let session: SceneSession
    /// The log this delegate writes to.
    public let log: HookLog
    /// The content this scene shows; empty by default.
    public var targetContentIdentifiers: Set<String> = []
    /// Set to preserve the scene; `nil` by default.
    public var restorationIdentifier: String?
    /// Decides what ``openURLContexts(_:)`` returns or throws; returns `true` by default.
    public var openResult: @MainActor (SceneURLContext<Request>) throws -> Bool = { _ in true }
    /// Thrown by ``willConnect(to:options:)`` when set.
    public var willConnectError: (any Error)?
    /// What ``encodeRestorableState(_:)`` writes.
    public var stateToEncode = RestorationCoder()
    /// Thrown by ``decodeRestorableState(_:)`` when set.
    public var decodeError: (any Error)?
    /// The options ``willConnect(to:options:)`` received.
    public private(set) var connectionOptions: SceneConnectionOptions<Request>?
    /// The requests ``openURLContexts(_:)`` received, in call order.
    public private(set) var receivedRequests: [Request] = []
    /// The state ``decodeRestorableState(_:)`` received.
    public private(set) var decodedState: RestorationCoder?

    /// Creates a delegate for `session` that records into `log`.
    public init(session: SceneSession, log: HookLog) {
        self.session = session
        self.log = log
    }

    private var id: String { session.persistentIdentifier }

    /// Records the call and the options; throws ``willConnectError``.
    public func willConnect(to session: SceneSession, options: SceneConnectionOptions<Request>) throws {
        connectionOptions = options
        log.record(.willConnect(id, urls: options.urlContexts.map(\.url.text), restoring: options.isRestoring))
        if let willConnectError { throw willConnectError }
    }
    /// Records the call.
    public func didDisconnect() { log.record(.didDisconnect(id)) }
    /// Records the call.
    public func didBecomeActive() { log.record(.sceneDidBecomeActive(id)) }
    /// Records the call.
    public func willResignActive() { log.record(.sceneWillResignActive(id)) }
    /// Records the call.
    public func willEnterForeground() { log.record(.sceneWillEnterForeground(id)) }
    /// Records the call.
    public func didEnterBackground() { log.record(.sceneDidEnterBackground(id)) }
    /// Records the call and the request; returns or throws what ``openResult`` does.
    public func openURLContexts(_ context: SceneURLContext<Request>) throws -> Bool {
        receivedRequests.append(context.request)
        log.record(.openURLContexts(id, url: context.url.text))
        return try openResult(context)
    }
    /// Records the call; writes ``stateToEncode``.
    public func encodeRestorableState(_ coder: inout RestorationCoder) {
        log.record(.encodeRestorableState(id))
        for (key, value) in stateToEncode.values { coder.encode(value, forKey: key) }
    }
    /// Records the call and the state; throws ``decodeError``.
    public func decodeRestorableState(_ coder: RestorationCoder) throws {
        log.record(.decodeRestorableState(id))
        decodedState = coder
        if let decodeError { throw decodeError }
    }
}
