/// An event a ``LifecycleController`` handles, as named in ``LifecycleError``.
public enum LifecycleEvent: String, Sendable, CaseIterable {
    /// ``LifecycleController/launch(options:delivery:queued:intoBackground:)``.
    case launch
    /// ``LifecycleController/receive(_:options:delivery:)``.
    case receive
    /// ``LifecycleController/activateApp(activationToken:)``.
    case activateApp
    /// ``LifecycleController/perform(_:)``.
    case performAction
    /// ``LifecycleController/becomeActive()`` or ``LifecycleController/activate(_:)``.
    case activate
    /// ``LifecycleController/resignActive()`` or ``LifecycleController/resignActive(_:)``.
    case resignActive
    /// ``LifecycleController/enterBackground()`` or ``LifecycleController/enterBackground(_:)``.
    case enterBackground
    /// ``LifecycleController/enterForeground()`` or ``LifecycleController/enterForeground(_:)``.
    case enterForeground
    /// ``LifecycleController/disconnect(_:)``.
    case disconnect
    /// ``LifecycleController/close(_:)``.
    case close
    /// ``LifecycleController/setUserInfo(_:of:)``.
    case setUserInfo
    /// ``LifecycleController/terminate(discardingState:)``.
    case terminate
    /// ``LifecycleController/tick()``.
    case tick
    /// ``LifecycleController/post(_:)``.
    case systemEvent
}
