extension SceneController {
    /// The clock time at which ``tick()`` suspends the app's background scenes, or `nil` unless
    /// the app is in the `background`: entering the background plus
    /// ``LifecycleConfiguration/backgroundDeadline``. The runtime arms its timer for this instant.
    public var suspensionDeadline: Duration? {
        guard appState == .background, let enteredBackground else { return nil }
        return enteredBackground + configuration.backgroundDeadline
    }
}
