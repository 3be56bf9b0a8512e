extension LifecycleController {
    /// Delivers a URL to the running app.
    ///
    /// While `background` or `suspended` the app is woken first: the queued system events (see
    /// ``post(_:)``), `willEnterForeground`, `open`, `didBecomeActive` (`active`). While `active`: `open` alone. While `inactive`: `open`
    /// alone, and the app stays `inactive` (it is already in the foreground; the runtime ends
    /// the interruption).
    ///
    /// - Parameters:
    ///   - url: The validated URL.
    ///   - options: Who sent it, and what they attached.
    ///   - delivery: The delivery, passed on to ``hookObserver``.
    /// - Returns: ``DeliveryVerdict/handled`` or ``DeliveryVerdict/declined`` from `open`'s
    ///   result, or ``DeliveryVerdict/openFailed(_:)`` when it threw.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` while `notRunning` (URLs
    ///   that arrive before the launch go to `launch(…queued:)`), or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func receive(
        _ url: SchemeURL,
        options: OpenOptions = OpenOptions(),
        delivery: DeliveryID
    ) throws(LifecycleError) -> DeliveryVerdict {
        try handling(.receive) { () throws(LifecycleError) -> DeliveryVerdict in
            guard state != .notRunning else {
                throw .illegalTransition(event: .receive, state: state)
            }
            return deliver(url, options: options, delivery: delivery)
        }
    }

    /// Opens `url` in the current state, waking the app first when it is in the background.
    func deliver(_ url: SchemeURL, options: OpenOptions, delivery: DeliveryID) -> DeliveryVerdict {
        switch state {
        case .active, .inactive:
            return open(url, options: options, delivery: delivery)
        case .background, .suspended:
            return wake { open(url, options: options, delivery: delivery) }
        case .notRunning:
            preconditionFailure("deliver: the app is not running")
        }
    }

    /// Calls `open` in the current state and turns its result into a verdict.
    func open(_ url: SchemeURL, options: OpenOptions, delivery: DeliveryID) -> DeliveryVerdict {
        do {
            let handled = try call(.open, during: state, after: state, url: url, delivery: delivery) {
                try delegate.open(url, options: options)
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
