extension LifecycleController {
    /// The restoration step between the launch hooks, by the rules of ``StatePreservation``: the
    /// app's `shouldRestoreApplicationState`; for an app with scenes each preserved scene
    /// `willConnect` (restoring) then `decodeRestorableState`; then the app's
    /// `didDecodeRestorableState`. When a hook throws, the scenes restored so far get
    /// `didDisconnect` and are dropped, and the archive is discarded; the same when the clock
    /// passes `deadline` with scenes left to restore (so an archive of many windows leaves the
    /// launch time to finish instead of overrunning it).
    func restorePreservedState(deadline: Duration) {
        guard let preservation = statePreservation else { return }
        let restoring = delegate as? any StateRestorationDelegate
        let archive = preservation.archiveToRestore(restoring) { coder in
            callApp(.shouldRestoreApplicationState) { restoring?.shouldRestoreApplicationState(coder) ?? false }
        }
        guard let archive, let restoring else { return }
        var restored: [Scene] = []
        do {
            // An app without scenes has none to restore, whatever the archive holds.
            for preserved in archive.scenes where sceneApplication != nil {
                let scene = addScene(preserved.session)
                restored.append(scene)
                lastActivation += 1
                scene.lastActivation = lastActivation
                scene.isConnected = true
                try call(.willConnect, scene, after: .unattached) {
                    try scene.hooks.willConnect(to: scene.session, options: ConnectionContext(isRestoring: true))
                }
                try call(.decodeRestorableState, scene, after: .unattached) {
                    try scene.hooks.decodeRestorableState(preserved.state)
                }
                if restored.count < archive.scenes.count, clock.now > deadline {
                    throw RestorationTimeLimit(restored: restored.count, preserved: archive.scenes.count)
                }
            }
            try callApp(.didDecodeRestorableState) { try restoring.didDecodeRestorableState(archive.appState) }
            preservation.restorationEnded(scenes: restored.count, failure: nil)
        } catch {
            for scene in restored where scene.isConnected {
                scene.isConnected = false
                call(.didDisconnect, scene, after: .unattached) { scene.hooks.didDisconnect() }
            }
            scenes.removeAll { scene in restored.contains { $0 === scene } }
            preservation.restorationEnded(scenes: 0, failure: error)
        }
    }

    /// Preserves the app's state when it opted in: `shouldSaveApplicationState`,
    /// `willEncodeRestorableState`, then `encodeRestorableState` of each connected scene with a
    /// restoration identifier, least recently active first.
    func preserveState() {
        guard let preservation = statePreservation, let restoring = delegate as? any StateRestorationDelegate,
            callApp(.shouldSaveApplicationState, { restoring.shouldSaveApplicationState() })
        else { return }
        var appState = RestorationCoder()
        callApp(.willEncodeRestorableState) { restoring.willEncodeRestorableState(&appState) }
        let ordered = scenes.enumerated().filter { $0.element.isConnected }.sorted {
            ($0.element.lastActivation, $0.offset) < ($1.element.lastActivation, $1.offset)
        }
        var preserved: [PreservedScene] = []
        for (_, scene) in ordered {
            guard let identifier = scene.hooks.restorationIdentifier else { continue }
            var coder = RestorationCoder()
            call(.encodeRestorableState, scene, after: scene.state) { scene.hooks.encodeRestorableState(&coder) }
            preserved.append(PreservedScene(session: scene.session, restorationIdentifier: identifier, state: coder))
        }
        preservation.save(RestorationArchive(bundleName: preservation.bundleName, appState: appState, scenes: preserved))
    }
}

/// Restoring the preserved scenes took longer than half the launch deadline: the launch stops
/// restoring and starts clean rather than overrun its deadline.
struct RestorationTimeLimit: Error, CustomStringConvertible {
    /// Scenes restored when the time ran out.
    let restored: Int
    /// Scenes in the archive.
    let preserved: Int

    var description: String {
        "restoring \(preserved) scenes took longer than half the launch deadline (restored so far: \(restored)); "
            + "the app starts clean"
    }
}
