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
    /// token (Wayland's xdg-activation, X11 startup notification). It is handed to GTK before the
    /// window is presented (`gtk_window_set_startup_id`).
    @MainActor public func present(activationToken: String?) {
        if let activationToken { gtk_window_set_startup_id(raw, activationToken) }
        gtk_window_present(raw)
    }

    /// Whether the window has the keyboard focus.
    @MainActor public var isActive: Bool { gtk_window_is_active(raw) != 0 }

    /// Closes the window (as the user's close button does).
    @MainActor public func close() { gtk_window_close(raw) }
}
