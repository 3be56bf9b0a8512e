internal import SchemeRouterLifecycle
internal import SchemeRouterSender

extension Primary {
    /// State preservation for an app whose delegate opted in (``StateRestorationDelegate``), on
    /// disk; `nil` for any other app. What it does goes to the trace and, when it matters, to
    /// standard error.
    func makeStatePreservation(for delegate: any ApplicationDelegate) -> StatePreservation? {
        guard delegate is any StateRestorationDelegate,
            let preservation = StatePreservation.onDisk(bundleName: app.name)
        else { return nil }
        preservation.observer = { [unowned self] event in
            trace?.write(restoration: event)
            StatePreservation.logIfNeeded(event)
        }
        if let directory = StateDirectory.path(bundleName: app.name), StateDirectory.refusal(directory) == nil {
            watchdog.discardOnLaunchTimeout([directory + "/state.json", directory + "/restoring"])
        }
        return preservation
    }
}
