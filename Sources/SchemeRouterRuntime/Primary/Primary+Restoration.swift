internal import SchemeRouter

extension Primary {
    /// State preservation for this app, its archive under ``StateDirectory``; `nil` (with a
    /// logged reason) when no absolute base directory is known.
    func makeStatePreservation() -> StatePreservation? {
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
