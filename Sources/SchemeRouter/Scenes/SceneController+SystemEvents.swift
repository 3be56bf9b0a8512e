extension SceneController {
    /// The system events queued while every scene is away, coalesced, in delivery order.
    public var pendingSystemEvents: [SystemEvent] {
        queuedSystemEvents.events
    }

    /// A change in the system around the app, for the app delegate (in UIKit a scene-based app's
    /// `UIApplicationDelegate` still receives them): delivered at once, or queued until a scene
    /// comes back, as the seed's §"Be Prepared to Process Queued Notifications" says.
    ///
    /// While the app is launching or a scene is in the foreground the event's hook runs now. While
    /// every scene is in the background or suspended the event is queued and coalesced with the
    /// others of its kind (see ``SystemEventQueue``); the queued events are delivered, in
    /// ``SystemEvent/Kind`` order with the app `background`, just before the next scene's
    /// `willEnterForeground` (a URL, or ``enterForeground(_:)``). They are dropped when the app
    /// terminates.
    ///
    /// - Parameter event: What changed.
    /// - Returns: Whether it was delivered, queued, or cancelled out by an earlier one.
    /// - Throws: ``SceneError/illegalAppTransition(event:state:)`` while `notRunning`, or
    ///   ``SceneError/reentrantEvent(event:during:)`` from inside a hook.
    @discardableResult
    public func post(_ event: SystemEvent) throws(SceneError) -> SystemEventDisposition {
        try handling(.systemEvent) { () throws(SceneError) -> SystemEventDisposition in
            guard appState != .notRunning else { throw .illegalAppTransition(event: .systemEvent, state: appState) }
            let disposition = queuedSystemEvents.take(event, in: appState)
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
        defer {
            hookObserver?(SceneHookRecord(hook: SceneHook(rawValue: event.hookName)!, appState: appState, systemEvent: event))
        }
        event.deliver(to: delegate)
    }
}
