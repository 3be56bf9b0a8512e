/// What state preservation did, for the runtime's trace and standard error.
public enum RestorationEvent: Sendable, Hashable, CustomStringConvertible {
    /// The archive was restored: the app-level state and this many scenes.
    case restored(scenes: Int)
    /// The archive was deleted, and why.
    case discarded(RestorationDiscardReason)
    /// An archive was written with this many scenes and bytes.
    case saved(scenes: Int, bytes: Int)
    /// Writing the archive failed; the reason from the store.
    case saveFailed(String)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .restored(let scenes): "state restored (\(scenes) scene\(scenes == 1 ? "" : "s"))"
        case .discarded(let reason): "preserved state discarded: \(reason)"
        case .saved(let scenes, let bytes): "state preserved (\(scenes) scene\(scenes == 1 ? "" : "s"), \(bytes) bytes)"
        case .saveFailed(let reason): "preserving state failed: \(reason)"
        }
    }
}

/// Why a preserved archive was deleted: the seed's safety rules.
public enum RestorationDiscardReason: Sendable, Hashable, CustomStringConvertible {
    /// The app finished launching; the archive concerned only that launch.
    case launchFinished
    /// The previous launch began restoring and never finished (it crashed or was killed).
    case crashedDuringRestoration
    /// The store could not read the archive.
    case unreadable(String)
    /// The archive is corrupt, foreign or of another format version.
    case invalid(ArchiveError)
    /// The app does not restore state, or ``StateRestorationDelegate/shouldRestoreApplicationState(_:)`` said no.
    case declinedByApp
    /// A decode hook threw.
    case restorationFailed(String)
    /// The restoration could not be recorded as begun, so restoring was not safe.
    case cannotMarkRestoration(String)
    /// The user force-quit the app.
    case forceQuit

    /// A phrase for logs.
    public var description: String {
        switch self {
        case .launchFinished: "the app finished launching"
        case .crashedDuringRestoration: "the previous launch ended while restoring it"
        case .unreadable(let reason): "unreadable: \(reason)"
        case .invalid(let error): "invalid: \(error)"
        case .declinedByApp: "the app declined to restore it"
        case .restorationFailed(let reason): "restoring it failed: \(reason)"
        case .cannotMarkRestoration(let reason): "cannot record the restoration: \(reason)"
        case .forceQuit: "the user force-quit the app"
        }
    }
}
