/// The pure state machine of a scene-based app (UIKit's scene life cycle): events in, app- and
/// scene-delegate hooks out. With the GTK integration one scene is one top-level window.
///
/// Scene support is opt-in: an app whose delegate adopts ``SceneApplicationDelegate`` is driven
/// by this controller; every other app keeps ``LifecycleController`` and its app-delegate events.
/// Here the app delegate receives only the launch hooks, ``ApplicationDelegate/willTerminate()``,
/// ``SceneApplicationDelegate/configurationForConnecting(_:options:)``,
/// ``SceneApplicationDelegate/didDiscardSceneSessions(_:)`` and the system-event hooks
/// (``post(_:)``); every other transition goes to the scene it concerns.
///
/// | event | legal when | hooks, in order | scene state after |
/// |---|---|---|---|
/// | ``launch(options:delivery:queued:)`` | app `notRunning` | `willFinishLaunching`, restoration (restored scenes: `willConnect`), `didFinishLaunching`, then the first scene: `configurationForConnecting`, `willConnect` (launch URL in its options, only if both launch hooks returned `true`), `willEnterForeground` for every connected scene, `didBecomeActive` for the last one, then the queued URLs | `foregroundActive` / `foregroundInactive` |
/// | ``receive(_:options:delivery:)`` | app running | see ``SceneTarget``: an existing scene gets `willEnterForeground` (when not in the foreground), `openURLContexts`, the active scene's `willResignActive`, `didBecomeActive`; a new scene `configurationForConnecting`, `willConnect` with the URL, `willEnterForeground`, the active scene's `willResignActive`, `didBecomeActive` | `foregroundActive` |
/// | ``activateApp(activationToken:)`` | app running | the scene activated most recently comes forward as an existing scene for a URL does, without `openURLContexts`; with none connected, a new scene connects as for a URL, without one | `foregroundActive` |
/// | ``activate(_:)`` | scene `foregroundInactive` | the active scene's `willResignActive`, `didBecomeActive` | `foregroundActive` |
/// | ``resignActive(_:)`` | scene `foregroundActive` | `willResignActive` | `foregroundInactive` |
/// | ``enterBackground(_:)`` | scene `foregroundInactive` | `didEnterBackground` | `background` |
/// | ``enterForeground(_:)`` | scene `background`, `suspended` | `willEnterForeground` | `foregroundInactive` |
/// | ``disconnect(_:)`` | scene `background`, `suspended` | `didDisconnect` (session kept) | `unattached` |
/// | ``close(_:)`` | any known session | as needed `willResignActive`, `didEnterBackground`, `didDisconnect`; then `didDiscardSceneSessions` | forgotten |
/// | ``tick()`` | any | none; background scenes are suspended once the app has been in the background for ``LifecycleConfiguration/backgroundDeadline`` | `suspended` |
/// | ``post(_:)`` | app running | the app delegate's system-event hook while a scene is in the foreground; else queued, and delivered before the next `willEnterForeground` | unchanged |
/// | ``terminate(discardingState:)`` | app running | `didDisconnect` for each connected scene, `willTerminate` (none when the app is `suspended`) | `unattached` |
///
/// The app's state is derived from its scenes (``appState``): `inactive` while launching;
/// then `active` when a scene is `foregroundActive`, else `inactive` when one is
/// `foregroundInactive`, else `suspended` after ``tick()`` suspended it, else `background`.
/// Any other event throws a ``SceneError`` and changes nothing.
@MainActor
public final class SceneController {
    /// The app delegate. Held strongly for the life of the process.
    public let delegate: any SceneApplicationDelegate
    /// Routes URLs and reads them as the delegate's request type.
    public let router: AppRouter
    /// Asks the delegate for a request's scene (the request is of the delegate's type).
    let targetOf: @MainActor (any AppRequest) -> SceneTarget
    /// The clock the deadlines are measured with.
    public let clock: any LifecycleClock
    /// The deadlines (the launch deadline and the background deadline are used).
    public let configuration: LifecycleConfiguration
    /// Called after every hook returns (or throws); the runtime turns these into its trace.
    public var hookObserver: (@MainActor (SceneHookRecord) -> Void)?
    /// State preservation and restoration; `nil` (the default) preserves and restores nothing.
    /// Set it before ``launch(options:delivery:queued:)``.
    public var statePreservation: StatePreservation?

    /// Where the app is in its life.
    enum Phase { case notRunning, launching, running }

    var phase = Phase.notRunning
    /// Set by ``tick()`` once the background deadline passed; cleared when a scene comes back.
    var isSuspended = false
    /// Clock time at which the app entered the background; set while it is there.
    var enteredBackground: Duration?
    /// Every known scene (connected or not), in creation order.
    var scenes: [Scene] = []
    /// The number of the last session created.
    var lastSessionNumber: UInt64 = 0
    /// Counts activations, for the URL-to-scene rule.
    var lastActivation: UInt64 = 0
    /// The event being handled, if any; guards against reentrant events.
    var currentEvent: SceneEvent?
    /// Numbers for the deliveries the caller did not number.
    var deliveryNumbering = DeliveryNumbering()
    /// System events that arrived while every scene was away.
    var queuedSystemEvents = SystemEventQueue()

    /// Creates a controller for an app that is `notRunning`.
    /// - Parameters:
    ///   - delegate: The app delegate, which supplies the scene delegates.
    ///   - declaration: The app's compiled manifest: URLs are routed with it and read as the
    ///     delegate's ``ApplicationDelegate/Request``.
    ///   - clock: The monotonic clock for the deadlines.
    ///   - configuration: The deadlines; iOS's by default.
    /// - Throws: ``RequestTypeMismatch`` when the request type does not name exactly the
    ///   manifest's routes.
    public init<Delegate: SceneApplicationDelegate>(
        delegate: Delegate,
        declaration: SchemeDeclaration,
        clock: any LifecycleClock,
        configuration: LifecycleConfiguration = LifecycleConfiguration()
    ) throws(RequestTypeMismatch) {
        self.router = try AppRouter(declaration, requestType: Delegate.Request.self)
        self.delegate = delegate
        // The router reads Delegate.Request (checked above), so the cast holds.
        self.targetOf = { request in delegate.sceneTarget(for: request as! Delegate.Request) }
        self.clock = clock
        self.configuration = configuration
    }

    /// `delivery`, or the controller's next own number when the caller gave none.
    func numbered(_ delivery: DeliveryID?) -> DeliveryID {
        deliveryNumbering.number(delivery)
    }

    /// The app's state, derived from its scenes.
    public var appState: AppState {
        switch phase {
        case .notRunning: return .notRunning
        case .launching: return .inactive
        case .running:
            if scenes.contains(where: { $0.state == .foregroundActive }) { return .active }
            if scenes.contains(where: { $0.state == .foregroundInactive }) { return .inactive }
            return isSuspended ? .suspended : .background
        }
    }

    /// Every session the app has, connected or not, in creation order.
    public var sessions: [SceneSession] { scenes.map(\.session) }

    /// The sessions of the connected scenes, in creation order.
    public var connectedSessions: [SceneSession] { scenes.filter(\.isConnected).map(\.session) }

    /// The state of the scene with this session, or `nil` for an unknown session.
    public func state(of session: String) -> SceneState? {
        scene(session)?.state
    }

    /// The delegate of the scene with this session, or `nil` for an unknown session.
    public func sceneDelegate(of session: String) -> (any SceneDelegate)? {
        scene(session)?.delegate
    }

    /// Replaces the app's own data about a scene (it is preserved with the scene).
    /// - Throws: ``SceneError/unknownSession(event:session:)``.
    public func setUserInfo(_ userInfo: [String: String], of session: String) throws(SceneError) {
        guard let scene = scene(session) else { throw .unknownSession(event: .setUserInfo, session: session) }
        scene.session.userInfo = userInfo
    }

    func scene(_ session: String) -> Scene? {
        scenes.first { $0.session.persistentIdentifier == session }
    }

    /// Runs `body` as the handling of `event`, refusing it when another event is in progress, and
    /// settles the app's derived state afterwards.
    func handling<Result>(
        _ event: SceneEvent,
        _ body: () throws(SceneError) -> Result
    ) throws(SceneError) -> Result {
        if let during = currentEvent {
            throw .reentrantEvent(event: event, during: during)
        }
        currentEvent = event
        defer { currentEvent = nil }
        let before = appState
        let result = try body()
        settle(from: before)
        return result
    }

    /// Starts or stops the background clock when the derived app state crossed the foreground line.
    func settle(from before: AppState) {
        let after = appState
        let wasForeground = before == .active || before == .inactive
        let isForeground = after == .active || after == .inactive
        if isForeground {
            enteredBackground = nil
            isSuspended = false
        } else if wasForeground && after == .background {
            enteredBackground = clock.now
            appDidEnterBackground()
        }
    }

    /// Calls one hook of the app delegate and tells the observer.
    func callApp<Result>(_ hook: SceneHook, session: String? = nil, _ body: () throws -> Result) rethrows -> Result {
        defer { hookObserver?(SceneHookRecord(hook: hook, session: session, appState: appState)) }
        return try body()
    }

    /// Calls one hook of `scene`'s delegate with its state set to `during` (`will…` hooks see the
    /// state before the change, `did…` hooks the state after it), then sets it to `after` and
    /// tells the observer, also when the hook throws.
    func call<Result>(
        _ hook: SceneHook,
        _ scene: Scene,
        during: SceneState? = nil,
        after: SceneState,
        url: SchemeURL? = nil,
        delivery: DeliveryID? = nil,
        _ body: () throws -> Result
    ) rethrows -> Result {
        // The app runs code again: what changed while it was away comes first.
        if hook == .willEnterForeground, appState == .background || appState == .suspended { deliverQueuedSystemEvents() }
        if let during { scene.state = during }
        defer {
            scene.state = after
            hookObserver?(
                SceneHookRecord(
                    hook: hook, session: scene.session.persistentIdentifier, sceneState: after,
                    appState: appState, url: url?.text, delivery: delivery))
        }
        return try body()
    }
}
