/// An outstanding background task: its ID and what to run if its time runs out.
struct BackgroundTask {
    /// The ID handed to the app.
    let id: BackgroundTaskID
    /// The name the app gave it (UIKit's `withName:`), for logs.
    let name: String?
    /// The app's expiration handler, if it gave one.
    let expiration: (@MainActor () -> Void)?
}
