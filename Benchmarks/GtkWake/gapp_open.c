// The obvious alternative to SchemeRouter for a GTK app: GtkApplication's own uniqueness
// (G_APPLICATION_HANDLES_OPEN). The first instance is the primary; every later one forwards its
// URL over D-Bus and exits. The primary's `open` handler appends CLOCK_MONOTONIC nanoseconds to
// $GAPP_TRACE, the same stamp Notes' trace carries ("monotonicNs"). Started with `--primary` it
// has no window, as measured in the issue (about 5.7 ms from spawn to `open`; Benchmarks/gtk);
// with `--primary --window` it shows one, titled "GApp Bench", which `open` presents with
// whatever token GTK found in the request (Benchmarks/wayland).
#include <gtk/gtk.h>
#include <stdio.h>
#include <time.h>

static GtkWindow *window;

static void on_open(GApplication *app, GFile **files, gint count, const gchar *hint, gpointer data) {
    (void)app; (void)files; (void)count; (void)hint; (void)data;
    if (window) gtk_window_present(window);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const char *path = g_getenv("GAPP_TRACE");
    FILE *trace = path ? fopen(path, "a") : NULL;
    if (trace) {
        fprintf(trace, "%lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
        fclose(trace);
    }
}

static void on_activate(GApplication *app, gpointer data) {
    if (!data || window) return;
    window = GTK_WINDOW(gtk_application_window_new(GTK_APPLICATION(app)));
    gtk_window_set_title(window, "GApp Bench");
    gtk_window_set_default_size(window, 480, 360);
    gtk_window_present(window);
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("org.example.GAppBench", G_APPLICATION_HANDLES_OPEN);
    gboolean with_window = argc == 3 && g_strcmp0(argv[2], "--window") == 0;
    g_signal_connect(app, "open", G_CALLBACK(on_open), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), GINT_TO_POINTER(with_window));
    // The primary stays up (started with --primary: no URL, held).
    if (argc >= 2 && g_strcmp0(argv[1], "--primary") == 0) {
        g_application_hold(G_APPLICATION(app));
        argc = 1;
    }
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
