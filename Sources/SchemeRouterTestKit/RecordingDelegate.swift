public import SchemeRouter
public import SchemeRouterLifecycle

/// An `SchemeRouterLifecycle/ApplicationDelegate` that records every hook call, for asserting an
/// app's hook sequence; generic over the app's request type, so it routes with the app's own
/// manifest (the one the request type carries):
///
/// ```swift
/// let delegate = RecordingDelegate<TodolistRequest>()
/// let controller = LifecycleController(delegate: delegate, clock: ManualClock())
/// _ = try controller.launch(options: LaunchOptions(url: SchemeURL("todolist://?Buy%20milk")))
/// #expect(delegate.events == [.willFinishLaunching, .didFinishLaunching,
///                             .open("todolist://?Buy%20milk"), .didBecomeActive])
/// #expect(delegate.receivedRequests.count == 1)
/// ```
///
/// It is the app delegate of an app without scenes; ``RecordingSceneApp`` is the same recorder
/// for an app with scenes, whose ``RecordingSceneDelegate``s write into the same ``log``. Its
/// answers are settable (``willFinishLaunchingResult``, ``didFinishLaunchingResult``,
/// ``openResult``, ``performActionResult``, the restoration answers), and ``actions`` runs code
/// inside any of its hooks, for example to advance a ``ManualClock`` so a hook overruns its
/// deadline. It adopts `SchemeRouterLifecycle/StateRestorationDelegate` and answers `false` to
/// both questions until told otherwise.
@MainActor
public class RecordingDelegate<Request: AppRequest>: ApplicationDelegate, StateRestorationDelegate {
    /// The log the app and its scenes share.
    public let log = HookLog()
    /// Every hook call so far, app and scenes, in order.
    public var events: [RecordedHook] { log.events }
    /// The options each launch hook received, in call order.
    public private(set) var receivedLaunchOptions: [LaunchOptions] = []
    /// The options each `open` call received, in call order.
    public private(set) var receivedOpenOptions: [OpenOptions] = []
    /// The request each `open` call received, in call order.
    public private(set) var receivedRequests: [Request] = []
    /// What ``willFinishLaunching(options:)`` returns; `true` by default.
    public var willFinishLaunchingResult = true
    /// What ``didFinishLaunching(options:)`` returns; `true` by default.
    public var didFinishLaunchingResult = true
    /// Decides what ``open(_:options:)`` returns or throws; returns `true` by default.
    public var openResult: @MainActor (Request, OpenOptions) throws -> Bool = { _, _ in true }
    /// Decides what ``performAction(_:)`` returns; declines by default.
    public var performActionResult: @MainActor (AppAction) -> Bool = { _ in false }
    /// Code to run inside an app-delegate hook, after the call is recorded and before it returns.
    public var actions: [Hook: @MainActor () -> Void] = [:]

    /// What ``shouldSaveApplicationState()`` returns; `false` (not opted in) by default.
    public var shouldSaveResult = false
    /// What ``shouldRestoreApplicationState(_:)`` returns; `false` (not opted in) by default.
    public var shouldRestoreResult = false
    /// What ``willEncodeRestorableState(_:)`` writes.
    public var appStateToEncode = RestorationCoder()
    /// Thrown by ``didDecodeRestorableState(_:)`` when set.
    public var didDecodeError: (any Error)?
    /// The app-level state ``shouldRestoreApplicationState(_:)`` was shown, in call order.
    public private(set) var shownAppStates: [RestorationCoder] = []
    /// The app-level state ``didDecodeRestorableState(_:)`` received, in call order.
    public private(set) var decodedAppStates: [RestorationCoder] = []

    /// Creates a delegate that accepts everything and has recorded nothing.
    public init() {}

    /// Forgets the recorded events and options, keeping the configured answers and actions.
    public func clearEvents() {
        log.clear()
        receivedLaunchOptions.removeAll()
        receivedOpenOptions.removeAll()
        receivedRequests.removeAll()
    }

    /// Records the call and runs its action.
    func record(_ event: RecordedHook) {
        log.record(event)
        actions[event.hook]?()
    }

    /// Records the call; returns ``willFinishLaunchingResult``.
    public func willFinishLaunching(options: LaunchOptions) -> Bool {
        receivedLaunchOptions.append(options)
        record(.willFinishLaunching)
        return willFinishLaunchingResult
    }

    /// Records the call; returns ``didFinishLaunchingResult``.
    public func didFinishLaunching(options: LaunchOptions) -> Bool {
        receivedLaunchOptions.append(options)
        record(.didFinishLaunching)
        return didFinishLaunchingResult
    }

    /// Records the call (as `.open` with the URL's text); returns or throws what ``openResult`` does.
    public func open(_ request: Request, options: OpenOptions) throws -> Bool {
        receivedOpenOptions.append(options)
        receivedRequests.append(request)
        record(.open(options.url?.text ?? String(describing: request)))
        return try openResult(request, options)
    }

    /// Records the call.
    public func didBecomeActive() { record(.didBecomeActive) }
    /// Records the call.
    public func willResignActive() { record(.willResignActive) }
    /// Records the call.
    public func didEnterBackground() { record(.didEnterBackground) }
    /// Records the call.
    public func willEnterForeground() { record(.willEnterForeground) }
    /// Records the call.
    public func willTerminate() { record(.willTerminate) }

    /// Records the call with the action's name; returns what ``performActionResult`` does.
    public func performAction(_ action: AppAction) -> Bool {
        record(.performAction(action.name))
        return performActionResult(action)
    }

    /// Records the call.
    public func significantTimeChange() { record(.significantTimeChange) }
    /// Records the call with both zones.
    public func systemTimeZoneDidChange(from: String, to: String) { record(.systemTimeZoneDidChange(from: from, to: to)) }
    /// Records the call with both locales.
    public func currentLocaleDidChange(from: String, to: String) { record(.currentLocaleDidChange(from: from, to: to)) }
    /// Records the call.
    public func didReceiveMemoryWarning() { record(.didReceiveMemoryWarning) }

    /// Records the call; returns ``shouldSaveResult``.
    public func shouldSaveApplicationState() -> Bool {
        record(.shouldSaveApplicationState)
        return shouldSaveResult
    }

    /// Records the call; writes ``appStateToEncode``.
    public func willEncodeRestorableState(_ coder: inout RestorationCoder) {
        record(.willEncodeRestorableState)
        for (key, value) in appStateToEncode.values { coder.encode(value, forKey: key) }
    }

    /// Records the call and the state; returns ``shouldRestoreResult``.
    public func shouldRestoreApplicationState(_ coder: RestorationCoder) -> Bool {
        shownAppStates.append(coder)
        record(.shouldRestoreApplicationState)
        return shouldRestoreResult
    }

    /// Records the call and the state; throws ``didDecodeError``.
    public func didDecodeRestorableState(_ coder: RestorationCoder) throws {
        decodedAppStates.append(coder)
        record(.didDecodeRestorableState)
        if let didDecodeError { throw didDecodeError }
    }
}

/// The ``RecordingDelegate`` of an app with scenes: it makes a ``RecordingSceneDelegate`` for each
/// scene, all writing into the app's ``RecordingDelegate/log``:
///
/// ```swift
/// #expect(app.events == [.willFinishLaunching, .didFinishLaunching, .configurationForConnecting("scene-1"),
///                        .willConnect("scene-1", urls: ["notes://new"]), .sceneWillEnterForeground("scene-1"),
///                        .sceneDidBecomeActive("scene-1")])
/// ```
///
/// ``target`` chooses each URL's scene; ``configureScene`` sets up each new scene delegate.
@MainActor
public final class RecordingSceneApp<Request: AppRequest>: RecordingDelegate<Request>, SceneApplicationDelegate {
    /// The scene delegates made so far, by session identifier.
    public private(set) var scenes: [String: RecordingSceneDelegate<Request>] = [:]
    /// Chooses each request's scene; `SchemeRouterLifecycle/SceneTarget/anyScene` by default.
    public var target: @MainActor (Request) -> SceneTarget = { _ in .anyScene }
    /// The configuration name new scenes get; the default configuration's by default.
    public var configurationName = SceneConfiguration.defaultName
    /// Runs on every new scene delegate before it connects (set its content, its restoration identifier…).
    public var configureScene: @MainActor (RecordingSceneDelegate<Request>) -> Void = { _ in }

    /// Creates an app that accepts everything and has recorded nothing.
    public override init() {}

    /// Makes and remembers a ``RecordingSceneDelegate``.
    public func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate<Request> {
        let scene = RecordingSceneDelegate<Request>(session: session, log: log)
        scenes[session.persistentIdentifier] = scene
        configureScene(scene)
        return scene
    }

    /// Records the call; returns ``configurationName``.
    public func configurationForConnecting(_ session: SceneSession, options: SceneConnectionOptions<Request>) -> SceneConfiguration {
        record(.configurationForConnecting(session.persistentIdentifier))
        return SceneConfiguration(name: configurationName)
    }

    /// Records the call.
    public func didDiscardSceneSessions(_ sessions: [SceneSession]) {
        record(.didDiscardSceneSessions(sessions.map(\.persistentIdentifier)))
    }

    /// Returns what ``target`` says.
    public func sceneTarget(for request: Request) -> SceneTarget {
        target(request)
    }
}
