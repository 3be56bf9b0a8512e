extension LifecycleController {
    /// The system events queued while the app is away, coalesced, in the order they will be
    /// delivered.
    public var pendingSystemEvents: [SystemEvent] {
        queuedSystemEvents.events
    }

    /// A change in the system around the app, for the app delegate (in UIKit a scene-based app's
    /// `UIApplicationDelegate` still receives them): delivered at once, or queued until the app
    /// comes back, as the seed's §"Be Prepared to Process Queued Notifications" says.
    ///
    /// While the app is launching, `inactive` or `active` the event's hook runs now. While it is
    /// in the `background` or `suspended` the event is queued and coalesced with the others of
    /// its kind (see ``SystemEventQueue``); on the next wake (a URL, an activation, a scene's
    /// window shown again) the queued events are delivered first, in ``SystemEvent/Kind`` order
    /// with the app `background` (a suspended app runs code again), before `willEnterForeground`.
    /// Queued events are dropped when the app terminates.
    ///
    /// - Parameter event: What changed.
    /// - Returns: Whether it was delivered, queued, or cancelled out by an earlier one.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` while `notRunning` (a
    ///   launching app reads the current settings itself), or
    ///   ``LifecycleError/reentrantEvent(event:during:)`` from inside a hook.
    @discardableResult
    public func post(_ event: SystemEvent) throws(LifecycleError) -> SystemEventDisposition {
        try handling(.systemEvent) { () throws(LifecycleError) -> SystemEventDisposition in
            guard phase != .notRunning else { throw .illegalTransition(event: .systemEvent, state: state) }
            let disposition = queuedSystemEvents.take(event, in: state)
            if disposition == .delivered { deliver(event) }
            return disposition
        }
    }

    /// Delivers the queued system events, if any, as the app starts running code again.
    func deliverQueuedSystemEvents() {
        let events = queuedSystemEvents.drain()
        guard !events.isEmpty else { return }
        isSuspended = false
        for event in events { deliver(event) }
    }

    /// Calls the event's hook on the app delegate and tells the observer.
    private func deliver(_ event: SystemEvent) {
        callApp(Hook(event.kind), systemEvent: event) { event.deliver(to: delegate) }
    }
}
