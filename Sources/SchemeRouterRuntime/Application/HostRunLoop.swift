internal import SchemeRouterSender

/// A run loop that is not libuv's own (GLib's main context, under GTK): the primary hands it
/// its libuv loop and the main queue to drive, instead of running them itself.
///
/// The single-instance decision happens before any of this: a sender never sees its host.
/// In the primary, ``prepare(bundleName:)`` runs right after the single-instance lock is taken
/// and before the socket is bound (initialise the toolkit there; senders meanwhile wait for the
/// socket), then the launch hooks run, then ``run(_:)``.
/// `SchemeRouterGLib`'s `GLibRunLoop` is the implementation for GLib.
@MainActor
public protocol HostRunLoop: AnyObject {
    /// Called once, in the primary only, before the delegate factory: start the toolkit.
    /// - Parameter bundleName: The manifest's `CFBundleURLName`, the name the app's desktop file
    ///   and D-Bus name carry: the toolkit gives it to the app's windows (Wayland's app id, X11's
    ///   `WM_CLASS`), so the desktop ties them to the app.
    /// - Throws: Anything that makes the app unable to run (the primary then exits with
    ///   `ExitStatus/launchFailed` and the message).
    func prepare(bundleName: String) throws
    /// Drives `loop` until the process exits (``RuntimeLoop/runOnce()`` exits it once the
    /// primary has terminated and closed everything).
    func run(_ loop: RuntimeLoop) -> Never
}
