/// The hook calls of a scene-based app and its scenes, in one order: shared by a
/// ``RecordingSceneApp`` and its ``RecordingSceneDelegate``s.
@MainActor
public final class SceneHookLog {
    /// Every call so far, in order.
    public private(set) var events: [RecordedSceneHook] = []

    /// Creates an empty log.
    public init() {}

    /// Appends one call.
    public func record(_ event: RecordedSceneHook) {
        events.append(event)
    }

    /// Forgets every call.
    public func clear() {
        events.removeAll()
    }
}
