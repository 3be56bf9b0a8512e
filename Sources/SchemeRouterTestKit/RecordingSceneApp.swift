public import SchemeRouter

/// A `SchemeRouter/SceneApplicationDelegate` that records every hook call of the app and of its
/// scenes (``RecordingSceneDelegate``) in one log:
///
/// ```swift
/// #expect(app.events == [.willFinishLaunching, .didFinishLaunching, .configurationForConnecting("scene-1"),
///                        .willConnect("scene-1", urls: ["notes://new"]), .willEnterForeground("scene-1"),
///                        .didBecomeActive("scene-1")])
/// ```
///
/// ``target`` chooses each URL's scene; ``configureScene`` sets up each new scene delegate.
@MainActor
public final class RecordingSceneApp<Request: AppRequest>: SceneApplicationDelegate, StateRestorationDelegate {
    /// The log the app and its scenes share.
    public let log = SceneHookLog()
    /// Every hook call so far, app and scenes, in order.
    public var events: [RecordedSceneHook] { log.events }
    /// The scene delegates made so far, by session identifier.
    public private(set) var scenes: [String: RecordingSceneDelegate] = [:]
    /// What ``willFinishLaunching(options:)`` returns; `true` by default.
    public var willFinishLaunchingResult = true
    /// What ``didFinishLaunching(options:)`` returns; `true` by default.
    public var didFinishLaunchingResult = true
    /// Chooses each request's scene; `SchemeRouter/SceneTarget/anyScene` by default.
    public var target: @MainActor (Request) -> SceneTarget = { _ in .anyScene }
    /// The configuration name new scenes get; the default configuration's by default.
    public var configurationName = SceneConfiguration.defaultName
    /// Runs on every new scene delegate before it connects (set its content, its restoration identifier…).
    public var configureScene: @MainActor (RecordingSceneDelegate) -> Void = { _ in }
    /// Code to run inside an app hook, after the call is recorded.
    public var actions: [SceneHook: @MainActor () -> Void] = [:]

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

    /// Creates an app that accepts everything and has recorded nothing.
    public init() {}

    /// Forgets the recorded events, keeping the scenes and the configured answers.
    public func clearEvents() {
        log.clear()
    }

    private func recordApp(_ event: RecordedSceneHook, _ hook: SceneHook) {
        log.record(event)
        actions[hook]?()
    }

    /// Makes and remembers a ``RecordingSceneDelegate``.
    public func makeSceneDelegate(for session: SceneSession) -> any SceneDelegate {
        let scene = RecordingSceneDelegate(session: session, log: log)
        scenes[session.persistentIdentifier] = scene
        configureScene(scene)
        return scene
    }

    /// Records the call; returns ``configurationName``.
    public func configurationForConnecting(_ session: SceneSession, options: SceneConnectionOptions) -> SceneConfiguration {
        recordApp(.configurationForConnecting(session.persistentIdentifier), .configurationForConnecting)
        return SceneConfiguration(name: configurationName)
    }

    /// Records the call.
    public func didDiscardSceneSessions(_ sessions: [SceneSession]) {
        recordApp(.didDiscardSceneSessions(sessions.map(\.persistentIdentifier)), .didDiscardSceneSessions)
    }

    /// Returns what ``target`` says.
    public func sceneTarget(for request: Request) -> SceneTarget {
        target(request)
    }

    /// Records the call; returns ``willFinishLaunchingResult``.
    public func willFinishLaunching(options: LaunchOptions) -> Bool {
        recordApp(.willFinishLaunching, .willFinishLaunching)
        return willFinishLaunchingResult
    }

    /// Records the call; returns ``didFinishLaunchingResult``.
    public func didFinishLaunching(options: LaunchOptions) -> Bool {
        recordApp(.didFinishLaunching, .didFinishLaunching)
        return didFinishLaunchingResult
    }

    /// Records the call.
    public func willTerminate() {
        recordApp(.willTerminate, .willTerminate)
    }

    /// Records the call.
    public func significantTimeChange() {
        recordApp(.significantTimeChange, .significantTimeChange)
    }

    /// Records the call with both zones.
    public func systemTimeZoneDidChange(from: String, to: String) {
        recordApp(.systemTimeZoneDidChange(from: from, to: to), .systemTimeZoneDidChange)
    }

    /// Records the call with both locales.
    public func currentLocaleDidChange(from: String, to: String) {
        recordApp(.currentLocaleDidChange(from: from, to: to), .currentLocaleDidChange)
    }

    /// Records the call.
    public func didReceiveMemoryWarning() {
        recordApp(.didReceiveMemoryWarning, .didReceiveMemoryWarning)
    }

    /// Records the call; returns ``shouldSaveResult``.
    public func shouldSaveApplicationState() -> Bool {
        recordApp(.shouldSaveApplicationState, .shouldSaveApplicationState)
        return shouldSaveResult
    }

    /// Records the call; writes ``appStateToEncode``.
    public func willEncodeRestorableState(_ coder: inout RestorationCoder) {
        recordApp(.willEncodeRestorableState, .willEncodeRestorableState)
        for (key, value) in appStateToEncode.values { coder.encode(value, forKey: key) }
    }

    /// Records the call and the state; returns ``shouldRestoreResult``.
    public func shouldRestoreApplicationState(_ coder: RestorationCoder) -> Bool {
        shownAppStates.append(coder)
        recordApp(.shouldRestoreApplicationState, .shouldRestoreApplicationState)
        return shouldRestoreResult
    }

    /// Records the call and the state; throws ``didDecodeError``.
    public func didDecodeRestorableState(_ coder: RestorationCoder) throws {
        decodedAppStates.append(coder)
        recordApp(.didDecodeRestorableState, .didDecodeRestorableState)
        if let didDecodeError { throw didDecodeError }
    }
}
