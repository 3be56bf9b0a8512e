/// Default hooks: the launch hooks accept, every other hook does nothing. `open` has none.
extension ApplicationDelegate {
    /// Accepts the launch.
    public func willFinishLaunching(options: LaunchOptions) -> Bool { true }
    /// Accepts the launch.
    public func didFinishLaunching(options: LaunchOptions) -> Bool { true }
    /// Does nothing.
    public func didBecomeActive() {}
    /// Does nothing.
    public func willResignActive() {}
    /// Does nothing.
    public func didEnterBackground() {}
    /// Does nothing.
    public func willEnterForeground() {}
    /// Does nothing.
    public func willTerminate() {}
}
