/// The pure state machine of UIKit's launch-or-wake sequence: events in, delegate hooks out.
///
/// The runtime feeds it events on the main actor, one at a time, in arrival order; the
/// controller calls the ``ApplicationDelegate`` hooks in UIKit's order, reads the injected
/// ``LifecycleClock`` to enforce its deadlines, and reports a ``DeliveryVerdict`` for every URL.
/// It does no I/O and never sleeps, so every rule is testable with a manual clock.
///
/// | event | legal in | hooks, in order | state after |
/// |---|---|---|---|
/// | ``launch(options:queued:intoBackground:)`` | `notRunning` | `willFinishLaunching`, state restoration, `didFinishLaunching`, `open` (launch URL, only if both launch hooks returned `true`), `didBecomeActive`, then the queued URLs | `active` |
/// | same, `intoBackground: true` | `notRunning` | the three launch hooks, `didEnterBackground`, then the queued URLs (the first one wakes the app) | `background` |
/// | ``receive(_:options:)`` | `background`, `suspended` | `willEnterForeground`, `open`, `didBecomeActive` | `active` |
/// | same | `active` | `open` | `active` |
/// | same | `inactive` | `open` | `inactive` |
/// | ``resignActive()`` | `active` | `willResignActive` | `inactive` |
/// | ``becomeActive()`` | `inactive` | `didBecomeActive` | `active` |
/// | ``enterBackground()`` | `inactive` | `didEnterBackground` | `background` |
/// | same, ``LifecycleConfiguration/exitsOnSuspend`` | `inactive` | `willTerminate` | `notRunning` |
/// | ``enterForeground()`` | `background`, `suspended` | `willEnterForeground`, `didBecomeActive` | `active` |
/// | ``tick()`` | any | once the background time is up: the expiration handlers of outstanding background tasks; `willTerminate` if a task is still not ended | `suspended` (or `notRunning` when a task was left open), else unchanged |
/// | ``post(_:)`` | `inactive`, `active` | the event's hook (`significantTimeChange`, `systemTimeZoneDidChange`, `currentLocaleDidChange`, `didReceiveMemoryWarning`) | unchanged |
/// | same | `background`, `suspended` | none: queued, coalesced, delivered first on the next wake | unchanged |
/// | `terminate()` | `inactive`, `active`, `background` | `willTerminate` | `notRunning` |
/// | same | `suspended` | none | `notRunning` |
///
/// Every URL is first routed with ``router`` and read as the delegate's
/// ``ApplicationDelegate/Request``: a URL that matches no route or carries an invalid value gets
/// ``DeliveryVerdict/rejected(_:)`` (a launch URL: ``LifecycleError/launchURLRejected(url:reason:)``)
/// and no hook runs for it.
///
/// Any other event throws ``LifecycleError/illegalTransition(event:state:)`` and changes
/// nothing. An event sent from inside a hook throws ``LifecycleError/reentrantEvent(event:during:)``;
/// only ``beginBackgroundTask(name:expiration:)`` and ``endBackgroundTask(_:)`` may be called
/// from hooks.
///
/// A temporary interruption (the seed's Figure 4-3: a window loses focus, a system dialog) is
/// ``resignActive()`` then ``becomeActive()``: `willResignActive`, `didBecomeActive`, without
/// going through the background.
///
/// A URL that arrives while the app is `inactive` (an interruption, or between
/// `willResignActive` and `didEnterBackground`) is opened at once and the app stays `inactive`:
/// it is already in the foreground, and the runtime ends the interruption with
/// ``becomeActive()`` or ``enterBackground()``.
@MainActor
public final class LifecycleController {
    /// The delegate whose hooks the controller calls. Held strongly: the controller drives it
    /// for the life of the process.
    public let delegate: any ApplicationDelegate
    /// Routes URLs and reads them as the delegate's request type.
    public let router: AppRouter
    /// Calls the delegate's `open` with a request read by ``router`` (so of its request type).
    let openRequest: @MainActor (any AppRequest, OpenOptions) throws -> Bool
    /// The clock the deadlines are measured with.
    public let clock: any LifecycleClock
    /// The deadlines.
    public let configuration: LifecycleConfiguration
    /// The app's current state. While a hook runs, this is the state of that step: `will…`
    /// hooks see the state before the change, `did…` hooks the state after it.
    public internal(set) var state: AppState = .notRunning
    /// Called after every hook returns (or throws), with the hook, the state after it and, for
    /// `open`, the URL and its delivery. The runtime turns these into its trace.
    public var hookObserver: (@MainActor (HookRecord) -> Void)?
    /// State preservation and restoration; `nil` (the default) preserves and restores nothing.
    public var statePreservation: StatePreservation?

    /// The event being handled, if any; guards against reentrant events.
    var currentEvent: LifecycleEvent?
    /// Clock time at which the app entered the background; set while `background`.
    var enteredBackground: Duration?
    /// Outstanding background tasks, in the order they began.
    var backgroundTasks: [BackgroundTask] = []
    /// The number of the last background task begun.
    var lastBackgroundTaskNumber: UInt64 = 0
    /// System events waiting for the app to come back to the foreground.
    var queuedSystemEvents = SystemEventQueue()
    /// Numbers for the deliveries the caller did not number.
    var deliveryNumbering = DeliveryNumbering()

    /// Creates a controller for an app that is `notRunning`.
    /// - Parameters:
    ///   - delegate: The delegate to call.
    ///   - declaration: The app's compiled manifest: URLs are routed with it and read as the
    ///     delegate's ``ApplicationDelegate/Request``.
    ///   - clock: The monotonic clock for the deadlines.
    ///   - configuration: The deadlines; iOS's by default.
    /// - Throws: ``RequestTypeMismatch`` when the delegate's request type does not name exactly
    ///   the manifest's routes.
    public convenience init<Delegate: ApplicationDelegate>(
        delegate: Delegate,
        declaration: SchemeDeclaration,
        clock: any LifecycleClock,
        configuration: LifecycleConfiguration = LifecycleConfiguration()
    ) throws(RequestTypeMismatch) {
        let router = try AppRouter(declaration, requestType: Delegate.Request.self)
        self.init(delegate: delegate, router: router, clock: clock, configuration: configuration)
    }

    /// Creates a controller with a router already checked against the delegate's request type.
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
        self.openRequest = { request, options in
            // The router was made for Delegate.Request (checked above), so the cast holds.
            try delegate.open(request as! Delegate.Request, options: options)
        }
        self.clock = clock
        self.configuration = configuration
    }

    /// `delivery`, or the controller's next own number when the caller gave none.
    func numbered(_ delivery: DeliveryID?) -> DeliveryID {
        deliveryNumbering.number(delivery)
    }

    /// Runs `body` as the handling of `event`, refusing it when another event is in progress.
    func handling<Result>(
        _ event: LifecycleEvent,
        _ body: () throws(LifecycleError) -> Result
    ) throws(LifecycleError) -> Result {
        if let during = currentEvent {
            throw .reentrantEvent(event: event, during: during)
        }
        currentEvent = event
        defer { currentEvent = nil }
        return try body()
    }

    /// Calls one hook with ``state`` set to `during`, then sets it to `after` and tells the
    /// observer, also when the hook throws.
    func call<Result>(
        _ hook: Hook,
        during: AppState,
        after: AppState,
        url: SchemeURL? = nil,
        delivery: DeliveryID? = nil,
        _ body: () throws -> Result
    ) rethrows -> Result {
        state = during
        defer {
            state = after
            hookObserver?(HookRecord(hook: hook, state: after, url: url?.text, delivery: delivery))
        }
        return try body()
    }

    /// Forgets everything that only lives while the app runs: the background deadline, the
    /// outstanding background tasks (without running their expiration handlers) and the queued
    /// system events.
    func resetRunningState() {
        enteredBackground = nil
        backgroundTasks.removeAll()
        queuedSystemEvents = SystemEventQueue()
    }
}
