#ifndef SCHEMEROUTER_CGTK_SHIM_H
#define SCHEMEROUTER_CGTK_SHIM_H

// GTK 4.8 or newer (Debian `libgtk-4-dev`, pkg-config `gtk4`), with its Wayland backend where
// GTK was built with one (`gdk/wayland/gdkwayland.h`, the `gtk4-wayland` package).
#include <stdbool.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

// GObject's type-checking casts are macros Swift cannot call; these are the few the
// SchemeRouterGTK layer needs.
static inline GtkWindow *_Nonnull schemerouter_gtk_window(GtkWidget *_Nonnull widget) { return GTK_WINDOW(widget); }
static inline GtkWidget *_Nonnull schemerouter_gtk_widget(GtkWindow *_Nonnull window) { return GTK_WIDGET(window); }
static inline GtkBox *_Nonnull schemerouter_gtk_box(GtkWidget *_Nonnull widget) { return GTK_BOX(widget); }
static inline GtkLabel *_Nonnull schemerouter_gtk_label(GtkWidget *_Nonnull widget) { return GTK_LABEL(widget); }
static inline GdkToplevel *_Nullable schemerouter_gdk_toplevel(GdkSurface *_Nullable surface) {
    return surface != NULL && GDK_IS_TOPLEVEL(surface) ? GDK_TOPLEVEL(surface) : NULL;
}

// Whether `display` is a Wayland connection (false where GTK has no Wayland backend).
static inline bool schemerouter_gdk_is_wayland_display(GdkDisplay *_Nonnull display) {
#ifdef GDK_WINDOWING_WAYLAND
    return GDK_IS_WAYLAND_DISPLAY(display);
#else
    return false;
#endif
}

// Hands an xdg-activation token to a Wayland display: the next gtk_window_present() of a shown
// window sends it with xdg_activation_v1.activate (gdk_wayland_toplevel_focus takes it). The
// way for GTK < 4.10, whose gtk_window_set_startup_id() never reaches the compositor on Wayland;
// deprecated from 4.10 (where gdk_toplevel_set_startup_id activates), hence the pragma.
static inline void schemerouter_gdk_wayland_set_activation_token(GdkDisplay *_Nonnull display, const char *_Nonnull token) {
#ifdef GDK_WINDOWING_WAYLAND
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (GDK_IS_WAYLAND_DISPLAY(display)) gdk_wayland_display_set_startup_notification_id(display, token);
    G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

#endif
