extension SystemEvent {
    /// Calls the event's hook on `delegate` .
    @MainActor
    func deliver(to delegate: any ApplicationDelegate) {
        switch self {
        case .significantTimeChange: delegate.significantTimeChange()
        case .timeZoneChange(let from, let to): delegate.systemTimeZoneDidChange(from: from, to: to)
        case .localeChange(let from, let to): delegate.currentLocaleDidChange(from: from, to: to)
        case .memoryWarning: delegate.didReceiveMemoryWarning()
        }
    }
}

extension SystemEventQueue {
    /// Takes `event` for an app in `state` (running): `.delivered` while it is `inactive` or
    /// `active` (the caller runs the hook now), else queued and coalesced, `.queued` or, when it
    /// undid the queued change of its kind, `.cancelled`.
    mutating func take(_ event: SystemEvent, in state: AppState) -> SystemEventDisposition {
        guard state == .background || state == .suspended else { return .delivered }
        enqueue(event)
        return events.contains { $0.kind == event.kind } ? .queued : .cancelled
    }
}
