public import SchemeRouter

extension LifecycleController {
    /// Delivers a URL to the running app.
    ///
    /// The URL is routed first and read as the delegate's request; one that matches no route or
    /// carries an invalid value gets ``DeliveryVerdict/rejected(code:offset:message:)`` and no hook runs. Then:
    /// - **Without scenes**: while `active` or `inactive`, `open` alone (an `inactive` app stays
    ///   so: it is already in the foreground, and the runtime ends the interruption); while
    ///   `background` or `suspended` the app is woken first: the queued system events (see
    ///   ``post(_:)``), `willEnterForeground`, `open`, `didBecomeActive`.
    /// - **With scenes**, in the scene ``SceneApplicationDelegate/sceneTarget(for:)`` chooses by
    ///   the rule of ``SceneTarget``: an existing scene gets `willEnterForeground` when it is not
    ///   in the foreground, `openURLContexts`, then (unless it already has focus) the focused
    ///   scene's `willResignActive` and its `didBecomeActive`. A new scene:
    ///   `configurationForConnecting`, `willConnect` with the URL in its options,
    ///   `willEnterForeground`, the focused scene's `willResignActive`, `didBecomeActive`.
    ///
    /// - Parameters:
    ///   - url: The validated URL.
    ///   - options: Who sent it, and what they attached (the hook receives them with `url` set).
    ///   - delivery: The delivery, passed on to ``hookObserver``; the controller numbers it when `nil`.
    /// - Returns: ``DeliveryVerdict/handled`` or ``DeliveryVerdict/declined`` from the hook's
    ///   result (``DeliveryVerdict/handled`` for a URL a new scene connected with),
    ///   ``DeliveryVerdict/openFailed(_:)`` when it threw, or ``DeliveryVerdict/rejected(code:offset:message:)``.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless the app is running
    ///   (URLs that arrive before the launch go to `launch(…queued:)`), or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func receive(
        _ url: SchemeURL,
        options: OpenOptions = OpenOptions(),
        delivery: DeliveryID? = nil
    ) throws(LifecycleError) -> DeliveryVerdict {
        try handling(.receive) { () throws(LifecycleError) -> DeliveryVerdict in
            guard phase == .running else { throw .illegalTransition(event: .receive, state: state) }
            do throws(RouteError) {
                return deliver(URLContext(try router.route(url), options: options), delivery: numbered(delivery))
            } catch {
                return DeliveryVerdict(error)
            }
        }
    }

    /// The runtime's delivery: a URL already routed (``AppRouter/route(_:)``), its delivery
    /// numbered by the runtime.
    package func receive(_ routed: RoutedURL, options: OpenOptions, delivery: DeliveryID) throws(LifecycleError) -> DeliveryVerdict {
        try handling(.receive) { () throws(LifecycleError) -> DeliveryVerdict in
            guard phase == .running else { throw .illegalTransition(event: .receive, state: state) }
            return deliver(URLContext(routed, options: options), delivery: delivery)
        }
    }

    /// The user asked for the app itself, not for a URL (its icon, D-Bus `Activate`, the app run
    /// again). Without scenes: `willEnterForeground` and `didBecomeActive` from the background,
    /// `didBecomeActive` from `inactive`, nothing while `active`. With scenes, as on iOS, the
    /// connected scene activated most recently comes forward (`willEnterForeground` unless it is in
    /// the foreground, then the focused scene's `willResignActive` and its `didBecomeActive`); with
    /// no scene connected, a new one connects (`configurationForConnecting`, `willConnect` with
    /// `activationToken` in its options, `willEnterForeground`, `didBecomeActive`). The window
    /// layer presents an existing scene's window; a new scene presents its own in `willConnect`.
    /// - Parameter activationToken: The desktop's activation token of the request.
    /// - Returns: The scene's session (`nil` for an app without scenes), and whether it connected now.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless the app is running, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    @discardableResult
    public func activateApp(activationToken: String? = nil) throws(LifecycleError) -> (session: SceneSession?, connected: Bool) {
        try handling(.activateApp) { () throws(LifecycleError) -> (session: SceneSession?, connected: Bool) in
            guard phase == .running else { throw .illegalTransition(event: .activateApp, state: state) }
            if let implicit = implicitScene {
                bringForward(implicit) {}
                return (nil, false)
            }
            if let scene = resolve(.anyScene) {
                bringForward(scene) {}
                return (scene.session, false)
            }
            let (scene, _) = connectNew(nil, delivery: nil, activationToken: activationToken)
            bringForward(scene) {}
            return (scene.session, true)
        }
    }

    /// A launcher asked for one of the manifest's actions: the app delegate's `performAction`.
    /// - Returns: What `performAction` returned.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless the app is running, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func perform(_ action: AppAction) throws(LifecycleError) -> Bool {
        try handling(.performAction) { () throws(LifecycleError) -> Bool in
            guard phase == .running else { throw .illegalTransition(event: .performAction, state: state) }
            return callApp(.performAction) { delegate.performAction(action) }
        }
    }

    /// Sends `context` to its scene: the implicit one, or the scene the app's rule chooses
    /// (connecting one when the rule finds none).
    func deliver(_ context: URLContext, delivery: DeliveryID) -> DeliveryVerdict {
        if let implicit = implicitScene {
            if implicit.state.isForeground { return open(context, in: implicit, delivery: delivery) }
            return bringForward(implicit) { open(context, in: implicit, delivery: delivery) }
        }
        guard let sceneApplication else { preconditionFailure("deliver: the app has no scene") }
        if let scene = resolve(sceneApplication.target(context.routed.request)) {
            return bringForward(scene) { open(context, in: scene, delivery: delivery) }
        }
        let (scene, verdict) = connectNew(context, delivery: delivery)
        bringForward(scene) {}
        return verdict
    }

    /// Brings `scene` forward: `willEnterForeground` unless it is in the foreground, then `work`
    /// (its URL), then it takes the focus.
    @discardableResult
    func bringForward<Value>(_ scene: Scene, _ work: () -> Value) -> Value {
        if !scene.state.isForeground {
            call(.willEnterForeground, scene, after: .foregroundInactive) { scene.hooks.willEnterForeground() }
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
            candidates = scenes.filter { $0.isConnected && $0.hooks.targetContentIdentifiers.contains(identifier) }
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
    func connectNew(_ context: URLContext?, delivery: DeliveryID?, activationToken: String? = nil)
        -> (scene: Scene, verdict: DeliveryVerdict)
    {
        guard let sceneApplication else { preconditionFailure("connectNew: the app has no scenes") }
        let options = ConnectionContext(urlContexts: context.map { [$0] } ?? [], activationToken: activationToken)
        var session = SceneSession(persistentIdentifier: nextSessionIdentifier())
        let configuration = callApp(.configurationForConnecting, session: session.persistentIdentifier) {
            sceneApplication.configuration(session, options)
        }
        session.configurationName = configuration.name
        let scene = addScene(session)
        let verdict = connect(scene, options: options, url: context?.routed.url, delivery: delivery)
        return (scene, verdict)
    }

    /// Creates the delegate of `session` and remembers the scene, not yet connected.
    func addScene(_ session: SceneSession) -> Scene {
        guard let sceneApplication else { preconditionFailure("addScene: the app has no scenes") }
        let scene = Scene(session: session, hooks: sceneApplication.makeScene(session))
        scenes.append(scene)
        return scene
    }

    /// Calls `willConnect`; the scene is connected afterwards even when it threw.
    func connect(_ scene: Scene, options: ConnectionContext, url: SchemeURL?, delivery: DeliveryID?) -> DeliveryVerdict {
        scene.isConnected = true
        do {
            try call(.willConnect, scene, after: .unattached, url: url, delivery: delivery) {
                try scene.hooks.willConnect(to: scene.session, options: options)
            }
            return .handled
        } catch {
            return .openFailed(String(describing: error))
        }
    }

    /// Hands `context` to `scene` (`openURLContexts`, or the app delegate's `open` for the
    /// implicit scene) and turns the answer into a verdict.
    func open(_ context: URLContext, in scene: Scene, delivery: DeliveryID) -> DeliveryVerdict {
        do {
            let hook: Hook = scene.isImplicit ? .open : .openURLContexts
            let handled = try call(hook, scene, after: scene.state, url: context.routed.url, delivery: delivery) {
                try scene.hooks.open(context)
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
            call(.willResignActive, other, after: .foregroundInactive) { other.hooks.willResignActive() }
        }
        lastActivation += 1
        scene.lastActivation = lastActivation
        call(.didBecomeActive, scene, during: .foregroundActive, after: .foregroundActive) { scene.hooks.didBecomeActive() }
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
