internal import CSchemeRouterLinux
internal import CLibUV
internal import Glibc
public import SchemeRouterLifecycle
internal import SchemeRouterSender

/// The primary's libuv loop and libdispatch's main queue, as a ``HostRunLoop`` sees them: two
/// descriptors to watch, a timeout, and what to run when they are ready. Everything here runs
/// on the main thread.
@MainActor
public final class RuntimeLoop {
    let primary: Primary

    init(primary: Primary) {
        self.primary = primary
        // Non-blocking, so a drain after a spurious wake-up never blocks the main thread.
        let fd = _dispatch_get_main_queue_handle_4CF()
        _ = schemerouter_fcntl_int(fd, F_SETFL, schemerouter_fcntl_int(fd, F_GETFL, 0) | O_NONBLOCK)
    }

    /// libuv's backend descriptor (epoll): readable when a libuv callback is due.
    public var backendDescriptor: Int32 { uv_backend_fd(primary.loop.raw) }

    /// How long the host may wait before ``runOnce()`` must run (a libuv timer is due), in
    /// milliseconds; `-1` for no limit. Refreshes libuv's idea of now first.
    public var timeout: Int32 {
        uv_update_time(primary.loop.raw)
        return uv_backend_timeout(primary.loop.raw)
    }

    /// Runs the libuv callbacks that are ready, without waiting; exits the process with the
    /// primary's status once it has terminated and every handle is closed.
    public func runOnce() {
        primary.loop.runOnce()
        if primary.phase == .terminating && uv_loop_alive(primary.loop.raw) == 0 {
            exit(primary.exitStatus.rawValue)
        }
    }

    /// libdispatch's main-queue eventfd: readable when main-actor jobs are queued.
    public var mainQueueDescriptor: Int32 { _dispatch_get_main_queue_handle_4CF() }

    /// Runs the queued main-queue jobs (`Task { @MainActor … }`, continuations).
    public func drainMainQueue() {
        var counter: UInt64 = 0
        _ = read(mainQueueDescriptor, &counter, 8)
        _dispatch_main_queue_callback_4CF(nil)
    }

    /// The app's lifecycle controller, once the launch began.
    public var controller: LifecycleController? { primary.controller }

    /// One window of a scene app changed: moves its scene (by session) to what the window
    /// shows, each hook under the hook deadline and in the trace. A scene app reports this for
    /// each window instead of ``windowsChanged(_:lastWindowClosed:policy:)``.
    /// - Parameters:
    ///   - session: The scene's `SceneSession.persistentIdentifier`.
    ///   - window: What its window shows now.
    public func sceneWindowChanged(_ session: String, to window: SceneWindowState) {
        primary.submit(.sceneWindow(session: session, window))
    }

    /// How the app's window layer brings a window forward when the app is activated without a
    /// URL (D-Bus `Activate`, the app run again): with the session of the scene that comes
    /// forward (`nil` for an app without scenes: its window focused last) and the request's
    /// activation token. `GTKWindows` sets it.
    public var presentWindow: (@MainActor (_ scene: String?, _ activationToken: String?) -> Void)? {
        get { primary.presentWindow }
        set { primary.presentWindow = newValue }
    }

    /// The app's windows changed: moves the lifecycle to what they call for
    /// (`WindowLifecycle`), each hook under the hook deadline and in the trace, as a
    /// `schemectl lifecycle` command would.
    /// - Parameters:
    ///   - windows: Every top-level window the app has now.
    ///   - lastWindowClosed: The window that just went away was the last one.
    ///   - policy: What closing the last window means.
    public func windowsChanged(_ windows: [WindowSnapshot], lastWindowClosed: Bool, policy: LastWindowPolicy) {
        primary.submit(.windows(windows, lastWindowClosed: lastWindowClosed, policy: policy))
    }

    /// Terminates the app as `--quit` would: `willTerminate`, then the process exits.
    public func terminate() {
        primary.terminate(status: .success, requester: nil)
    }
}
