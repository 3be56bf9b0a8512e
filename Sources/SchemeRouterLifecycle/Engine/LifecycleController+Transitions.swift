// The transitions of one scene: for an app without scenes the app-wide forms move its implicit
// scene; an app with scenes names the scene.
extension LifecycleController {
    /// An interruption ends and the app without scenes returns to the foreground:
    /// `didBecomeActive` (`inactive → active`).
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `inactive`,
    ///   ``LifecycleError/sceneRequired(event:)`` for an app with scenes, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func becomeActive() throws(LifecycleError) {
        try appTransition(.activate, from: [.foregroundInactive]) { scene in becomeActive(scene) }
    }

    /// The app without scenes leaves the foreground or is interrupted: `willResignActive`
    /// (`active → inactive`).
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `active`,
    ///   ``LifecycleError/sceneRequired(event:)`` for an app with scenes, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func resignActive() throws(LifecycleError) {
        try appTransition(.resignActive, from: [.foregroundActive]) { scene in resign(scene) }
    }

    /// The app without scenes moves to the background: `didEnterBackground`
    /// (`inactive → background`). The background deadline starts now, before the hook runs, so
    /// the hook's own time counts. With ``LifecycleConfiguration/exitsOnSuspend`` the app never
    /// enters the background: it terminates instead, `willTerminate` (`inactive → notRunning`), as
    /// with `UIApplicationExitsOnSuspend`.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `inactive` (call
    ///   ``resignActive()`` first), ``LifecycleError/sceneRequired(event:)`` for an app with
    ///   scenes, or ``LifecycleError/reentrantEvent(event:during:)``.
    public func enterBackground() throws(LifecycleError) {
        try appTransition(.enterBackground, from: [.foregroundInactive]) { scene in sendToBackground(scene) }
    }

    /// The user brings the app without scenes back without a URL: the queued system events (see
    /// ``post(_:)``), `willEnterForeground`, `didBecomeActive` (`background` or `suspended` → `active`).
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `background` or
    ///   `suspended`, ``LifecycleError/sceneRequired(event:)`` for an app with scenes, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func enterForeground() throws(LifecycleError) {
        try appTransition(.enterForeground, from: [.background, .suspended]) { scene in bringForward(scene) {} }
    }

    /// A scene's window gained focus: the focused scene's `willResignActive`, then
    /// `didBecomeActive` (`foregroundInactive → foregroundActive`).
    /// - Throws: ``LifecycleError`` unless the scene is connected and `foregroundInactive`.
    public func activate(_ session: String) throws(LifecycleError) {
        try transition(.activate, session, from: [.foregroundInactive]) { scene in becomeActive(scene) }
    }

    /// A scene's window lost focus: `willResignActive` (`foregroundActive → foregroundInactive`).
    /// - Throws: ``LifecycleError`` unless the scene is `foregroundActive`.
    public func resignActive(_ session: String) throws(LifecycleError) {
        try transition(.resignActive, session, from: [.foregroundActive]) { scene in resign(scene) }
    }

    /// A scene's window is no longer visible (minimised or hidden): `didEnterBackground`
    /// (`foregroundInactive → background`). When it was the last scene in the foreground, the app
    /// enters the background (its deadline starts before the hook) and its state is preserved;
    /// with ``LifecycleConfiguration/exitsOnSuspend`` the app terminates instead.
    /// - Throws: ``LifecycleError`` unless the scene is `foregroundInactive` (resign first).
    public func enterBackground(_ session: String) throws(LifecycleError) {
        try transition(.enterBackground, session, from: [.foregroundInactive]) { scene in sendToBackground(scene) }
    }

    /// A scene's window is visible again: `willEnterForeground` (`background` or `suspended` →
    /// `foregroundInactive`).
    /// - Throws: ``LifecycleError`` unless the scene is `background` or `suspended`.
    public func enterForeground(_ session: String) throws(LifecycleError) {
        try transition(.enterForeground, session, from: [.background, .suspended]) { scene in
            call(.willEnterForeground, scene, after: .foregroundInactive) { scene.hooks.willEnterForeground() }
        }
    }

    /// The system reclaims a scene that is not on screen: `didDisconnect` (`background` or
    /// `suspended` → `unattached`). The session is kept; a later URL for its content connects a new
    /// scene.
    /// - Throws: ``LifecycleError`` unless the scene is `background` or `suspended`.
    public func disconnect(_ session: String) throws(LifecycleError) {
        try transition(.disconnect, session, from: [.background, .suspended]) { scene in
            scene.isConnected = false
            call(.didDisconnect, scene, during: .unattached, after: .unattached) { scene.hooks.didDisconnect() }
        }
    }

    /// The user closed a scene's window for good: as needed `willResignActive`,
    /// `didEnterBackground` and `didDisconnect`, then the app delegate's `didDiscardSceneSessions`
    /// and the session is forgotten (it is not preserved). Closing the last scene in the
    /// foreground moves the app to the background once the session is gone.
    /// - Throws: ``LifecycleError/unknownSession(event:session:)`` or
    ///   ``LifecycleError/illegalTransition(event:state:)`` unless the app is running.
    public func close(_ session: String) throws(LifecycleError) {
        try handling(.close) { () throws(LifecycleError) in
            let scene = try runningScene(session, for: .close)
            if scene.state == .foregroundActive { resign(scene) }
            if scene.state == .foregroundInactive {
                call(.didEnterBackground, scene, during: .background, after: .background) { scene.hooks.didEnterBackground() }
            }
            if scene.isConnected {
                scene.isConnected = false
                call(.didDisconnect, scene, during: .unattached, after: .unattached) { scene.hooks.didDisconnect() }
            }
            scenes.removeAll { $0 === scene }
            callApp(.didDiscardSceneSessions) { sceneApplication?.didDiscard([scene.session]) }
        }
    }

    /// The app terminates. Unless it is `suspended` (which runs no code): its state is preserved
    /// (normal termination) or the preserved state is deleted (`discardingState`, the user's
    /// force-quit), every connected scene gets `didDisconnect`, then `willTerminate`. Afterwards
    /// the app is `notRunning` with no scene, and outstanding background tasks are dropped
    /// without their expiration handlers.
    /// - Parameter discardingState: `true` for a force-quit: nothing is preserved and any archive
    ///   is deleted.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless the app is running, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func terminate(discardingState: Bool = false) throws(LifecycleError) {
        try handling(.terminate) { () throws(LifecycleError) in
            guard phase == .running else { throw .illegalTransition(event: .terminate, state: state) }
            if discardingState { statePreservation?.forceQuit() }
            guard state != .suspended else {
                resetRunningState()
                return
            }
            if !discardingState { preserveState() }
            end()
        }
    }

    /// `willResignActive` (`foregroundActive → foregroundInactive`).
    func resign(_ scene: Scene) {
        call(.willResignActive, scene, after: .foregroundInactive) { scene.hooks.willResignActive() }
    }

    /// `didEnterBackground`, the background deadline started first when it is the app's last
    /// scene in the foreground; or, when the app exits on suspend, the app ends instead.
    func sendToBackground(_ scene: Scene) {
        let lastInForeground = !scenes.contains { $0 !== scene && $0.isConnected && $0.state.isForeground }
        if lastInForeground && configuration.exitsOnSuspend {
            end()
            return
        }
        if lastInForeground { enteredBackground = clock.now }
        call(.didEnterBackground, scene, during: .background, after: .background) { scene.hooks.didEnterBackground() }
    }

    /// Ends the running app: `didDisconnect` for each connected scene, then `willTerminate`; the
    /// app is `notRunning` once it returned.
    func end() {
        for scene in scenes where scene.isConnected && !scene.isImplicit {
            scene.isConnected = false
            call(.didDisconnect, scene, during: .unattached, after: .unattached) { scene.hooks.didDisconnect() }
        }
        callApp(.willTerminate, afterwards: { resetRunningState() }) { delegate.willTerminate() }
    }

    /// Runs `body` on the implicit scene of the running app without scenes when its state is one
    /// of `legal`.
    private func appTransition(_ event: LifecycleEvent, from legal: Set<SceneState>, _ body: (Scene) -> Void) throws(LifecycleError) {
        try handling(event) { () throws(LifecycleError) in
            guard sceneApplication == nil else { throw .sceneRequired(event: event) }
            guard phase == .running, let scene = implicitScene, legal.contains(scene.state) else {
                throw .illegalTransition(event: event, state: state)
            }
            body(scene)
        }
    }

    /// Runs `body` for a scene of the running app whose state is one of `legal`.
    private func transition(
        _ event: LifecycleEvent,
        _ session: String,
        from legal: Set<SceneState>,
        _ body: (Scene) -> Void
    ) throws(LifecycleError) {
        try handling(event) { () throws(LifecycleError) in
            let scene = try runningScene(session, for: event)
            guard scene.isConnected, legal.contains(scene.state) else {
                throw .illegalSceneTransition(event: event, session: session, state: scene.state)
            }
            body(scene)
        }
    }

    /// The scene with this session, while the app runs.
    private func runningScene(_ session: String, for event: LifecycleEvent) throws(LifecycleError) -> Scene {
        guard phase == .running else { throw .illegalTransition(event: event, state: state) }
        guard let scene = scene(session) else { throw .unknownSession(event: event, session: session) }
        return scene
    }
}
