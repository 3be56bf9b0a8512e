public import SchemeRouter

/// An `SchemeRouter/ApplicationDelegate` that records every hook call, for asserting an app's
/// hook sequence; generic over the app's request type, so it routes with the app's own manifest:
///
/// ```swift
/// let delegate = RecordingDelegate<TodoRequest>()
/// let controller = try LifecycleController(delegate: delegate, declaration: declaration, clock: ManualClock())
/// _ = try controller.launch(options: LaunchOptions(url: SchemeURL("todolist://?Buy%20milk")))
/// #expect(delegate.events == [.willFinishLaunching, .didFinishLaunching,
///                             .open("todolist://?Buy%20milk"), .didBecomeActive])
/// #expect(delegate.receivedRequests.count == 1)
/// ```
///
/// Its answers are settable (``willFinishLaunchingResult``, ``didFinishLaunchingResult``,
/// ``openResult``), and ``actions`` runs code inside any hook, for example to advance a
/// ``ManualClock`` so a hook overruns its deadline.
@MainActor
public final class RecordingDelegate<Request: AppRequest>: ApplicationDelegate {
    /// Every hook call so far, in order.
    public private(set) var events: [RecordedHook] = []
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
    /// Code to run inside a hook, after the call is recorded and before it returns.
    public var actions: [Hook: @MainActor () -> Void] = [:]

    /// Creates a delegate that accepts everything and has recorded nothing.
    public init() {}

    /// Forgets the recorded events and options, keeping the configured answers and actions.
    public func clearEvents() {
        events.removeAll()
        receivedLaunchOptions.removeAll()
        receivedOpenOptions.removeAll()
        receivedRequests.removeAll()
    }

    /// Records the call and runs its action.
    private func record(_ event: RecordedHook) {
        events.append(event)
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
    public func didBecomeActive() {
        record(.didBecomeActive)
    }

    /// Records the call.
    public func willResignActive() {
        record(.willResignActive)
    }

    /// Records the call.
    public func didEnterBackground() {
        record(.didEnterBackground)
    }

    /// Records the call.
    public func willEnterForeground() {
        record(.willEnterForeground)
    }

    /// Records the call.
    public func willTerminate() {
        record(.willTerminate)
    }

    /// Records the call.
    public func significantTimeChange() {
        record(.significantTimeChange)
    }

    /// Records the call with both zones.
    public func systemTimeZoneDidChange(from: String, to: String) {
        record(.systemTimeZoneDidChange(from: from, to: to))
    }

    /// Records the call with both locales.
    public func currentLocaleDidChange(from: String, to: String) {
        record(.currentLocaleDidChange(from: from, to: to))
    }

    /// Records the call.
    public func didReceiveMemoryWarning() {
        record(.didReceiveMemoryWarning)
    }
}
