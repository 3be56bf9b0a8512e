public import SchemeRouter

/// The pure state machine of UIKit's app and scene life cycle: events in, delegate hooks out.
/// One controller drives every app.
///
/// The runtime feeds it events on the main actor, one at a time, in arrival order; the
/// controller calls the delegates' hooks in UIKit's order, reads the injected ``LifecycleClock``
/// to enforce its deadlines, and reports a ``DeliveryVerdict`` for every URL. It does no I/O and
/// never sleeps, so every rule is testable with a manual clock.
///
/// **Scenes.** An app whose delegate adopts ``SceneApplicationDelegate`` has one scene per
/// window, each with its own ``SceneDelegate`` and ``SceneState``; the app delegate receives the
/// launch hooks, `willTerminate`, actions and system events, and everything else goes to the scene
/// it concerns. Any other app has one implicit scene whose transitions are the app delegate's own
/// hooks (`didBecomeActive`, `willResignActive`, `didEnterBackground`, `willEnterForeground`) and
/// whose URLs go to its `open`, as UIKit runs an app that does not adopt scenes. Either way the
/// app's ``state`` is derived from its scenes: `active` when one is `foregroundActive`, else
/// `inactive` when one is `foregroundInactive`, else `suspended` or `background`.
///
/// | event | legal when | hooks, in order |
/// |---|---|---|
/// | ``launch(options:delivery:queued:intoBackground:)`` | `notRunning` | `willFinishLaunching`, state restoration (restored scenes: `willConnect`, `decodeRestorableState`), `didFinishLaunching`; then without scenes `open` (the launch URL, only if both launch hooks returned `true`) and `didBecomeActive`; with scenes the first scene's `configurationForConnecting` and `willConnect` (the launch URL in its options, under the same condition), `willEnterForeground` for every connected scene, `didBecomeActive` for the one to have focus; then the queued URLs |
/// | same, `intoBackground: true` | `notRunning` | the launch hooks, then `didEnterBackground` (each connected scene's, with scenes); the queued URLs wake the app |
/// | ``receive(_:options:delivery:)`` | running | a URL for an app without scenes: `open` while in the foreground (the app stays `inactive` if it is), the wake sequence `willEnterForeground`, `open`, `didBecomeActive` in the background; with scenes see ``SceneTarget``: an existing scene gets `willEnterForeground` (when not in the foreground), `openURLContexts`, the active scene's `willResignActive`, `didBecomeActive`; a new scene `configurationForConnecting`, `willConnect` with the URL, `willEnterForeground`, the active scene's `willResignActive`, `didBecomeActive` |
/// | ``activateApp(activationToken:)`` | running | the app itself comes forward without a URL: the scene activated most recently as for a URL without `openURLContexts` (a new scene when none is connected); without scenes `willEnterForeground` and `didBecomeActive` from the background, `didBecomeActive` from `inactive` |
/// | ``perform(_:)`` | running | `performAction` |
/// | ``becomeActive()`` / ``activate(_:)`` | `inactive` / scene `foregroundInactive` | the active scene's `willResignActive`, `didBecomeActive` |
/// | ``resignActive()`` / ``resignActive(_:)`` | `active` / scene `foregroundActive` | `willResignActive` |
/// | ``enterBackground()`` / ``enterBackground(_:)`` | `inactive` / scene `foregroundInactive` | `didEnterBackground` (with ``LifecycleConfiguration/exitsOnSuspend``, when it is the app's last scene in the foreground: `willTerminate` instead) |
/// | ``enterForeground()`` | `background`, `suspended` (without scenes) | `willEnterForeground`, `didBecomeActive` |
/// | ``enterForeground(_:)`` | scene `background`, `suspended` | `willEnterForeground` |
/// | ``disconnect(_:)`` | scene `background`, `suspended` | `didDisconnect` (session kept) |
/// | ``close(_:)`` | any known session | as needed `willResignActive`, `didEnterBackground`, `didDisconnect`; then `didDiscardSceneSessions` |
/// | ``tick()`` | any | once the background time is up: the expiration handlers of outstanding background tasks; `willTerminate` if a task is still not ended, else every background scene is `suspended` |
/// | ``post(_:)`` | running | the event's hook while the app is in the foreground (or launching); else queued, coalesced, delivered before the next `willEnterForeground` |
/// | ``terminate(discardingState:)`` | running | `didDisconnect` for each connected scene, `willTerminate` (none when `suspended`) |
///
/// Every URL is first routed with ``router`` and read as the delegate's
/// ``ApplicationDelegate/Request``: a URL that matches no route or carries an invalid value gets
/// ``DeliveryVerdict/rejected(code:offset:message:)`` and no hook runs for it.
///
/// Any other event throws a ``LifecycleError`` and changes nothing: an event sent from inside a
/// hook throws ``LifecycleError/reentrantEvent(event:during:)``; only
/// ``beginBackgroundTask(name:expiration:)`` and ``endBackgroundTask(_:)`` may be called from
/// hooks. Before each hook the controller tells ``hookAnnouncer``, after it ``hookObserver``.
@MainActor
public final class LifecycleController {
    /// The app delegate. Held strongly for the life of the process.
    public let delegate: any ApplicationDelegate
    /// Routes URLs and reads them as the delegate's request type.
    public let router: AppRouter
    /// The clock the deadlines are measured with.
    public let clock: any LifecycleClock
    /// The deadlines, and whether the app runs in the background at all.
    public let configuration: LifecycleConfiguration
    /// Told before every hook runs: which hook, of which scene, and whether it runs under the
    /// launch deadline. The runtime's watchdog arms the hook's deadline from it.
    public var hookAnnouncer: (@MainActor (HookCall) -> Void)?
    /// Told after every hook returns (or throws), with the states after it and, for a hook that
    /// received a URL, the URL and its delivery. The runtime turns these into its trace.
    public var hookObserver: (@MainActor (HookRecord) -> Void)?
    /// State preservation and restoration; `nil` (the default) preserves and restores nothing.
    /// Set it before ``launch(options:delivery:queued:intoBackground:)``.
    public var statePreservation: StatePreservation?

    /// The implicit scene's hooks: the app delegate's transitions and its `open`.
    let implicitHooks: any SceneHooks
    /// What the app delegate answers about its scenes; `nil` for an app without scenes.
    let sceneApplication: SceneApplicationHooks?

    /// Where the app is in its life.
    enum Phase: Equatable {
        case notRunning
        case launching(intoBackground: Bool)
        case running
    }

    var phase = Phase.notRunning
    /// Set by ``tick()`` once the background time is up; cleared when a scene comes back.
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
    var currentEvent: LifecycleEvent?
    /// Numbers for the deliveries the caller did not number.
    var deliveryNumbering = DeliveryNumbering()
    /// System events that arrived while the app was away.
    var queuedSystemEvents = SystemEventQueue()
    /// Outstanding background tasks, in the order they began.
    var backgroundTasks: [BackgroundTask] = []
    /// The number of the last background task begun.
    var lastBackgroundTaskNumber: UInt64 = 0

    /// Creates a controller for an app that is `notRunning`.
    /// - Parameters:
    ///   - delegate: The app delegate; one that adopts ``SceneApplicationDelegate`` also
    ///     supplies the scene delegates. URLs are routed with the manifest its
    ///     ``ApplicationDelegate/Request`` type carries, and read as that type.
    ///   - clock: The monotonic clock for the deadlines.
    ///   - configuration: The deadlines; iOS's by default.
    public convenience init<Delegate: ApplicationDelegate>(
        delegate: Delegate,
        clock: any LifecycleClock,
        configuration: LifecycleConfiguration = LifecycleConfiguration()
    ) {
        self.init(delegate: delegate, router: AppRouter(for: Delegate.Request.self), clock: clock, configuration: configuration)
    }

    /// Creates a controller with a router already made for the delegate's request type.
    /// - Precondition: `router` was made for `Delegate.Request`.
    package init<Delegate: ApplicationDelegate>(
        delegate: Delegate,
        router: AppRouter,
        clock: any LifecycleClock,
        configuration: LifecycleConfiguration = LifecycleConfiguration()
    ) {
        precondition(
            ObjectIdentifier(router.requestType) == ObjectIdentifier(Delegate.Request.self),
            "the router reads \(router.requestType), the delegate opens \(Delegate.Request.self)")
        self.delegate = delegate
        self.router = router
        self.clock = clock
        self.configuration = configuration
        implicitHooks = ImplicitSceneHooks(delegate)
        sceneApplication = (delegate as? any SceneApplicationDelegate).map { SceneApplicationHooks($0) }
    }

    /// Whether the app adopted scenes (its delegate is a ``SceneApplicationDelegate``).
    public var usesScenes: Bool { sceneApplication != nil }

    /// The app's state, derived from its scenes. While a hook runs, this is the state of that
    /// step: `will…` hooks see the state before the change, `did…` hooks the state after it.
    public var state: AppState {
        switch phase {
        case .notRunning: return .notRunning
        case .launching(let intoBackground): return intoBackground ? .background : .inactive
        case .running:
            if scenes.contains(where: { $0.state == .foregroundActive }) { return .active }
            if scenes.contains(where: { $0.state == .foregroundInactive }) { return .inactive }
            return isSuspended ? .suspended : .background
        }
    }

    /// Every session the app's scenes have, connected or not, in creation order (none for an app
    /// without scenes: its one scene is implicit).
    public var sessions: [SceneSession] { scenes.filter { !$0.isImplicit }.map(\.session) }

    /// The sessions of the connected scenes, in creation order.
    public var connectedSessions: [SceneSession] { scenes.filter { $0.isConnected && !$0.isImplicit }.map(\.session) }

    /// The state of the scene with this session, or `nil` for an unknown session.
    public func state(of session: String) -> SceneState? {
        scene(session)?.state
    }

    /// The delegate of the scene with this session, or `nil` for an unknown session.
    public func sceneDelegate(of session: String) -> (any SceneDelegate)? {
        scene(session)?.hooks.sceneDelegate
    }

    /// Replaces the app's own data about a scene (it is preserved with the scene).
    /// - Throws: ``LifecycleError/unknownSession(event:session:)``.
    public func setUserInfo(_ userInfo: [String: String], of session: String) throws(LifecycleError) {
        guard let scene = scene(session) else { throw .unknownSession(event: .setUserInfo, session: session) }
        scene.session.userInfo = userInfo
    }

    /// The scene of `session` (never the implicit one).
    func scene(_ session: String) -> Scene? {
        scenes.first { !$0.isImplicit && $0.session.persistentIdentifier == session }
    }

    /// The implicit scene of an app without scenes, once launched.
    var implicitScene: Scene? {
        scenes.first(where: \.isImplicit)
    }

    /// `delivery`, or the controller's next own number when the caller gave none.
    func numbered(_ delivery: DeliveryID?) -> DeliveryID {
        deliveryNumbering.number(delivery)
    }

    /// Runs `body` as the handling of `event`, refusing it when another event is in progress, and
    /// settles the app's derived state afterwards.
    func handling<Result>(
        _ event: LifecycleEvent,
        _ body: () throws(LifecycleError) -> Result
    ) throws(LifecycleError) -> Result {
        if let during = currentEvent {
            throw .reentrantEvent(event: event, during: during)
        }
        currentEvent = event
        defer { currentEvent = nil }
        let before = state
        let result = try body()
        settle(from: before)
        return result
    }

    /// Starts or stops the background clock when the derived app state crossed the foreground
    /// line, and preserves the app's state when it entered the background.
    func settle(from before: AppState) {
        guard phase == .running else { return }
        let after = state
        if after == .active || after == .inactive {
            enteredBackground = nil
            isSuspended = false
        } else if (before == .active || before == .inactive) && after == .background {
            if enteredBackground == nil { enteredBackground = clock.now }
            preserveState()
        }
    }

    /// Calls one hook of the app delegate, announcing it first and recording it after.
    /// - Parameters:
    ///   - session: The scene it concerns (`configurationForConnecting`).
    ///   - afterwards: Runs once the hook returned, before it is recorded (a state change).
    ///   - systemEvent: The event a system-event hook receives, for the record.
    func callApp<Result>(
        _ hook: Hook, session: String? = nil, systemEvent: SystemEvent? = nil, afterwards: () -> Void = {},
        _ body: () throws -> Result
    ) rethrows -> Result {
        hookAnnouncer?(HookCall(hook: hook, session: session, isLaunchStep: isLaunchStep))
        defer {
            afterwards()
            hookObserver?(HookRecord(hook: hook, session: session, state: state, systemEvent: systemEvent))
        }
        return try body()
    }

    /// Calls one hook of `scene` with its state set to `during` (`will…` hooks see the state
    /// before the change, `did…` hooks the state after it), then sets it to `after` and tells the
    /// observer, also when the hook throws.
    func call<Result>(
        _ hook: Hook,
        _ scene: Scene,
        during: SceneState? = nil,
        after: SceneState,
        url: SchemeURL? = nil,
        delivery: DeliveryID? = nil,
        _ body: () throws -> Result
    ) rethrows -> Result {
        // The app runs code again: what changed while it was away comes first.
        if hook == .willEnterForeground, state == .background || state == .suspended { deliverQueuedSystemEvents() }
        hookAnnouncer?(HookCall(hook: hook, session: scene.recordedSession, isLaunchStep: isLaunchStep))
        if let during { scene.state = during }
        defer {
            scene.state = after
            hookObserver?(
                HookRecord(
                    hook: hook, session: scene.recordedSession, sceneState: scene.isImplicit ? nil : after,
                    state: state, url: url?.text, delivery: delivery))
        }
        return try body()
    }

    /// Whether a hook called now runs under the launch deadline: until `didFinishLaunching` returned.
    var isLaunchStep: Bool {
        if case .launching = phase { return !launchStepsDone }
        return false
    }

    /// Set once `didFinishLaunching` returned (the launch deadline no longer applies).
    var launchStepsDone = false

    /// Forgets everything that only lives while the app runs: the scenes, the background deadline,
    /// the outstanding background tasks (without running their expiration handlers) and the
    /// queued system events.
    func resetRunningState() {
        phase = .notRunning
        scenes.removeAll()
        enteredBackground = nil
        isSuspended = false
        backgroundTasks.removeAll()
        queuedSystemEvents = SystemEventQueue()
    }
}
