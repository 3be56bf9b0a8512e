internal import CGLib
internal import CGTK
internal import SchemeRouter
public import SchemeRouterLifecycle
public import SchemeRouterGLib
internal import SchemeRouterRuntime

/// The app's GTK windows, watched so that the lifecycle follows them: focus (X11: `is-active`;
/// Wayland: the toplevel's `focused` state, the compositor's `activated`), minimised or
/// suspended (`GdkToplevel`'s `state`), hidden or closed. Each change reaches the primary's
/// lifecycle controller through `WindowLifecycle` once the current GLib event is handled
/// (an idle callback, so one focus moving between two windows is one change). The table per
/// display backend is in Docs/GLib.md.
@MainActor
public final class GTKWindows {
    /// The tracker GLib's C callbacks report to.
    static var current: GTKWindows?

    private let runLoop: GLibRunLoop
    /// What closing the last window means.
    public let lastWindowPolicy: LastWindowPolicy
    private var windows: [UnsafeMutablePointer<GtkWindow>] = []
    /// Windows presented that have not had the focus yet: they count as focused, so that a
    /// window on its way to the screen does not make the app `inactive` for an instant.
    /// `inactive` means the focus *left* the app's windows. On Wayland a shown window presented
    /// without a token does not wait: compositors refuse GTK's own token, so the focus stays put.
    private var awaitingFocus: Set<UnsafeMutablePointer<GtkWindow>> = []
    /// Windows last seen minimised: restoring one awaits its focus like presenting it.
    private var minimised: Set<UnsafeMutablePointer<GtkWindow>> = []
    /// Minimised windows presented since: on their way back, they count as shown until the
    /// window manager has restored them (else the scene would go back and forth once).
    private var restoring: Set<UnsafeMutablePointer<GtkWindow>> = []
    /// The window that had the focus last (the one activating the app brings back).
    private var lastFocused: UnsafeMutablePointer<GtkWindow>?
    private var changeScheduled = false
    private var lastWindowClosed = false
    /// The scene each window shows, for an app that uses scenes (one window per scene).
    private var sessions: [UnsafeMutablePointer<GtkWindow>: String] = [:]
    /// Sessions whose windows were destroyed since the last report.
    private var closedSessions: [String] = []

    /// Starts watching windows for `runLoop`'s primary.
    /// - Parameters:
    ///   - runLoop: The app's GLib run loop.
    ///   - lastWindowClosed: Stay in the background (default) or terminate when the last window closes.
    public init(runLoop: GLibRunLoop, lastWindowClosed: LastWindowPolicy = .stayInBackground) {
        self.runLoop = runLoop
        self.lastWindowPolicy = lastWindowClosed
        Self.current = self
        runLoop.withRuntime { runtime in
            runtime.presentWindow = { scene, token in GTKWindows.current?.presentWindow(scene: scene, activationToken: token) }
        }
    }

    /// The windows watched now, oldest first.
    public var all: [GTKWindow] { windows.map(GTKWindow.init) }

    /// Watches `window` and presents it with the URL's activation token
    /// (``GTKWindow/present(activationToken:)``).
    public func present(_ window: GTKWindow, activationToken: String?) {
        track(window)
        let onScreen = gtk_widget_get_mapped(schemerouter_gtk_widget(window.raw)) != 0
        let askedWithoutToken = onScreen && activationToken == nil && window.isOnWayland
        if !window.isActive && !askedWithoutToken { awaitingFocus.insert(window.raw) }
        if minimised.contains(window.raw) { restoring.insert(window.raw) }
        window.present(activationToken: activationToken)
        scheduleChange()
    }

    /// Watches and presents `window` as the window of the scene with `session`: its focus,
    /// minimising and closing move that scene (`RuntimeLoop.sceneWindowChanged(_:to:)`), not
    /// the whole app.
    public func present(_ window: GTKWindow, scene session: String, activationToken: String?) {
        sessions[window.raw] = session
        present(window, activationToken: activationToken)
    }

    /// Brings a window forward when the app was activated without a URL: the window of the scene
    /// that came forward, or the window focused last; un-minimised, raised and focused with the token.
    func presentWindow(scene session: String?, activationToken: String?) {
        let window = if let session { self.window(ofScene: session)?.raw } else { lastFocused ?? windows.last }
        guard let window else { return }
        present(GTKWindow(window), activationToken: activationToken)
    }

    /// The window of the scene with `session`, if it has one.
    public func window(ofScene session: String) -> GTKWindow? {
        sessions.first { $0.value == session }.map { GTKWindow($0.key) }
    }

    /// Watches `window` until it is destroyed.
    public func track(_ window: GTKWindow) {
        guard !windows.contains(window.raw) else { return }
        windows.append(window.raw)
        let instance = UnsafeMutableRawPointer(window.raw)
        let notify: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, _ in
            MainActor.assumeIsolated { GTKWindows.current?.scheduleChange() }
        }
        let focus: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { widget, _, _ in
            MainActor.assumeIsolated { GTKWindows.current?.focusChanged(widget) }
        }
        let realized: @convention(c) (gpointer?, gpointer?) -> Void = { widget, _ in
            MainActor.assumeIsolated { GTKWindows.current?.watchSurface(of: widget) }
        }
        let destroyed: @convention(c) (gpointer?, gpointer?) -> Void = { widget, _ in
            MainActor.assumeIsolated { GTKWindows.current?.forget(widget) }
        }
        connect(instance, "notify::is-active", unsafeBitCast(focus, to: GCallback.self))
        connect(instance, "notify::visible", unsafeBitCast(notify, to: GCallback.self))
        connect(instance, "realize", unsafeBitCast(realized, to: GCallback.self))
        connect(instance, "destroy", unsafeBitCast(destroyed, to: GCallback.self))
        if gtk_widget_get_realized(schemerouter_gtk_widget(window.raw)) != 0 { watchSurface(of: instance) }
        scheduleChange()
    }

    private func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback, data: gpointer? = nil) {
        _ = g_signal_connect_data(instance, signal, callback, data, nil, GConnectFlags(rawValue: 0))
    }

    /// The window's surface exists: watch its toplevel state (minimised, suspended, and on
    /// Wayland focused), reported as the window's focus changing.
    private func watchSurface(of widget: gpointer?) {
        guard let widget, let toplevel = GTKWindow(widget.assumingMemoryBound(to: GtkWindow.self)).toplevel else { return }
        let state: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, window in
            MainActor.assumeIsolated { GTKWindows.current?.focusChanged(window) }
        }
        connect(UnsafeMutableRawPointer(toplevel), "notify::state", unsafeBitCast(state, to: GCallback.self), data: widget)
        scheduleChange()
    }

    private func focusChanged(_ widget: gpointer?) {
        if let widget, GTKWindow(widget.assumingMemoryBound(to: GtkWindow.self)).isActive {
            awaitingFocus.remove(widget.assumingMemoryBound(to: GtkWindow.self))
            lastFocused = widget.assumingMemoryBound(to: GtkWindow.self)
        }
        scheduleChange()
    }

    private func forget(_ widget: gpointer?) {
        guard let widget else { return }
        awaitingFocus.remove(widget.assumingMemoryBound(to: GtkWindow.self))
        minimised.remove(widget.assumingMemoryBound(to: GtkWindow.self))
        restoring.remove(widget.assumingMemoryBound(to: GtkWindow.self))
        if UnsafeMutableRawPointer(lastFocused) == widget { lastFocused = nil }
        if let session = sessions.removeValue(forKey: widget.assumingMemoryBound(to: GtkWindow.self)) {
            closedSessions.append(session)
        }
        let before = windows.count
        windows.removeAll { UnsafeMutableRawPointer($0) == widget }
        if before > 0 && windows.isEmpty { lastWindowClosed = true }
        scheduleChange()
    }

    /// `GDK_TOPLEVEL_STATE_SUSPENDED` (GTK 4.12, xdg-shell 6: the compositor shows no part of the
    /// window), spelled out: older headers lack it, and older libraries never set it.
    private static let suspendedState: UInt32 = 1 << 16

    /// What the windows look like now (and which await their focus).
    private func takeSnapshots() -> [WindowSnapshot] {
        windows.map { window in
            let widget = schemerouter_gtk_widget(window)
            let state = GTKWindow(window).toplevel.map { gdk_toplevel_get_state($0).rawValue } ?? 0
            let isMinimised = state & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
            let isSuspended = state & Self.suspendedState != 0
            let shown = gtk_widget_get_mapped(widget) != 0 || awaitingFocus.contains(window)
            let isRestoring = isMinimised && restoring.contains(window)
            if isRestoring {
                awaitingFocus.insert(window)
            } else if isMinimised {
                awaitingFocus.remove(window)
                minimised.insert(window)
            } else {
                restoring.remove(window)
                if minimised.remove(window) != nil && !GTKWindow(window).isActive { awaitingFocus.insert(window) }
            }
            let visible = gtk_widget_get_visible(widget) != 0 && shown && (!isMinimised || isRestoring) && !isSuspended
            let focused = GTKWindow(window).isActive || awaitingFocus.contains(window)
            return WindowSnapshot(isVisible: visible, isFocused: visible && focused)
        }
    }

    private func scheduleChange() {
        guard !changeScheduled else { return }
        changeScheduled = true
        let idle: @convention(c) (gpointer?) -> gboolean = { _ in
            MainActor.assumeIsolated { GTKWindows.current?.reportChange() }
            return 0  // G_SOURCE_REMOVE
        }
        _ = g_idle_add(idle, nil)
    }

    private func reportChange() {
        changeScheduled = false
        let closed = lastWindowClosed
        lastWindowClosed = false
        let awaiting = awaitingFocus
        let snapshots = takeSnapshots()
        let policy = lastWindowPolicy
        guard !sessions.isEmpty || !closedSessions.isEmpty else {
            runLoop.withRuntime { runtime in
                runtime.windowsChanged(snapshots, lastWindowClosed: closed, policy: policy)
            }
            return
        }
        let changes = sceneChanges(snapshots, awaitingFocus: awaiting)
        runLoop.withRuntime { runtime in
            for (session, state) in changes { runtime.sceneWindowChanged(session, to: state) }
            // The last scene's window closed: its scene is discarded above, then the app ends.
            if closed && policy == .terminate { runtime.terminate() }
        }
    }

    /// What each scene's window shows, closed ones last. One window has the focus: while the
    /// window manager moves it, the old window may still report it, so a window presented
    /// (awaiting its focus) wins, else the newest focused one.
    private func sceneChanges(_ snapshots: [WindowSnapshot], awaitingFocus: Set<UnsafeMutablePointer<GtkWindow>>)
        -> [(String, SceneWindowState)]
    {
        let focusedIndices = snapshots.indices.filter { snapshots[$0].isFocused }
        let focused = focusedIndices.last { awaitingFocus.contains(windows[$0]) } ?? focusedIndices.last
        var changes: [(String, SceneWindowState)] = []
        for (index, snapshot) in snapshots.enumerated() {
            guard let session = sessions[windows[index]] else { continue }
            changes.append((session, index == focused ? .focused : snapshot.isVisible ? .unfocused : .hidden))
        }
        // The focused window last, so its scene takes the focus after the others resigned it.
        changes = changes.filter { $0.1 != .focused } + changes.filter { $0.1 == .focused }
        changes += closedSessions.map { ($0, .closed) }
        closedSessions = []
        return changes
    }
}
