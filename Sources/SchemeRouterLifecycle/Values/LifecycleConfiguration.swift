/// The deadlines a ``LifecycleController`` enforces, and whether the app runs in the background
/// at all.
public struct LifecycleConfiguration: Sendable, Hashable {
    /// How long the launch hooks (`willFinishLaunching`, state restoration, `didFinishLaunching`)
    /// may take together. A launch whose elapsed time is greater than this fails with
    /// ``LaunchFailure/timedOut(hook:elapsed:deadline:)``; exactly this much is still on time.
    public let launchDeadline: Duration
    /// How long after entering the background the app is suspended when it holds no background
    /// task. Reached means due: at `enteredBackground + backgroundDeadline` the next
    /// ``LifecycleController/tick()`` suspends the app.
    public let backgroundDeadline: Duration
    /// How long after entering the background the app may keep running while it holds a
    /// background task; when it is reached, the tasks' expiration handlers run, and the app is
    /// suspended if they ended every task, terminated otherwise.
    public let backgroundTaskAllowance: Duration
    /// `UIApplicationExitsOnSuspend`: the app never enters the background; leaving the
    /// foreground terminates it (`willTerminate`) instead. `false` by default.
    public let exitsOnSuspend: Bool

    /// Creates a configuration; the defaults are iOS's: 5 s to launch, 5 s in the background,
    /// 30 s with a background task; the app runs in the background (`exitsOnSuspend` is
    /// `false`).
    ///
    /// - Precondition: Every duration is zero or more, and `backgroundTaskAllowance` is at
    ///   least `backgroundDeadline` (a task extends the time, never shortens it).
    public init(
        launchDeadline: Duration = .seconds(5),
        backgroundDeadline: Duration = .seconds(5),
        backgroundTaskAllowance: Duration = .seconds(30),
        exitsOnSuspend: Bool = false
    ) {
        precondition(launchDeadline >= .zero, "launchDeadline must not be negative")
        precondition(backgroundDeadline >= .zero, "backgroundDeadline must not be negative")
        precondition(
            backgroundTaskAllowance >= backgroundDeadline,
            "backgroundTaskAllowance must be at least backgroundDeadline")
        self.launchDeadline = launchDeadline
        self.backgroundDeadline = backgroundDeadline
        self.backgroundTaskAllowance = backgroundTaskAllowance
        self.exitsOnSuspend = exitsOnSuspend
    }
}
