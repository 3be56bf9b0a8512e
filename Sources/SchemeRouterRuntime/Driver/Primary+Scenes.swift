internal import SchemeRouter

extension Primary {
    /// Moves the scene of `session` to what its window shows, each hook under the hook deadline.
    /// A window of an unknown or disconnected session changes nothing.
    func follow(scene session: String, window: SceneWindowState) {
        guard phase == .running, let scenes = sceneController, let state = scenes.state(of: session) else { return }
        watchdog.runHooks(["the scene hooks of \(session)"], owner: nil) {
            do throws(SceneError) {
                switch (window, state) {
                case (_, .unattached):
                    break
                case (.closed, _):
                    try scenes.close(session)
                case (.focused, .foregroundActive), (.unfocused, .foregroundInactive), (.hidden, .background),
                    (.hidden, .suspended):
                    break
                case (.focused, _), (.unfocused, _):
                    if !state.isForeground { try scenes.enterForeground(session) }
                    if window == .focused {
                        try scenes.activate(session)
                    } else if scenes.state(of: session) == .foregroundActive {
                        try scenes.resignActive(session)
                    }
                case (.hidden, _):
                    if state == .foregroundActive { try scenes.resignActive(session) }
                    try scenes.enterBackground(session)
                }
            } catch {
                Log.error("the window of scene \(session) is \(window.rawValue), but its scene cannot follow: \(error)")
            }
        }
        rearmBackgroundTimer()
    }

    /// A scene app activated without a URL: its most recent scene comes forward and the window
    /// layer presents its window with `activationToken` (a new scene presents its own), each hook
    /// under the hook deadline; why not, if refused.
    func activateScenes(activationToken: String?) -> String? {
        guard let scenes = sceneController else { preconditionFailure("running without a scene controller") }
        let refusal = watchdog.runHooks(["the scene hooks of the activation"], owner: nil) { () -> String? in
            do throws(SceneError) {
                let (session, connected) = try scenes.activateApp(activationToken: activationToken)
                if !connected { presentWindow?(session.persistentIdentifier, activationToken) }
                return nil
            } catch {
                return error.description
            }
        }
        rearmBackgroundTimer()
        return refusal
    }
}
