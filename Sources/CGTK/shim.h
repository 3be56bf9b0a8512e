#ifndef SCHEMEROUTER_CGTK_SHIM_H
#define SCHEMEROUTER_CGTK_SHIM_H

// GTK 4.8 (Debian `libgtk-4-dev`, pkg-config `gtk4`).
#include <gtk/gtk.h>

// GObject's type-checking casts are macros Swift cannot call; these are the few the
// SchemeRouterGTK layer needs.
static inline GtkWindow *_Nonnull schemerouter_gtk_window(GtkWidget *_Nonnull widget) { return GTK_WINDOW(widget); }
static inline GtkWidget *_Nonnull schemerouter_gtk_widget(GtkWindow *_Nonnull window) { return GTK_WIDGET(window); }
static inline GtkBox *_Nonnull schemerouter_gtk_box(GtkWidget *_Nonnull widget) { return GTK_BOX(widget); }
static inline GtkLabel *_Nonnull schemerouter_gtk_label(GtkWidget *_Nonnull widget) { return GTK_LABEL(widget); }
static inline GdkToplevel *_Nullable schemerouter_gdk_toplevel(GdkSurface *_Nullable surface) {
    return surface != NULL && GDK_IS_TOPLEVEL(surface) ? GDK_TOPLEVEL(surface) : NULL;
}

#endif
