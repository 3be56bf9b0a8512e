/// One scene the controller knows: its session, its delegate and where it is in its life cycle.
@MainActor
final class Scene {
    /// The session; its user info is the app's.
    var session: SceneSession
    /// The scene's delegate.
    let delegate: any SceneDelegate
    /// The scene's state.
    var state: SceneState = .unattached
    /// `true` from `willConnect` until `didDisconnect`.
    var isConnected = false
    /// When it last became active (the controller's activation counter); 0 = never.
    var lastActivation: UInt64 = 0

    init(session: SceneSession, delegate: any SceneDelegate) {
        self.session = session
        self.delegate = delegate
    }
}
