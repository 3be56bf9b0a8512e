/// The app delegate's part in state preservation and restoration (the seed's §5.4): an app opts
/// in by adopting this protocol and answering `true` in ``shouldSaveApplicationState()`` and
/// ``shouldRestoreApplicationState(_:)``. The defaults answer `false`, so adopting it changes
/// nothing until the app says yes.
///
/// The archive holds where the user was (which windows, which note, which position), never the
/// app's data: it is discarded whenever something goes wrong.
@MainActor
public protocol StateRestorationDelegate: AnyObject {
    /// Asked before every preservation (the app moves to the background, or terminates normally).
    /// - Returns: `true` to write the archive.
    func shouldSaveApplicationState() -> Bool

    /// The first step of preservation: write high-level state, such as the version of the app's
    /// interface, which ``shouldRestoreApplicationState(_:)`` sees in the next launch.
    func willEncodeRestorableState(_ coder: inout RestorationCoder)

    /// Asked between `willFinishLaunching` and `didFinishLaunching` when a usable archive exists.
    /// - Parameter coder: The app-level state the previous launch wrote, with its version.
    /// - Returns: `true` to restore; `false` discards the archive.
    func shouldRestoreApplicationState(_ coder: RestorationCoder) -> Bool

    /// The last step of restoration, after every preserved scene decoded its state.
    /// - Throws: When the state cannot be used; the archive is discarded and the app starts clean.
    func didDecodeRestorableState(_ coder: RestorationCoder) throws
}

/// Defaults: not opted in.
extension StateRestorationDelegate {
    /// Does not preserve.
    public func shouldSaveApplicationState() -> Bool { false }
    /// Writes nothing.
    public func willEncodeRestorableState(_ coder: inout RestorationCoder) {}
    /// Does not restore.
    public func shouldRestoreApplicationState(_ coder: RestorationCoder) -> Bool { false }
    /// Reads nothing.
    public func didDecodeRestorableState(_ coder: RestorationCoder) throws {}
}
