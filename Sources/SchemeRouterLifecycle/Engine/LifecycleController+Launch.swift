package import SchemeRouter

extension LifecycleController {
    /// Launches the app: the cold-launch sequence, then every URL that arrived meanwhile.
    ///
    /// `willFinishLaunching(options)`; state restoration (see ``StatePreservation``), which
    /// reconnects the preserved scenes of an app with scenes; `didFinishLaunching(options)`. Then:
    /// - **Into the foreground**, without scenes: `open(request)` for the launch URL only if both
    ///   launch hooks returned `true` (otherwise its verdict is ``DeliveryVerdict/declined``),
    ///   then `didBecomeActive`. With scenes: the launch URL goes where ``SceneTarget`` says among
    ///   the restored scenes, or a new scene connects with the URL in its
    ///   ``SceneConnectionOptions/urlContexts`` (under the same condition); without a URL and
    ///   with no restored scene one new scene connects. Every connected scene gets
    ///   `willEnterForeground`, a restored scene the URL targets `openURLContexts`, and the scene
    ///   that is to have focus (the URL's, else the last restored one) `didBecomeActive`.
    /// - **Into the background**: the launch hooks see the state `background` (as UIKit reports
    ///   it), then `didEnterBackground` (each connected scene's, with scenes), which starts the
    ///   background deadline.
    ///
    /// A launch URL that matches no route, or carries an invalid value, is
    /// ``DeliveryVerdict/rejected(code:offset:message:)`` and no hook receives it; the launch goes on. Then each
    /// queued URL is delivered in arrival order as if it had just been received (after a
    /// background launch the first one wakes the app); one that does not route is rejected. Their
    /// verdicts do not depend on the launch hooks' answers, which concern the launch URL only.
    ///
    /// The launch hooks and the restoration share ``LifecycleConfiguration/launchDeadline``: the
    /// clock is read before `willFinishLaunching` and after each launch step, and as soon as the
    /// elapsed time exceeds the deadline the launch ends. No further hook runs, the app is
    /// `notRunning` again, the outcome's ``LaunchOutcome/failure`` is
    /// ``LaunchFailure/timedOut(hook:elapsed:deadline:)``, and every delivery gets
    /// ``DeliveryVerdict/launchTimedOut``.
    ///
    /// - Parameters:
    ///   - options: Why the app launches; `options.url` is the launch URL.
    ///   - delivery: The launch URL's delivery; the controller numbers it when `nil`.
    ///   - queued: URLs that arrived before or during the launch, in arrival order.
    ///   - intoBackground: `true` to launch without becoming active. A launch URL is not allowed
    ///     then (UIKit always opens a launch URL in the foreground); queue the URL instead. A
    ///     plain ``LaunchOptions/reason`` becomes ``LaunchReason/background``.
    /// - Returns: The verdicts of all deliveries in order (launch URL first) and the failure, if any.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `notRunning`,
    ///   ``LifecycleError/urlLaunchIntoBackground(url:)``,
    ///   ``LifecycleError/exitsOnSuspend(event:)`` for a background launch of an app that never
    ///   runs in the background, or ``LifecycleError/reentrantEvent(event:during:)``; no hook ran then.
    /// - Precondition: `delivery` is `nil` when `options.url` is.
    public func launch(
        options: LaunchOptions = LaunchOptions(),
        delivery: DeliveryID? = nil,
        queued: [PendingDelivery] = [],
        intoBackground: Bool = false
    ) throws(LifecycleError) -> LaunchOutcome {
        precondition(options.url != nil || delivery == nil, "launch: a DeliveryID needs a launch URL")
        return try handling(.launch) { () throws(LifecycleError) -> LaunchOutcome in
            try checkLaunch(options, intoBackground: intoBackground)
            let launchURL = options.url.map { url in Result { () throws(RouteError) in try router.route(url) } }
            return runLaunch(
                options: options, launchURL: launchURL, delivery: delivery, queued: queued, intoBackground: intoBackground)
        }
    }

    /// The runtime's launch: the launch URL already routed (``AppRouter/route(_:)``) and numbered.
    package func launch(
        options: LaunchOptions, routed launchURL: RoutedURL?, delivery: DeliveryID?, intoBackground: Bool
    ) throws(LifecycleError) -> LaunchOutcome {
        try handling(.launch) { () throws(LifecycleError) -> LaunchOutcome in
            try checkLaunch(options, intoBackground: intoBackground)
            return runLaunch(
                options: options, launchURL: launchURL.map { .success($0) }, delivery: delivery, queued: [],
                intoBackground: intoBackground)
        }
    }

    /// Refuses a launch that is not legal now.
    private func checkLaunch(_ options: LaunchOptions, intoBackground: Bool) throws(LifecycleError) {
        guard phase == .notRunning else {
            throw .illegalTransition(event: .launch, state: state)
        }
        if intoBackground, let url = options.url {
            throw .urlLaunchIntoBackground(url: url.text)
        }
        if intoBackground && configuration.exitsOnSuspend {
            throw .exitsOnSuspend(event: .launch)
        }
    }

    /// The launch sequence, once the launch is known to be legal.
    private func runLaunch(
        options: LaunchOptions,
        launchURL: Result<RoutedURL, RouteError>?,
        delivery: DeliveryID?,
        queued: [PendingDelivery],
        intoBackground: Bool
    ) -> LaunchOutcome {
        var options = options
        if intoBackground && options.reason == .plain { options.reason = .background }
        let delivery = launchURL == nil ? nil : numbered(delivery)
        let queued = queued.map { pending in (pending, numbered(pending.delivery)) }
        let deliveries = (delivery.map { [$0] } ?? []) + queued.map(\.1)
        phase = .launching(intoBackground: intoBackground)
        launchStepsDone = false
        let start = clock.now
        func overran(_ hook: Hook) -> LaunchOutcome? {
            let elapsed = clock.now - start
            guard elapsed > configuration.launchDeadline else { return nil }
            statePreservation?.launchEnded()
            resetRunningState()
            return LaunchOutcome(
                results: deliveries.map { DeliveryResult(delivery: $0, verdict: .launchTimedOut) },
                failure: .timedOut(hook: hook, elapsed: elapsed, deadline: configuration.launchDeadline))
        }
        var accepted = callApp(.willFinishLaunching) { delegate.willFinishLaunching(options: options) }
        if let failure = overran(.willFinishLaunching) { return failure }
        // Restoring gets half the launch deadline, so the launch hooks keep the other half.
        restorePreservedState(deadline: start + configuration.launchDeadline / 2)
        callApp(.restoreState) {}
        if let failure = overran(.restoreState) { return failure }
        let finished = callApp(.didFinishLaunching, afterwards: { launchStepsDone = true }) {
            delegate.didFinishLaunching(options: options)
        }
        accepted = finished && accepted
        if let failure = overran(.didFinishLaunching) { return failure }
        statePreservation?.launchEnded()

        var results: [DeliveryResult] = []
        var launchContext: URLContext?
        if let launchURL, let delivery {
            switch launchURL {
            case .failure(let error):
                results.append(DeliveryResult(delivery: delivery, verdict: DeliveryVerdict(error)))
            case .success(let routed) where accepted:
                launchContext = URLContext(routed, options: OpenOptions(options))
            case .success:
                results.append(DeliveryResult(delivery: delivery, verdict: .declined))
            }
        }
        if intoBackground {
            connectScenesIntoBackground(activationToken: options.activationToken)
        } else if sceneApplication == nil {
            results += launchImplicitScene(launchContext.map { ($0, delivery!) })
        } else {
            results += connectScenes(launchContext.map { ($0, delivery!) }, activationToken: options.activationToken)
        }
        for (pending, delivery) in queued {
            let verdict: DeliveryVerdict
            do throws(RouteError) {
                verdict = deliver(URLContext(try router.route(pending.url), options: pending.options), delivery: delivery)
            } catch {
                verdict = DeliveryVerdict(error)
            }
            results.append(DeliveryResult(delivery: delivery, verdict: verdict))
        }
        return LaunchOutcome(results: results)
    }

    /// The foreground launch of an app without scenes: its implicit scene comes up silently, the
    /// launch URL goes to `open`, then `didBecomeActive`.
    private func launchImplicitScene(_ launchURL: (context: URLContext, delivery: DeliveryID)?) -> [DeliveryResult] {
        let scene = addImplicitScene(in: .foregroundInactive)
        var results: [DeliveryResult] = []
        if let launchURL {
            let verdict = open(launchURL.context, in: scene, delivery: launchURL.delivery)
            results.append(DeliveryResult(delivery: launchURL.delivery, verdict: verdict))
        }
        phase = .running
        becomeActive(scene)
        return results
    }

    /// The foreground launch of an app with scenes: the launch URL's scene (restored or new), or a
    /// first scene; every connected scene enters the foreground and the key one becomes active.
    private func connectScenes(_ launchURL: (context: URLContext, delivery: DeliveryID)?, activationToken: String?)
        -> [DeliveryResult]
    {
        guard let sceneApplication else { preconditionFailure("connectScenes: the app has no scenes") }
        var key = scenes.last(where: \.isConnected)
        var results: [DeliveryResult] = []
        var openInRestored: (scene: Scene, context: URLContext, delivery: DeliveryID)?
        if let launchURL {
            if let existing = resolve(sceneApplication.target(launchURL.context.routed.request)) {
                openInRestored = (existing, launchURL.context, launchURL.delivery)
                key = existing
            } else {
                let (scene, verdict) = connectNew(launchURL.context, delivery: launchURL.delivery)
                results.append(DeliveryResult(delivery: launchURL.delivery, verdict: verdict))
                key = scene
            }
        }
        if key == nil {
            key = connectNew(nil, delivery: nil, activationToken: activationToken).scene
        }
        for scene in scenes where scene.isConnected && scene.state == .unattached {
            call(.willEnterForeground, scene, after: .foregroundInactive) { scene.hooks.willEnterForeground() }
        }
        if let openInRestored {
            let verdict = open(openInRestored.context, in: openInRestored.scene, delivery: openInRestored.delivery)
            results.append(DeliveryResult(delivery: openInRestored.delivery, verdict: verdict))
        }
        phase = .running
        if let key { becomeActive(key) }
        return results
    }

    /// The background launch: the implicit scene, or the restored scenes (a first one when none
    /// was restored), go straight to the background with `didEnterBackground`, and the app's
    /// state is preserved.
    private func connectScenesIntoBackground(activationToken: String?) {
        if sceneApplication == nil {
            addImplicitScene(in: .unattached)
        } else if !scenes.contains(where: \.isConnected) {
            _ = connectNew(nil, delivery: nil, activationToken: activationToken)
        }
        phase = .running
        enteredBackground = clock.now
        for scene in scenes where scene.isConnected && scene.state == .unattached {
            call(.didEnterBackground, scene, during: .background, after: .background) { scene.hooks.didEnterBackground() }
        }
        preserveState()
    }

    /// Adds the implicit scene of an app without scenes, connected, in `state`, without a hook.
    @discardableResult
    private func addImplicitScene(in state: SceneState) -> Scene {
        let scene = Scene(session: SceneSession(persistentIdentifier: "app"), hooks: implicitHooks)
        scene.isConnected = true
        scene.state = state
        scenes.append(scene)
        return scene
    }
}
