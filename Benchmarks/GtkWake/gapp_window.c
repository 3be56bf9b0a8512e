// The obvious alternative on Wayland: a GtkApplication with G_APPLICATION_HANDLES_OPEN and one
// window, titled by argv (default "GApp Bench"). The first instance (--primary) shows the window
// and stays; every later one forwards its URI over D-Bus and exits; the primary's `open` presents
// the window, with whatever token GTK found in the request, and appends a line to $GAPP_TRACE (so
// the benchmark can tell "opened but never focused" from "never opened").
#include <gtk/gtk.h>
#include <stdio.h>

static GtkWindow *window;

static void on_activate(GApplication *app, gpointer data) {
    (void)data;
    if (window) return;
    window = GTK_WINDOW(gtk_application_window_new(GTK_APPLICATION(app)));
    gtk_window_set_title(window, "GApp Bench");
    gtk_window_set_default_size(window, 480, 360);
    gtk_window_present(window);
}

static void on_open(GApplication *app, GFile **files, gint count, const gchar *hint, gpointer data) {
    (void)files; (void)count; (void)hint; (void)data;
    on_activate(app, NULL);
    gtk_window_present(window);
    const char *path = g_getenv("GAPP_TRACE");
    FILE *trace = path ? fopen(path, "a") : NULL;
    if (trace) {
        fputs("open\n", trace);
        fclose(trace);
    }
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("org.example.GAppWindowBench", G_APPLICATION_HANDLES_OPEN);
    g_signal_connect(app, "open", G_CALLBACK(on_open), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    if (argc == 2 && g_strcmp0(argv[1], "--primary") == 0) {
        g_application_hold(G_APPLICATION(app));
        argc = 1;
    }
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
