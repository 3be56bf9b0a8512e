extension LifecycleController {
    /// Launches the app: the cold-launch sequence, then every URL that arrived meanwhile.
    ///
    /// The launch URL (`options.url`) is routed first; one that matches no route or carries an
    /// invalid value throws ``LifecycleError/launchURLRejected(url:reason:)`` and nothing runs.
    ///
    /// Into the foreground: `notRunning → inactive`, `willFinishLaunching(options)`,
    /// state restoration (see ``StatePreservation``), `didFinishLaunching(options)`; then, when `options.url` is set,
    /// `open(request)` only if both launch hooks returned `true` (otherwise its verdict is
    /// ``DeliveryVerdict/declined``); then `didBecomeActive()` (`active`). Into the background:
    /// the same launch hooks with the state `background` (as UIKit reports it), then
    /// `didEnterBackground()`, which starts the background deadline.
    ///
    /// Then each queued URL is delivered in arrival order as if it had just been received: with
    /// `open` alone when the app is active, or after a background launch, the first one with the
    /// wake sequence (`willEnterForeground`, `open`, `didBecomeActive`) and the rest with `open`.
    /// A queued URL that does not route gets ``DeliveryVerdict/rejected(_:)`` and runs no hook.
    /// Their verdicts do not depend on the launch hooks' return values, which concern the launch
    /// URL only.
    ///
    /// The launch hooks share ``LifecycleConfiguration/launchDeadline``: the clock is read before
    /// `willFinishLaunching` and after each launch hook, and as soon as the elapsed time exceeds
    /// the deadline the launch ends. No further hook runs, the app is `notRunning` again, the
    /// outcome's ``LaunchOutcome/failure`` is ``LaunchFailure/timedOut(hook:elapsed:deadline:)``,
    /// and every delivery, the launch URL's and the queued ones, gets
    /// ``DeliveryVerdict/launchTimedOut``.
    ///
    /// - Parameters:
    ///   - options: Why the app launches; `options.url` is the launch URL.
    ///   - queued: URLs that arrived before or during the launch, in arrival order.
    ///   - intoBackground: `true` to launch without becoming active. A launch URL is not allowed
    ///     then (UIKit always opens a launch URL in the foreground); queue the URL instead. A
    ///     plain ``LaunchOptions/reason`` becomes ``LaunchReason/background``.
    /// - Returns: The verdicts of all deliveries in order (launch URL first; deliveries the
    ///   caller did not number are numbered by the controller) and the failure, if any.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `notRunning`,
    ///   ``LifecycleError/urlLaunchIntoBackground(url:)``,
    ///   ``LifecycleError/exitsOnSuspend(event:)`` for a background launch of an app that
    ///   never runs in the background, ``LifecycleError/launchURLRejected(url:reason:)``, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``; no hook ran then.
    public func launch(
        options: LaunchOptions = LaunchOptions(),
        queued: [PendingDelivery] = [],
        intoBackground: Bool = false
    ) throws(LifecycleError) -> LaunchOutcome {
        try handling(.launch) { () throws(LifecycleError) -> LaunchOutcome in
            try checkLaunch(options, intoBackground: intoBackground)
            var launchURL: RoutedURL?
            if let url = options.url {
                do throws(RouteError) {
                    launchURL = try router.route(url)
                } catch {
                    throw .launchURLRejected(url: url.text, reason: error)
                }
            }
            return runLaunch(
                options: options, launchURL: launchURL, delivery: launchURL.map { _ in numbered(nil) },
                queued: queued, intoBackground: intoBackground)
        }
    }

    /// The runtime's launch: the launch URL already routed (``AppRouter/route(_:)``) and numbered.
    package func launch(
        options: LaunchOptions, routed launchURL: RoutedURL?, delivery: DeliveryID?, intoBackground: Bool
    ) throws(LifecycleError) -> LaunchOutcome {
        try handling(.launch) { () throws(LifecycleError) -> LaunchOutcome in
            try checkLaunch(options, intoBackground: intoBackground)
            return runLaunch(
                options: options, launchURL: launchURL, delivery: launchURL.map { _ in numbered(delivery) },
                queued: [], intoBackground: intoBackground)
        }
    }

    /// Refuses a launch that is not legal now.
    private func checkLaunch(_ options: LaunchOptions, intoBackground: Bool) throws(LifecycleError) {
        guard state == .notRunning else {
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
        launchURL: RoutedURL?,
        delivery: DeliveryID?,
        queued: [PendingDelivery],
        intoBackground: Bool
    ) -> LaunchOutcome {
        var options = options
        if intoBackground && options.reason == .plain { options.reason = .background }
        let queued = queued.map { PendingDelivery(url: $0.url, options: $0.options, delivery: numbered($0.delivery)) }
        let deliveries = (delivery.map { [$0] } ?? []) + queued.compactMap(\.delivery)
        let launchState: AppState = intoBackground ? .background : .inactive
        let steps: [(hook: Hook, run: () -> Bool)] = [
            (.willFinishLaunching, { self.delegate.willFinishLaunching(options: options) }),
            (.restoreState, { self.restoreApplicationState(); return true }),
            (.didFinishLaunching, { self.delegate.didFinishLaunching(options: options) }),
        ]
        let start = clock.now
        var accepted = true
        for step in steps {
            let result = call(step.hook, during: launchState, after: launchState, step.run)
            accepted = accepted && result
            let elapsed = clock.now - start
            if elapsed > configuration.launchDeadline {
                statePreservation?.launchEnded()
                state = .notRunning
                resetRunningState()
                return LaunchOutcome(
                    results: deliveries.map { DeliveryResult(delivery: $0, verdict: .launchTimedOut) },
                    failure: .timedOut(hook: step.hook, elapsed: elapsed, deadline: configuration.launchDeadline))
            }
        }

        statePreservation?.launchEnded()
        var results: [DeliveryResult] = []
        if intoBackground {
            enteredBackground = clock.now
            call(.didEnterBackground, during: .background, after: .background) { delegate.didEnterBackground() }
            preserveApplicationState()
        } else {
            if let launchURL, let delivery {
                let verdict = accepted ? open(launchURL, options: OpenOptions(options), delivery: delivery) : .declined
                results.append(DeliveryResult(delivery: delivery, verdict: verdict))
            }
            call(.didBecomeActive, during: .active, after: .active) { delegate.didBecomeActive() }
        }
        for pending in queued {
            let delivery = numbered(pending.delivery)
            let verdict: DeliveryVerdict
            do throws(RouteError) {
                verdict = deliver(try router.route(pending.url), options: pending.options, delivery: delivery)
            } catch {
                verdict = .rejected(error)
            }
            results.append(DeliveryResult(delivery: delivery, verdict: verdict))
        }
        return LaunchOutcome(results: results)
    }
}
