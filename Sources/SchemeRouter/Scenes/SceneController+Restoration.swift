extension SceneController {
    /// Reconnects the scenes preserved by the previous launch (state preservation, step 2).
    func restorePreservedState() {}

    /// The app just entered the background: preserve its state.
    func appDidEnterBackground() {
        preserveState()
    }

    /// Preserves the app's state when it opted in.
    func preserveState() {}

    /// Deletes the preserved state: the user force-quit the app.
    func discardPreservedStateForForceQuit() {}
}
