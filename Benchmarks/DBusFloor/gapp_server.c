// The alternative the D-Bus door is measured against: a C GApplication with
// G_APPLICATION_HANDLES_OPEN whose open handler does nothing, on the same private bus.
// Usage: gapp_server APP_ID   (runs until SIGTERM)
#include <gio/gio.h>
#include <glib-unix.h>

static void on_open(GApplication *app, GFile **files, gint count, const gchar *hint, gpointer data) {
    (void)app; (void)files; (void)count; (void)hint; (void)data;
}

static void on_activate(GApplication *app, gpointer data) { (void)app; (void)data; }

static gboolean on_term(gpointer app) {
    g_application_release(G_APPLICATION(app));
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    GApplication *app = g_application_new(argv[1], G_APPLICATION_HANDLES_OPEN);
    g_signal_connect(app, "open", G_CALLBACK(on_open), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    g_unix_signal_add(SIGTERM, on_term, app);
    g_application_register(app, NULL, NULL);
    g_application_hold(app);
    char *args[] = {argv[0], NULL};
    int status = g_application_run(app, 1, args);
    g_object_unref(app);
    return status;
}
