internal import CGTK

/// How an activation token reaches the window manager, chosen at run time from the window's
/// display and the GTK library the app runs with (Docs/GLib.md, *Activation tokens*).
enum ActivationRoute: Equatable {
    /// X11: `gtk_window_set_startup_id`, then present: GTK sets `_NET_STARTUP_ID` and the user
    /// time the token carries.
    case startupID
    /// Wayland, GTK < 4.10: `gtk_window_set_startup_id` ends in an empty function there, so the
    /// token goes on the display, which presenting a shown window hands to xdg-activation.
    case waylandDisplay
    /// Wayland, GTK 4.10 and later: `gdk_toplevel_set_startup_id` activates the shown window
    /// with the token (`xdg_activation_v1.activate`).
    case waylandToplevel

    /// The route for a display of this backend under GTK `major.minor`.
    static func choose(isWayland: Bool, gtkMajor: UInt32, gtkMinor: UInt32) -> ActivationRoute {
        guard isWayland else { return .startupID }
        return gtkMajor > 4 || gtkMinor >= 10 ? .waylandToplevel : .waylandDisplay
    }

    /// The route for `display` under the GTK library loaded now (not the headers built against).
    @MainActor static func current(for display: OpaquePointer) -> ActivationRoute {
        choose(
            isWayland: schemerouter_gdk_is_wayland_display(display), gtkMajor: gtk_get_major_version(),
            gtkMinor: gtk_get_minor_version())
    }
}
