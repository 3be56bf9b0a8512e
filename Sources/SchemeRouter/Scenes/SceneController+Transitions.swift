extension SceneController {
    /// A scene's window gained focus: the focused scene's `willResignActive`, then
    /// `didBecomeActive` (`foregroundInactive → foregroundActive`).
    /// - Throws: ``SceneError`` unless the scene is connected and `foregroundInactive`.
    public func activate(_ session: String) throws(SceneError) {
        try transition(.activate, session, from: [.foregroundInactive]) { scene in
            becomeActive(scene)
        }
    }

    /// A scene's window lost focus: `willResignActive` (`foregroundActive → foregroundInactive`).
    /// - Throws: ``SceneError`` unless the scene is `foregroundActive`.
    public func resignActive(_ session: String) throws(SceneError) {
        try transition(.resignActive, session, from: [.foregroundActive]) { scene in
            call(.willResignActive, scene, after: .foregroundInactive) { scene.delegate.willResignActive() }
        }
    }

    /// A scene's window is no longer visible (minimised or hidden): `didEnterBackground`
    /// (`foregroundInactive → background`). When it was the last scene in the foreground, the app
    /// enters the background and its state is preserved.
    /// - Throws: ``SceneError`` unless the scene is `foregroundInactive` (resign first).
    public func enterBackground(_ session: String) throws(SceneError) {
        try transition(.enterBackground, session, from: [.foregroundInactive]) { scene in
            call(.didEnterBackground, scene, during: .background, after: .background) { scene.delegate.didEnterBackground() }
        }
    }

    /// A scene's window is visible again: `willEnterForeground` (`background` or `suspended` →
    /// `foregroundInactive`).
    /// - Throws: ``SceneError`` unless the scene is `background` or `suspended`.
    public func enterForeground(_ session: String) throws(SceneError) {
        try transition(.enterForeground, session, from: [.background, .suspended]) { scene in
            call(.willEnterForeground, scene, after: .foregroundInactive) { scene.delegate.willEnterForeground() }
        }
    }

    /// The system reclaims a scene that is not on screen: `didDisconnect` (`background` or
    /// `suspended` → `unattached`). The session is kept; a later URL for its content connects a new
    /// scene.
    /// - Throws: ``SceneError`` unless the scene is `background` or `suspended`.
    public func disconnect(_ session: String) throws(SceneError) {
        try transition(.disconnect, session, from: [.background, .suspended]) { scene in
            scene.isConnected = false
            call(.didDisconnect, scene, during: .unattached, after: .unattached) { scene.delegate.didDisconnect() }
        }
    }

    /// The user closed a scene's window for good: as needed `willResignActive`,
    /// `didEnterBackground` and `didDisconnect`, then the app delegate's `didDiscardSceneSessions`
    /// and the session is forgotten (it is not preserved). Closing the last scene in the
    /// foreground moves the app to the background once the session is gone.
    /// - Throws: ``SceneError/unknownSession(event:session:)`` or
    ///   ``SceneError/illegalAppTransition(event:state:)`` unless the app is running.
    public func close(_ session: String) throws(SceneError) {
        try handling(.close) { () throws(SceneError) in
            let scene = try runningScene(session, for: .close)
            if scene.state == .foregroundActive {
                call(.willResignActive, scene, after: .foregroundInactive) { scene.delegate.willResignActive() }
            }
            if scene.state == .foregroundInactive {
                call(.didEnterBackground, scene, during: .background, after: .background) { scene.delegate.didEnterBackground() }
            }
            if scene.isConnected {
                scene.isConnected = false
                call(.didDisconnect, scene, during: .unattached, after: .unattached) { scene.delegate.didDisconnect() }
            }
            scenes.removeAll { $0 === scene }
            callApp(.didDiscardSceneSessions) { delegate.didDiscardSceneSessions([scene.session]) }
        }
    }

    /// Checks the background deadline; the runtime calls this from a timer, in any state. Once
    /// the app has been in the background for ``LifecycleConfiguration/backgroundDeadline``, its
    /// background scenes become `suspended` and so does the app. No hook runs.
    /// - Returns: ``TickOutcome/suspended(expired:)`` (with no tasks) or ``TickOutcome/nothingDue``.
    /// - Throws: ``SceneError/reentrantEvent(event:during:)`` from inside a hook.
    @discardableResult
    public func tick() throws(SceneError) -> TickOutcome {
        try handling(.tick) { () -> TickOutcome in
            guard appState == .background, let enteredBackground,
                clock.now >= enteredBackground + configuration.backgroundDeadline
            else { return .nothingDue }
            for scene in scenes where scene.state == .background {
                scene.state = .suspended
            }
            isSuspended = true
            self.enteredBackground = nil
            return .suspended(expired: [])
        }
    }

    /// The app terminates. Unless it is `suspended` (which runs no code): its state is preserved
    /// (normal termination) or the preserved state is deleted (`discardingState`, the user's
    /// force-quit), every connected scene gets `didDisconnect`, then `willTerminate`. Afterwards the
    /// app is `notRunning` with no scene.
    /// - Parameter discardingState: `true` for a force-quit: nothing is preserved and any archive
    ///   is deleted.
    /// - Throws: ``SceneError/illegalAppTransition(event:state:)`` unless the app is running.
    public func terminate(discardingState: Bool = false) throws(SceneError) {
        try handling(.terminate) { () throws(SceneError) in
            guard phase == .running else {
                throw .illegalAppTransition(event: .terminate, state: appState)
            }
            if discardingState {
                discardPreservedStateForForceQuit()
            }
            if appState != .suspended {
                if !discardingState { preserveState() }
                for scene in scenes where scene.isConnected {
                    scene.isConnected = false
                    call(.didDisconnect, scene, during: .unattached, after: .unattached) { scene.delegate.didDisconnect() }
                }
                phase = .notRunning
                callApp(.willTerminate) { delegate.willTerminate() }
            }
            phase = .notRunning
            scenes.removeAll()
            enteredBackground = nil
            isSuspended = false
            queuedSystemEvents = SystemEventQueue()
        }
    }

    /// Runs `body` for a scene of the running app whose state is one of `from`.
    private func transition(
        _ event: SceneEvent,
        _ session: String,
        from legal: Set<SceneState>,
        _ body: (Scene) -> Void
    ) throws(SceneError) {
        try handling(event) { () throws(SceneError) in
            let scene = try runningScene(session, for: event)
            guard scene.isConnected, legal.contains(scene.state) else {
                throw .illegalTransition(event: event, session: session, state: scene.state)
            }
            body(scene)
        }
    }

    /// The scene with this session, while the app runs.
    private func runningScene(_ session: String, for event: SceneEvent) throws(SceneError) -> Scene {
        guard phase == .running else { throw .illegalAppTransition(event: event, state: appState) }
        guard let scene = scene(session) else { throw .unknownSession(event: event, session: session) }
        return scene
    }
}
