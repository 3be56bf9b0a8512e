extension LifecycleController {
    /// The system events queued while the app is in the `background` or `suspended`, coalesced,
    /// in the order they will be delivered.
    public var pendingSystemEvents: [SystemEvent] {
        queuedSystemEvents.events
    }

    /// A change in the system around the app: delivered at once, or queued until the app comes
    /// back, as the seed's §"Be Prepared to Process Queued Notifications" says.
    ///
    /// While `inactive` or `active` the event's hook runs now. While `background` or `suspended`
    /// the event is queued and coalesced with the others of its kind (see ``SystemEventQueue``),
    /// and on the next wake (a URL, or ``enterForeground()``) the queued events are delivered
    /// first, in ``SystemEvent/Kind`` order, before `willEnterForeground`; their hooks see the
    /// state `background` (a suspended app runs code again). Queued events are dropped when the
    /// app terminates.
    ///
    /// - Parameter event: What changed.
    /// - Returns: Whether it was delivered, queued, or cancelled out by an earlier one.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` while `notRunning` (a
    ///   launching app reads the current settings itself), or
    ///   ``LifecycleError/reentrantEvent(event:during:)`` from inside a hook.
    @discardableResult
    public func post(_ event: SystemEvent) throws(LifecycleError) -> SystemEventDisposition {
        try handling(.systemEvent) { () throws(LifecycleError) -> SystemEventDisposition in
            guard state != .notRunning else { throw .illegalTransition(event: .systemEvent, state: state) }
            let disposition = queuedSystemEvents.take(event, in: state)
            if disposition == .delivered { deliver(event) }
            return disposition
        }
    }

    /// Delivers the queued system events, if any, as the app starts running code again.
    func deliverQueuedSystemEvents() {
        let events = queuedSystemEvents.drain()
        guard !events.isEmpty else { return }
        if state == .suspended { state = .background }
        for event in events { deliver(event) }
    }

    /// Calls the event's hook in the current state and tells the observer.
    private func deliver(_ event: SystemEvent) {
        defer {
            var record = HookRecord(hook: Hook(rawValue: event.hookName)!, state: state)
            record.systemEvent = event
            hookObserver?(record)
        }
        event.deliver(to: delegate)
    }
}
