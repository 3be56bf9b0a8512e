extension LifecycleController {
    /// Delivers a URL to the running app.
    ///
    /// The URL is routed first and read as the delegate's request; one that matches no route or
    /// carries an invalid value gets ``DeliveryVerdict/rejected(_:)`` and no hook runs. Then,
    /// while `background` or `suspended` the app is woken first: the queued system events (see
    /// ``post(_:)``), `willEnterForeground`, `open`, `didBecomeActive` (`active`). While
    /// `active`: `open` alone. While `inactive`: `open`
    /// alone, and the app stays `inactive` (it is already in the foreground; the runtime ends
    /// the interruption).
    ///
    /// - Parameters:
    ///   - url: The validated URL.
    ///   - options: Who sent it, and what they attached (`open` receives them with `url` set).
    /// - Returns: ``DeliveryVerdict/handled`` or ``DeliveryVerdict/declined`` from `open`'s
    ///   result, ``DeliveryVerdict/openFailed(_:)`` when it threw, or
    ///   ``DeliveryVerdict/rejected(_:)``.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` while `notRunning` (URLs
    ///   that arrive before the launch go to `launch(…queued:)`), or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func receive(_ url: SchemeURL, options: OpenOptions = OpenOptions()) throws(LifecycleError) -> DeliveryVerdict {
        try handling(.receive) { () throws(LifecycleError) -> DeliveryVerdict in
            guard state != .notRunning else {
                throw .illegalTransition(event: .receive, state: state)
            }
            do throws(RouteError) {
                return deliver(try router.route(url), options: options, delivery: numbered(nil))
            } catch {
                return .rejected(error)
            }
        }
    }

    /// The runtime's delivery: a URL already routed (``AppRouter/route(_:)``), its delivery
    /// numbered by the runtime.
    package func receive(_ routed: RoutedURL, options: OpenOptions, delivery: DeliveryID) throws(LifecycleError) -> DeliveryVerdict {
        try handling(.receive) { () throws(LifecycleError) -> DeliveryVerdict in
            guard state != .notRunning else {
                throw .illegalTransition(event: .receive, state: state)
            }
            return deliver(routed, options: options, delivery: delivery)
        }
    }

    /// Opens a routed URL in the current state, waking the app first when it is in the background.
    func deliver(_ routed: RoutedURL, options: OpenOptions, delivery: DeliveryID) -> DeliveryVerdict {
        switch state {
        case .active, .inactive:
            return open(routed, options: options, delivery: delivery)
        case .background, .suspended:
            return wake { open(routed, options: options, delivery: delivery) }
        case .notRunning:
            preconditionFailure("deliver: the app is not running")
        }
    }

    /// Calls `open` in the current state and turns its result into a verdict.
    func open(_ routed: RoutedURL, options: OpenOptions, delivery: DeliveryID) -> DeliveryVerdict {
        var options = options
        options.url = routed.url
        do {
            let handled = try call(.open, during: state, after: state, url: routed.url, delivery: delivery) {
                try openRequest(routed.request, options)
            }
            return handled ? .handled : .declined
        } catch {
            return .openFailed(String(describing: error))
        }
    }

    /// The wake sequence around `body`: the queued system events, `willEnterForeground`, `body`,
    /// `didBecomeActive`.
    func wake<Result>(_ body: () -> Result) -> Result {
        enteredBackground = nil
        deliverQueuedSystemEvents()
        call(.willEnterForeground, during: state, after: .inactive) { delegate.willEnterForeground() }
        let result = body()
        call(.didBecomeActive, during: .active, after: .active) { delegate.didBecomeActive() }
        return result
    }
}
