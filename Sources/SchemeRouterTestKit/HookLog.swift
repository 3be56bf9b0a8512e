/// The hook calls of an app and its scenes, in one order: shared by a ``RecordingDelegate`` (or
/// ``RecordingSceneApp``) and its ``RecordingSceneDelegate``s.
@MainActor
public final class HookLog {
    /// Every call so far, in order.
    public private(set) var events: [RecordedHook] = []

    /// Creates an empty log.
    public init() {}

    /// Appends one call.
    public func record(_ event: RecordedHook) {
        events.append(event)
    }

    /// Forgets every call.
    public func clear() {
        events.removeAll()
    }
}
