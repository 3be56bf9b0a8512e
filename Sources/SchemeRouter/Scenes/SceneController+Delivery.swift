extension SceneController {
    /// Delivers a URL to the running app, in the scene ``SceneApplicationDelegate/sceneTarget(for:)``
    /// chooses by the rule of ``SceneTarget``.
    ///
    /// An existing scene is presented: `willEnterForeground` when it is not in the foreground,
    /// `openURLContexts`, then (unless it already has focus) the focused scene's
    /// `willResignActive` and its `didBecomeActive`. A new scene: `configurationForConnecting`,
    /// `willConnect` with the URL in its options, `willEnterForeground`, the focused scene's
    /// `willResignActive`, `didBecomeActive`.
    ///
    /// - Returns: ``DeliveryVerdict/handled`` or ``DeliveryVerdict/declined`` from
    ///   `openURLContexts`, ``DeliveryVerdict/handled`` for a URL a new scene connected with, or
    ///   ``DeliveryVerdict/openFailed(_:)`` when the hook threw.
    /// - Throws: ``SceneError/illegalAppTransition(event:state:)`` unless the app is running, or
    ///   ``SceneError/reentrantEvent(event:during:)``.
    /// A URL that matches no route, or carries an invalid value, is ``DeliveryVerdict/rejected(_:)``
    /// before any hook runs.
    /// - Parameters:
    ///   - url: The validated URL.
    ///   - options: Who sent it, and what they attached.
    ///   - delivery: The delivery, passed on to ``hookObserver``; the controller numbers it when `nil`.
    public func receive(
        _ url: SchemeURL,
        options: OpenOptions = OpenOptions(),
        delivery: DeliveryID? = nil
    ) throws(SceneError) -> DeliveryVerdict {
        try handling(.receive) { () throws(SceneError) -> DeliveryVerdict in
            guard phase == .running else {
                throw .illegalAppTransition(event: .receive, state: appState)
            }
            do throws(RouteError) {
                return deliver(SceneURLContext(try router.route(url), options: options), delivery: numbered(delivery))
            } catch {
                return .rejected(error)
            }
        }
    }

    /// Sends `context` to its scene, connecting one when the rule finds none.
    func deliver(_ context: SceneURLContext, delivery: DeliveryID) -> DeliveryVerdict {
        if let scene = resolve(targetOf(context.request)) {
            return bringForward(scene) { openURL(context, in: scene, delivery: delivery) }
        }
        let (scene, verdict) = connectNew(context, delivery: delivery)
        bringForward(scene) {}
        return verdict
    }

    /// The user asked for the app itself, not for a URL (its icon, D-Bus `Activate`, the app run
    /// again): as on iOS, the connected scene activated most recently comes forward
    /// (`willEnterForeground` unless it is in the foreground, then the focused scene's
    /// `willResignActive` and its `didBecomeActive`); with no scene connected, a new one connects
    /// (`configurationForConnecting`, `willConnect` with `activationToken` in its options,
    /// `willEnterForeground`, `didBecomeActive`). The window layer presents an existing scene's window;
    /// a new scene presents its own in `willConnect`.
    /// - Parameter activationToken: The desktop's activation token of the request.
    /// - Returns: The scene's session, and whether it connected now.
    /// - Throws: ``SceneError/illegalAppTransition(event:state:)`` unless the app is running, or
    ///   ``SceneError/reentrantEvent(event:during:)``.
    public func activateApp(activationToken: String? = nil) throws(SceneError) -> (session: SceneSession, connected: Bool) {
        try handling(.activateApp) { () throws(SceneError) -> (session: SceneSession, connected: Bool) in
            guard phase == .running else { throw .illegalAppTransition(event: .activateApp, state: appState) }
            if let scene = resolve(.anyScene) {
                bringForward(scene) {}
                return (scene.session, false)
            }
            let (scene, _) = connectNew(nil, delivery: nil, activationToken: activationToken)
            bringForward(scene) {}
            return (scene.session, true)
        }
    }

    /// Brings `scene` forward: `willEnterForeground` unless it is in the foreground, then `work`
    /// (its `openURLContexts`), then it takes the focus.
    private func bringForward<Value>(_ scene: Scene, _ work: () -> Value) -> Value {
        if !scene.state.isForeground {
            call(.willEnterForeground, scene, after: .foregroundInactive) { scene.delegate.willEnterForeground() }
        }
        let value = work()
        becomeActive(scene)
        return value
    }

    /// The scene `target` names among the connected ones, or `nil` for a new scene.
    func resolve(_ target: SceneTarget) -> Scene? {
        let candidates: [Scene]
        switch target {
        case .newScene:
            return nil
        case .content(let identifier):
            candidates = scenes.filter { $0.isConnected && $0.delegate.targetContentIdentifiers.contains(identifier) }
        case .anyScene:
            candidates = scenes.filter(\.isConnected)
        }
        // Most recently activated first; `scenes` is in creation order, so the first maximum wins ties.
        return candidates.reduce(nil) { best, scene in
            guard let best else { return scene }
            return scene.lastActivation > best.lastActivation ? scene : best
        }
    }

    /// Creates a session and connects a scene for it (`unattached`, connected), with `context` in
    /// its options; the verdict is for `context`.
    func connectNew(_ context: SceneURLContext?, delivery: DeliveryID?, activationToken: String? = nil)
        -> (scene: Scene, verdict: DeliveryVerdict)
    {
        let options = SceneConnectionOptions(urlContexts: context.map { [$0] } ?? [], activationToken: activationToken)
        var session = SceneSession(persistentIdentifier: nextSessionIdentifier())
        let configuration = callApp(.configurationForConnecting, session: session.persistentIdentifier) {
            delegate.configurationForConnecting(session, options: options)
        }
        session.configurationName = configuration.name
        let scene = addScene(session)
        let verdict = connect(scene, options: options, url: context?.url, delivery: delivery)
        return (scene, verdict)
    }

    /// Creates the delegate of `session` and remembers the scene, not yet connected.
    func addScene(_ session: SceneSession) -> Scene {
        let scene = Scene(session: session, delegate: delegate.makeSceneDelegate(for: session))
        scenes.append(scene)
        return scene
    }

    /// Calls `willConnect`; the scene is connected afterwards even when it threw.
    func connect(_ scene: Scene, options: SceneConnectionOptions, url: SchemeURL?, delivery: DeliveryID?) -> DeliveryVerdict {
        scene.isConnected = true
        do {
            try call(.willConnect, scene, after: .unattached, url: url, delivery: delivery) {
                try scene.delegate.willConnect(to: scene.session, options: options)
            }
            return .handled
        } catch {
            return .openFailed(String(describing: error))
        }
    }

    /// Calls `openURLContexts` and turns its result into a verdict.
    func openURL(_ context: SceneURLContext, in scene: Scene, delivery: DeliveryID) -> DeliveryVerdict {
        do {
            let handled = try call(.openURLContexts, scene, after: scene.state, url: context.url, delivery: delivery) {
                try scene.delegate.openURLContexts(context)
            }
            return handled ? .handled : .declined
        } catch {
            return .openFailed(String(describing: error))
        }
    }

    /// Gives `scene` the focus: the focused scene resigns, then `scene` becomes active. Nothing
    /// when it already has the focus.
    func becomeActive(_ scene: Scene) {
        guard scene.state != .foregroundActive else { return }
        for other in scenes where other.state == .foregroundActive {
            call(.willResignActive, other, after: .foregroundInactive) { other.delegate.willResignActive() }
        }
        lastActivation += 1
        scene.lastActivation = lastActivation
        call(.didBecomeActive, scene, during: .foregroundActive, after: .foregroundActive) { scene.delegate.didBecomeActive() }
    }

    /// `scene-<n>`, unique among the known sessions.
    func nextSessionIdentifier() -> String {
        while true {
            lastSessionNumber += 1
            let identifier = "scene-\(lastSessionNumber)"
            if scene(identifier) == nil { return identifier }
        }
    }
}
