/// An outstanding background task: its ID and what to run if its time runs out.
struct BackgroundTask {
    /// The ID handed to the app.
    let id: BackgroundTaskID
    /// The app's expiration handler.
    let expiration: @MainActor () -> Void
}
