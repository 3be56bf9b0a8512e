public import SchemeRouterLifecycle
internal import SchemeRouterSender
internal import SchemeRouterPlatform

extension StatePreservation {
    /// State preservation with the archive on disk, as `Application.main` uses it: under
    /// `$XDG_STATE_HOME/<bundle name>/` (or `$HOME/.local/state/<bundle name>/`), replaced
    /// atomically, with the restoration record beside it (Docs/Scenes.md). Its observer writes a
    /// discarded archive (other than after the launch it served) and a failed save to standard
    /// error; replace it to report elsewhere too.
    /// - Parameter bundleName: The app's bundle name.
    /// - Returns: `nil`, with a logged reason, when neither variable gives an absolute base.
    public static func onDisk(bundleName: String) -> StatePreservation? {
        guard let directory = StateDirectory.path(bundleName: bundleName) else {
            Log.error("state is not preserved: neither XDG_STATE_HOME nor HOME is an absolute path")
            return nil
        }
        let preservation = StatePreservation(store: FileRestorationStore(directory: directory), bundleName: bundleName)
        preservation.observer = { event in logIfNeeded(event) }
        return preservation
    }

    /// Writes a discarded archive (other than after a launch it served) and a failed save to
    /// standard error.
    static func logIfNeeded(_ event: RestorationEvent) {
        switch event {
        case .discarded(.launchFinished), .restored, .saved: break
        case .discarded, .saveFailed: Log.error(event.description)
        }
    }
}
