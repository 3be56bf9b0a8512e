public import CGTK

/// A thin, typed handle on a `GtkWindow`: the few calls a SchemeRouter app needs.
/// GTK is single-threaded: every call is on the main actor.
public struct GTKWindow: Hashable {
    /// The `GtkWindow *`.
    public let raw: UnsafeMutablePointer<GtkWindow>

    /// A new top-level window.
    @MainActor public init(title: String, width: Int32 = 480, height: Int32 = 360) {
        raw = schemerouter_gtk_window(gtk_window_new())
        gtk_window_set_default_size(raw, width, height)
        self.title = title
    }

    /// Wraps an existing window.
    public init(_ raw: UnsafeMutablePointer<GtkWindow>) {
        self.raw = raw
    }

    /// The window's title (what the window manager shows and `xdotool search --name` finds).
    @MainActor public var title: String {
        get { gtk_window_get_title(raw).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_window_set_title(raw, newValue) }
    }

    /// The window's content.
    @MainActor public func setChild(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        gtk_window_set_child(raw, widget)
    }

    /// Shows the window and asks for focus, with the activation token that came with the URL
    /// (`OpenOptions.activationToken`): the desktop lets a window take focus only with a fresh
    /// token (Wayland's xdg-activation, X11 startup notification). The token reaches the window
    /// manager by the route the display and the running GTK call for: on X11
    /// `gtk_window_set_startup_id`; on Wayland the display's startup notification id before
    /// GTK 4.10 (where `gtk_window_set_startup_id` is a no-op), `gdk_toplevel_set_startup_id`
    /// from 4.10. Without a token GTK asks for the focus with a token of its own, which a
    /// compositor may refuse and mark the window as wanting attention instead.
    @MainActor public func present(activationToken: String?) {
        guard let activationToken else {
            gtk_window_present(raw)
            return
        }
        let widget = schemerouter_gtk_widget(raw)
        guard let display = gtk_widget_get_display(widget) else { return }
        switch ActivationRoute.current(for: display) {
        case .startupID:
            gtk_window_set_startup_id(raw, activationToken)
            gtk_window_present(raw)
        case .waylandDisplay:
            // Only presenting a window already shown hands the display's token to the compositor.
            if gtk_widget_get_visible(widget) == 0 { gtk_window_present(raw) }
            schemerouter_gdk_wayland_set_activation_token(display, activationToken)
            gtk_window_present(raw)
        case .waylandToplevel:
            if gtk_widget_get_visible(widget) == 0 { gtk_window_present(raw) }
            if let toplevel = toplevel { gdk_toplevel_set_startup_id(toplevel, activationToken) }
        }
    }

    /// Whether the window has the focus: on X11 the keyboard focus (`is-active`); on Wayland the
    /// compositor's `activated` state (GTK's `is-active` there follows a keyboard the seat may
    /// not have, a touch-only one, or a headless compositor's).
    @MainActor public var isActive: Bool {
        guard isOnWayland else { return gtk_window_is_active(raw) != 0 }
        guard let toplevel else { return false }
        return gdk_toplevel_get_state(toplevel).rawValue & GDK_TOPLEVEL_STATE_FOCUSED.rawValue != 0
    }

    /// Closes the window (as the user's close button does).
    @MainActor public func close() { gtk_window_close(raw) }

    /// Whether the window is on a Wayland display.
    @MainActor var isOnWayland: Bool {
        gtk_widget_get_display(schemerouter_gtk_widget(raw)).map(schemerouter_gdk_is_wayland_display) ?? false
    }

    /// The window's toplevel surface, once it is realized.
    @MainActor var toplevel: OpaquePointer? {
        guard let native = gtk_widget_get_native(schemerouter_gtk_widget(raw)) else { return nil }
        return schemerouter_gdk_toplevel(gtk_native_get_surface(native))
    }
}
