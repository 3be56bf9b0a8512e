extension LifecycleController {
    /// The restoration step between the launch hooks, by the rules of ``StatePreservation``: for an
    /// app without scenes, `shouldRestoreApplicationState` then `didDecodeRestorableState`.
    func restoreApplicationState() {
        guard let preservation = statePreservation else { return }
        let restoring = delegate as? any StateRestorationDelegate
        let archive = preservation.archiveToRestore(restoring) { coder in
            restoring?.shouldRestoreApplicationState(coder) ?? false
        }
        guard let archive, let restoring else { return }
        do {
            try restoring.didDecodeRestorableState(archive.appState)
            preservation.restorationEnded(scenes: 0, failure: nil)
        } catch {
            preservation.restorationEnded(scenes: 0, failure: error)
        }
    }

    /// Preserves the app-level state when the app opted in: `shouldSaveApplicationState`, then
    /// `willEncodeRestorableState`.
    func preserveApplicationState() {
        guard let preservation = statePreservation, let restoring = delegate as? any StateRestorationDelegate,
            restoring.shouldSaveApplicationState()
        else { return }
        var appState = RestorationCoder()
        restoring.willEncodeRestorableState(&appState)
        preservation.save(RestorationArchive(bundleName: preservation.bundleName, appState: appState))
    }
}
