/// What ``LifecycleController/post(_:)`` did with a system event.
public enum SystemEventDisposition: Sendable, Hashable {
    /// The app was `inactive` or `active`: its hook ran at once.
    case delivered
    /// The app was in the `background` or `suspended`: the event waits, coalesced, for the app
    /// to come back to the foreground.
    case queued
    /// The event brought no net change (a setting went back to what was queued before): the
    /// queued event of its kind was dropped, or nothing was queued.
    case cancelled
}
