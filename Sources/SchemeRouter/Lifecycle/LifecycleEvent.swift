/// An event a ``LifecycleController`` handles, as named in ``LifecycleError``.
public enum LifecycleEvent: String, Sendable, CaseIterable {
    /// ``LifecycleController/launch(options:queued:intoBackground:)``.
    case launch
    /// ``LifecycleController/receive(_:options:)``.
    case receive
    /// ``LifecycleController/resignActive()``.
    case resignActive
    /// ``LifecycleController/becomeActive()``.
    case becomeActive
    /// ``LifecycleController/enterBackground()``.
    case enterBackground
    /// ``LifecycleController/enterForeground()``.
    case enterForeground
    /// `LifecycleController/terminate()`.
    case terminate
    /// ``LifecycleController/tick()``.
    case tick
    /// ``LifecycleController/post(_:)``.
    case systemEvent
}
