internal import SchemeRouter

/// One scene the controller knows: its session, its hooks and where it is in its life cycle.
///
/// An app without scenes has exactly one, implicit: its hooks are the app delegate's own
/// (``ImplicitSceneHooks``), it has no session the app can see, and its state is the app's.
@MainActor
final class Scene {
    /// The session; its user info is the app's.
    var session: SceneSession
    /// The scene delegate's hooks, or the app delegate's for the implicit scene.
    let hooks: any SceneHooks
    /// The scene's state.
    var state: SceneState = .unattached
    /// `true` from `willConnect` until `didDisconnect`.
    var isConnected = false
    /// When it last became active (the controller's activation counter); 0 = never.
    var lastActivation: UInt64 = 0

    init(session: SceneSession, hooks: any SceneHooks) {
        self.session = session
        self.hooks = hooks
    }

    /// The implicit scene of an app without scenes.
    var isImplicit: Bool { hooks.isImplicit }

    /// The session named in hook records and announcements: `nil` for the implicit scene.
    var recordedSession: String? { isImplicit ? nil : session.persistentIdentifier }
}

/// A URL for a scene, already routed to the app's request, with what came with it: a
/// ``SceneURLContext`` with the request type erased.
struct URLContext {
    /// The URL and the request read from it.
    var routed: RoutedURL
    /// Who sent it, and what they attached (with ``OpenOptions/url`` set).
    var options: OpenOptions

    init(_ routed: RoutedURL, options: OpenOptions) {
        self.routed = routed
        var options = options
        options.url = routed.url
        self.options = options
    }
}

/// Why a scene connects, with the request type erased: a ``SceneConnectionOptions``.
struct ConnectionContext {
    var urlContexts: [URLContext] = []
    var isRestoring = false
    var activationToken: String?
}

/// The hooks of one scene with the app's request type erased: the controller's view of a scene
/// delegate (``TypedSceneHooks``) or, for the implicit scene, of the app delegate.
@MainActor
protocol SceneHooks: AnyObject {
    /// `true` for the app delegate's implicit scene.
    var isImplicit: Bool { get }
    /// The scene delegate; `nil` for the implicit scene.
    var sceneDelegate: (any SceneDelegate)? { get }
    var targetContentIdentifiers: Set<String> { get }
    var restorationIdentifier: String? { get }
    func willConnect(to session: SceneSession, options: ConnectionContext) throws
    func didDisconnect()
    func didBecomeActive()
    func willResignActive()
    func willEnterForeground()
    func didEnterBackground()
    /// `openURLContexts`, or the app delegate's `open` for the implicit scene.
    func open(_ context: URLContext) throws -> Bool
    func encodeRestorableState(_ coder: inout RestorationCoder)
    func decodeRestorableState(_ coder: RestorationCoder) throws
}

/// A scene delegate's hooks, its typed request restored from the router's (which was made for the
/// same type).
@MainActor
final class TypedSceneHooks<Request: AppRequest>: SceneHooks {
    let delegate: any SceneDelegate<Request>

    init(_ delegate: any SceneDelegate<Request>) {
        self.delegate = delegate
    }

    var isImplicit: Bool { false }
    var sceneDelegate: (any SceneDelegate)? { delegate }
    var targetContentIdentifiers: Set<String> { delegate.targetContentIdentifiers }
    var restorationIdentifier: String? { delegate.restorationIdentifier }

    func willConnect(to session: SceneSession, options: ConnectionContext) throws {
        try delegate.willConnect(to: session, options: Self.typed(options))
    }
    func didDisconnect() { delegate.didDisconnect() }
    func didBecomeActive() { delegate.didBecomeActive() }
    func willResignActive() { delegate.willResignActive() }
    func willEnterForeground() { delegate.willEnterForeground() }
    func didEnterBackground() { delegate.didEnterBackground() }
    func open(_ context: URLContext) throws -> Bool { try delegate.openURLContexts(Self.typed(context)) }
    func encodeRestorableState(_ coder: inout RestorationCoder) { delegate.encodeRestorableState(&coder) }
    func decodeRestorableState(_ coder: RestorationCoder) throws { try delegate.decodeRestorableState(coder) }

    /// The context as the scene delegate reads it.
    static func typed(_ context: URLContext) -> SceneURLContext<Request> {
        // The router was made for the app delegate's Request, which its scene delegates share.
        SceneURLContext(
            url: context.routed.url, routeName: context.routed.routeName, request: context.routed.request as! Request,
            options: context.options)
    }

    /// The options as the scene delegate reads them.
    static func typed(_ options: ConnectionContext) -> SceneConnectionOptions<Request> {
        SceneConnectionOptions(
            urlContexts: options.urlContexts.map(typed), isRestoring: options.isRestoring,
            activationToken: options.activationToken)
    }
}

/// The implicit scene of an app without scenes: its transitions are the app delegate's hooks and
/// its URLs go to the app delegate's `open`; connecting, disconnecting and preservation are silent.
@MainActor
final class ImplicitSceneHooks<Delegate: ApplicationDelegate>: SceneHooks {
    let delegate: Delegate

    init(_ delegate: Delegate) {
        self.delegate = delegate
    }

    var isImplicit: Bool { true }
    var sceneDelegate: (any SceneDelegate)? { nil }
    var targetContentIdentifiers: Set<String> { [] }
    var restorationIdentifier: String? { nil }

    func willConnect(to session: SceneSession, options: ConnectionContext) throws {}
    func didDisconnect() {}
    func didBecomeActive() { delegate.didBecomeActive() }
    func willResignActive() { delegate.willResignActive() }
    func willEnterForeground() { delegate.willEnterForeground() }
    func didEnterBackground() { delegate.didEnterBackground() }
    func open(_ context: URLContext) throws -> Bool {
        // The router was made for Delegate.Request (checked when the controller was created).
        try delegate.open(context.routed.request as! Delegate.Request, options: context.options)
    }
    func encodeRestorableState(_ coder: inout RestorationCoder) {}
    func decodeRestorableState(_ coder: RestorationCoder) throws {}
}

/// What the controller asks of an app that adopted scenes, with its request type erased.
@MainActor
struct SceneApplicationHooks {
    let makeScene: @MainActor (SceneSession) -> any SceneHooks
    let configuration: @MainActor (SceneSession, ConnectionContext) -> SceneConfiguration
    let target: @MainActor (any AppRequest) -> SceneTarget
    let didDiscard: @MainActor ([SceneSession]) -> Void

    init<Delegate: SceneApplicationDelegate>(_ delegate: Delegate) {
        makeScene = { session in TypedSceneHooks(delegate.makeSceneDelegate(for: session)) }
        configuration = { session, options in
            delegate.configurationForConnecting(session, options: TypedSceneHooks<Delegate.Request>.typed(options))
        }
        // The router was made for Delegate.Request (checked when the controller was created).
        target = { request in delegate.sceneTarget(for: request as! Delegate.Request) }
        didDiscard = { sessions in delegate.didDiscardSceneSessions(sessions) }
    }
}
