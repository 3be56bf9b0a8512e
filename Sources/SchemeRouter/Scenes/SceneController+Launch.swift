extension SceneController {
    /// Launches the app and connects its first scene.
    ///
    /// `willFinishLaunching(options)`; state restoration, which reconnects the preserved scenes;
    /// `didFinishLaunching(options)`. Then the launch URL goes where ``SceneTarget`` says among the
    /// restored scenes, and a new scene connects with the URL in its
    /// ``SceneConnectionOptions/urlContexts``; a launch hook that returned `false` keeps the URL from
    /// every scene (verdict ``DeliveryVerdict/declined``) and the first scene connects without it.
    /// Without a URL (or declined) and with no restored scene, one new scene connects. Every
    /// connected scene then gets `willEnterForeground`, a restored scene the URL targets gets
    /// `openURLContexts`, and the scene that is to have focus (the URL's, else the last restored
    /// one, which was the most recently active) gets `didBecomeActive`. Queued URLs follow as if
    /// received.
    ///
    /// The launch hooks and the restoration share ``LifecycleConfiguration/launchDeadline``, as
    /// with ``LifecycleController``: once it is exceeded no further hook runs, the app is
    /// `notRunning` again with no scene, and every delivery gets ``DeliveryVerdict/launchTimedOut``.
    ///
    /// - Parameters:
    ///   - options: Why the app launches; `options.url` is the launch URL.
    ///   - delivery: The launch URL's delivery; set exactly when `options.url` is.
    ///   - queued: URLs that arrived before or during the launch, in arrival order.
    /// - Returns: The verdicts of all deliveries in order (launch URL first) and the failure, if any.
    /// - Throws: ``SceneError/illegalAppTransition(event:state:)`` unless `notRunning`, or
    ///   ``SceneError/reentrantEvent(event:during:)``; no hook ran then.
    /// A launch URL or queued URL that matches no route is ``DeliveryVerdict/rejected(_:)`` and no
    /// scene receives it.
    /// - Precondition: `delivery` is `nil` when `options.url` is.
    public func launch(
        options: LaunchOptions = LaunchOptions(),
        delivery: DeliveryID? = nil,
        queued: [PendingDelivery] = []
    ) throws(SceneError) -> LaunchOutcome {
        precondition(options.url != nil || delivery == nil, "launch: a DeliveryID needs a launch URL")
        return try handling(.launch) { () throws(SceneError) -> LaunchOutcome in
            guard phase == .notRunning else {
                throw .illegalAppTransition(event: .launch, state: appState)
            }
            return runLaunch(options: options, delivery: delivery, queued: queued)
        }
    }

    private func runLaunch(options: LaunchOptions, delivery: DeliveryID?, queued: [PendingDelivery]) -> LaunchOutcome {
        let delivery = options.url == nil ? nil : numbered(delivery)
        let queued = queued.map { pending in (pending, numbered(pending.delivery)) }
        let deliveries = (delivery.map { [$0] } ?? []) + queued.map(\.1)
        phase = .launching
        let start = clock.now
        func overran(_ hook: Hook) -> LaunchOutcome? {
            let elapsed = clock.now - start
            guard elapsed > configuration.launchDeadline else { return nil }
            abandonLaunch()
            return LaunchOutcome(
                results: deliveries.map { DeliveryResult(delivery: $0, verdict: .launchTimedOut) },
                failure: .timedOut(hook: hook, elapsed: elapsed, deadline: configuration.launchDeadline))
        }
        var accepted = callApp(.willFinishLaunching) { delegate.willFinishLaunching(options: options) }
        if let failure = overran(.willFinishLaunching) { return failure }
        restorePreservedState()
        callApp(.restoreState) {}
        if let failure = overran(.restoreState) { return failure }
        accepted = callApp(.didFinishLaunching) { delegate.didFinishLaunching(options: options) } && accepted
        if let failure = overran(.didFinishLaunching) { return failure }
        statePreservation?.launchEnded()

        let restored = scenes.filter(\.isConnected)
        var key = restored.last
        var results: [DeliveryResult] = []
        var launchURL: (scene: Scene, context: SceneURLContext, delivery: DeliveryID)?
        if let url = options.url, let delivery {
            do throws(RouteError) {
                let context = SceneURLContext(try router.route(url), options: OpenOptions(options))
                if !accepted {
                    results.append(DeliveryResult(delivery: delivery, verdict: .declined))
                } else if let existing = resolve(targetOf(context.request)) {
                    launchURL = (existing, context, delivery)
                    key = existing
                } else {
                    let (scene, verdict) = connectNew(context, delivery: delivery)
                    results.append(DeliveryResult(delivery: delivery, verdict: verdict))
                    key = scene
                }
            } catch {
                results.append(DeliveryResult(delivery: delivery, verdict: .rejected(error)))
            }
        }
        if key == nil {
            key = connectNew(nil, delivery: nil, activationToken: options.activationToken).scene
        }
        for scene in scenes where scene.isConnected && scene.state == .unattached {
            call(.willEnterForeground, scene, after: .foregroundInactive) { scene.delegate.willEnterForeground() }
        }
        if let launchURL {
            let verdict = openURL(launchURL.context, in: launchURL.scene, delivery: launchURL.delivery)
            results.append(DeliveryResult(delivery: launchURL.delivery, verdict: verdict))
        }
        phase = .running
        if let key { becomeActive(key) }
        for (pending, delivery) in queued {
            let verdict: DeliveryVerdict
            do throws(RouteError) {
                verdict = deliver(SceneURLContext(try router.route(pending.url), options: pending.options), delivery: delivery)
            } catch {
                verdict = .rejected(error)
            }
            results.append(DeliveryResult(delivery: delivery, verdict: verdict))
        }
        return LaunchOutcome(results: results)
    }

    /// Forgets a launch that overran its deadline: no hook runs, every scene is dropped.
    private func abandonLaunch() {
        statePreservation?.launchEnded()
        phase = .notRunning
        scenes.removeAll()
        enteredBackground = nil
        isSuspended = false
    }
}

