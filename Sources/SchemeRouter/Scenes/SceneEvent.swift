/// An event a ``SceneController`` handles, as named in ``SceneError``.
public enum SceneEvent: String, Sendable, CaseIterable {
    /// ``SceneController/launch(options:delivery:queued:)``.
    case launch
    /// ``SceneController/receive(_:options:delivery:)``.
    case receive
    /// ``SceneController/activate(_:)``.
    case activate
    /// ``SceneController/activateApp(activationToken:)``.
    case activateApp
    /// ``SceneController/resignActive(_:)``.
    case resignActive
    /// ``SceneController/enterBackground(_:)``.
    case enterBackground
    /// ``SceneController/enterForeground(_:)``.
    case enterForeground
    /// ``SceneController/disconnect(_:)``.
    case disconnect
    /// ``SceneController/close(_:)``.
    case close
    /// ``SceneController/tick()``.
    case tick
    /// ``SceneController/terminate(discardingState:)``.
    case terminate
    /// ``SceneController/setUserInfo(_:of:)``.
    case setUserInfo
    /// ``SceneController/post(_:)``.
    case systemEvent
}
