/// A hook ``LifecycleController`` is about to call: what ``LifecycleController/hookAnnouncer``
/// learns before each hook runs, so a watchdog can name the hook that overruns its deadline
/// without restating the order in which hooks run.
public struct HookCall: Sendable, Hashable, CustomStringConvertible {
    /// The hook about to run.
    public var hook: Hook
    /// The scene's session, for the hooks of an app's scenes; `nil` for the app delegate's.
    public var session: String?
    /// `true` for the hooks of the launch (`willFinishLaunching`, state restoration,
    /// `didFinishLaunching`), which share ``LifecycleConfiguration/launchDeadline``; every later
    /// hook is measured on its own.
    public var isLaunchStep: Bool

    /// Creates an announcement.
    /// - Parameters:
    ///   - hook: The hook about to run.
    ///   - session: The scene's session, for a scene's hook.
    ///   - isLaunchStep: Whether the hook runs under the launch deadline.
    public init(hook: Hook, session: String? = nil, isLaunchStep: Bool = false) {
        self.hook = hook
        self.session = session
        self.isLaunchStep = isLaunchStep
    }

    /// `didBecomeActive`, or `didBecomeActive of scene-2`.
    public var description: String {
        session.map { "\(hook.rawValue) of \($0)" } ?? hook.rawValue
    }
}
