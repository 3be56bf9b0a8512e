internal import SchemeRouter

extension Primary {
    /// State preservation for an app whose delegate opted in (``StateRestorationDelegate``), its
    /// archive under ``StateDirectory``; `nil` for any other app, and (with a logged reason) when no
    /// absolute base directory is known.
    func makeStatePreservation(for delegate: any ApplicationDelegate) -> StatePreservation? {
        guard delegate is any StateRestorationDelegate else { return nil }
        guard let directory = StateDirectory.path(bundleName: app.name) else {
            Log.error("state is not preserved: neither XDG_STATE_HOME nor HOME is an absolute path")
            return nil
        }
        let preservation = StatePreservation(store: FileRestorationStore(directory: directory), bundleName: app.name)
        preservation.observer = { [unowned self] event in self.report(event) }
        return preservation
    }

    /// Every restoration event goes to the trace; a discarded archive (other than after a launch
    /// it served) and a failed save also to standard error, with the reason.
    private func report(_ event: RestorationEvent) {
        trace?.write(restoration: event)
        switch event {
        case .discarded(.launchFinished), .restored, .saved: break
        case .discarded, .saveFailed: Log.error(event.description)
        }
    }
}
