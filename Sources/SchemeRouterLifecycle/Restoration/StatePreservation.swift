/// State preservation and restoration for one app, by the seed's rules (§5.4), applied by the
/// ``LifecycleController`` of every app. It decides; its ``store`` keeps the bytes.
///
/// - Preservation: when the app moves to the background and before it terminates normally, only
///   if ``StateRestorationDelegate/shouldSaveApplicationState()`` says yes: app-level state
///   first, then each connected scene that has a restoration identifier.
/// - Restoration: between `willFinishLaunching` and `didFinishLaunching`, only if an archive
///   exists, decodes, belongs to this bundle and version, and
///   ``StateRestorationDelegate/shouldRestoreApplicationState(_:)`` agrees. The store records that
///   restoration began before any decode hook runs, and that it ended afterwards.
/// - Discard: the archive is deleted after the app finishes launching (it concerns one launch
///   cycle only); when restoring fails; at the next launch when a restoration began and never
///   ended (so a bad archive cannot crash two launches in a row); when it is unreadable, corrupt
///   or foreign (with the reason); and when the user force-quits the app.
@MainActor
public final class StatePreservation {
    /// Where the archive lives.
    public let store: any RestorationStore
    /// The app's bundle name, written into archives and required of the ones read.
    public let bundleName: String
    /// Told what preservation did: the runtime writes it to its trace and standard error.
    public var observer: (@MainActor (RestorationEvent) -> Void)?

    /// `true` from finding an archive at launch until it is deleted.
    private var holdsArchive = false

    /// Creates the rules for one app.
    /// - Parameters:
    ///   - store: Where the archive lives.
    ///   - bundleName: The app's bundle name.
    public init(store: any RestorationStore, bundleName: String) {
        self.store = store
        self.bundleName = bundleName
    }

    /// At launch: the archive to restore, or `nil` (having discarded whatever was unusable).
    /// When it returns an archive, the store has recorded that restoration began; call
    /// ``restorationEnded(failure:)`` afterwards.
    func archiveToRestore(_ delegate: (any StateRestorationDelegate)?, shouldRestore: (RestorationCoder) -> Bool)
        -> RestorationArchive?
    {
        let stored = store.load()
        holdsArchive = stored.archive != nil || stored.readFailure != nil || stored.restorationWasInterrupted
        if stored.restorationWasInterrupted { return discard(.crashedDuringRestoration) }
        if let failure = stored.readFailure { return discard(.unreadable(failure)) }
        guard let bytes = stored.archive else { return nil }
        let archive: RestorationArchive
        do {
            archive = try RestorationArchive(decoding: bytes, expectedBundle: bundleName)
        } catch {
            return discard(.invalid(error))
        }
        guard delegate != nil, shouldRestore(archive.appState) else { return discard(.declinedByApp) }
        do {
            try store.beginRestoring()
        } catch {
            return discard(.cannotMarkRestoration(String(describing: error)))
        }
        return archive
    }

    /// After restoring: records the end, and discards the archive when `failure` is set.
    func restorationEnded(scenes: Int, failure: (any Error)?) {
        store.endRestoring()
        if let failure {
            _ = discard(.restorationFailed(String(describing: failure)))
        } else {
            observer?(.restored(scenes: scenes))
        }
    }

    /// After `didFinishLaunching` (or a failed launch): the archive has served its launch.
    func launchEnded() {
        if holdsArchive { _ = discard(.launchFinished) }
    }

    /// Writes `archive` to the store.
    func save(_ archive: RestorationArchive) {
        let bytes = archive.encoded()
        do {
            try store.save(bytes)
            holdsArchive = true
            observer?(.saved(scenes: archive.scenes.count, bytes: bytes.count))
        } catch {
            observer?(.saveFailed(String(describing: error)))
        }
    }

    /// The user force-quit the app: delete the archive.
    func forceQuit() {
        holdsArchive = true
        _ = discard(.forceQuit)
    }

    /// Deletes the archive and tells the observer why; returns `nil` for the caller to return.
    private func discard(_ reason: RestorationDiscardReason) -> RestorationArchive? {
        guard holdsArchive else { return nil }
        holdsArchive = false
        store.discard()
        observer?(.discarded(reason))
        return nil
    }
}
