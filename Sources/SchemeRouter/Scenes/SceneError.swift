/// Why a ``SceneController`` refused an event. Nothing changed and no hook ran.
public enum SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The event is not allowed for this scene in its state (for example `enterBackground` while
    /// `foregroundActive`: resign first).
    case illegalTransition(event: SceneEvent, session: String, state: SceneState)
    /// The event is not allowed in the app's state (for example `receive` before `launch`).
    case illegalAppTransition(event: SceneEvent, state: AppState)
    /// No session has this identifier (never created, or closed).
    case unknownSession(event: SceneEvent, session: String)
    /// The event was sent from inside a hook while `during` was still being handled.
    case reentrantEvent(event: SceneEvent, during: SceneEvent)

    /// A sentence for logs and error output.
    public var description: String {
        switch self {
        case .illegalTransition(let event, let session, let state):
            "illegal scene transition: \(event.rawValue) for scene \(session) while \(state.rawValue)"
        case .illegalAppTransition(let event, let state):
            "illegal scene event: \(event.rawValue) while the app is \(state.rawValue)"
        case .unknownSession(let event, let session):
            "\(event.rawValue): no scene session \(session)"
        case .reentrantEvent(let event, let during):
            "\(event.rawValue) sent while \(during.rawValue) is still being handled; "
                + "scene events are handled one at a time"
        }
    }
}
