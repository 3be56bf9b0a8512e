// `LAUNCHER URL` (xdg-open, or the app itself) to a running GTK app until headless sway reports
// the app's existing window focused (a window event on sway's IPC), each round with a fresh
// xdg-activation token in the launcher's environment (XDG_ACTIVATION_TOKEN and DESKTOP_STARTUP_ID, as GLib's launchers set
// them). The token is a launcher's: no seat, serial or surface (wlroots grants it). Before each
// round the window named AWAY gets the focus. Variants run interleaved, round by round; medians,
// p25 and p75 of the rounds that focused. A variant whose first 5 rounds never focus its window
// is reported as never focused and left out afterwards (each miss waits MISS_MS).
// Usage: wayland_focus_driver RUNS LABEL TITLE AWAY LAUNCHER URL [LABEL TITLE AWAY LAUNCHER URL]...
// Ratios are to the last variant, when it was ever focused.
// Needs WAYLAND_DISPLAY and SWAYSOCK.
#define _GNU_SOURCE
#include <poll.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-activation-v1-client-protocol.h"

#define MISS_MS 5000
extern char **environ;

typedef struct { const char *label, *title, *away, *launcher, *url; double *samples; int focused, missed; } Variant;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

// --- sway IPC (sway-ipc(7)): "i3-ipc", length, type, JSON payload ---

static int ipc_connect(void) {
    const char *path = getenv("SWAYSOCK");
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (!path || fd < 0) return -1;
    snprintf(address.sun_path, sizeof address.sun_path, "%s", path);
    return connect(fd, (struct sockaddr *)&address, sizeof address) == 0 ? fd : -1;
}

static int ipc_send(int fd, uint32_t type, const char *payload) {
    uint32_t length = (uint32_t)strlen(payload);
    char header[14];
    memcpy(header, "i3-ipc", 6);
    memcpy(header + 6, &length, 4);
    memcpy(header + 10, &type, 4);
    return write(fd, header, 14) == 14 && write(fd, payload, length) == (ssize_t)length ? 0 : -1;
}

static int read_all(int fd, char *buffer, size_t count) {
    for (size_t done = 0; done < count;) {
        ssize_t n = read(fd, buffer + done, count - done);
        if (n <= 0) return -1;
        done += (size_t)n;
    }
    return 0;
}

// The next message within timeout_ms (a reply or an event), NUL-terminated, or NULL.
static char *ipc_read(int fd, int timeout_ms) {
    struct pollfd wait = {fd, POLLIN, 0};
    if (poll(&wait, 1, timeout_ms) <= 0) return NULL;
    char header[14];
    uint32_t length;
    if (read_all(fd, header, 14) != 0) return NULL;
    memcpy(&length, header + 6, 4);
    char *payload = malloc(length + 1);
    if (read_all(fd, payload, length) != 0) { free(payload); return NULL; }
    payload[length] = 0;
    return payload;
}

// Whether the window event in `json` gives the focus to the window titled `title`.
static int focuses(const char *json, const char *title) {
    if (!strstr(json, "\"change\": \"focus\"")) return 0;
    const char *name = strstr(json, "\"name\": \"");
    size_t length = strlen(title);
    return name && strncmp(name + 9, title, length) == 0 && name[9 + length] == '"';
}

// Waits for the focus to go to `title`, at most timeout_ms; the time it arrived, or -1.
static long long wait_focus(int events, const char *title, int timeout_ms) {
    long long deadline = now_ns() + (long long)timeout_ms * 1000000LL;
    for (long long left; (left = deadline - now_ns()) > 0;) {
        char *event = ipc_read(events, (int)(left / 1000000LL) + 1);
        if (!event) break;
        int hit = focuses(event, title);
        free(event);
        if (hit) return now_ns();
    }
    return -1;
}

// Whether the window titled `title` has the focus now (the tree's focused node's name).
static int has_focus(int commands, const char *title) {
    if (ipc_send(commands, 4, "") != 0) return 0;
    char *tree = ipc_read(commands, 10000);
    if (!tree) return 0;
    const char *focused = strstr(tree, "\"focused\": true");
    const char *name = focused ? strstr(focused, "\"name\": \"") : NULL;
    size_t length = strlen(title);
    int hit = name && strncmp(name + 9, title, length) == 0 && name[9 + length] == '"';
    free(tree);
    return hit;
}

static void focus(int commands, int events, const char *title) {
    if (has_focus(commands, title)) return;
    char command[512];
    snprintf(command, sizeof command, "[title=\"^%s$\"] focus", title);
    ipc_send(commands, 0, command);
    free(ipc_read(commands, 10000));
    if (wait_focus(events, title, 10000) < 0) { fprintf(stderr, "could not focus '%s'\n", title); exit(1); }
}

// --- xdg-activation: a token as a launcher without a window asks for one ---

static struct xdg_activation_v1 *activation;
static char *token;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, xdg_activation_v1_interface.name) == 0)
        activation = wl_registry_bind(registry, name, &xdg_activation_v1_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = {global, global_remove};
static void token_done(void *data, struct xdg_activation_token_v1 *t, const char *value) { (void)data; (void)t; token = strdup(value); }
static const struct xdg_activation_token_v1_listener token_listener = {token_done};

static char *mint(struct wl_display *display) {
    token = NULL;
    struct xdg_activation_token_v1 *request = xdg_activation_v1_get_activation_token(activation);
    xdg_activation_token_v1_add_listener(request, &token_listener, NULL);
    xdg_activation_token_v1_commit(request);
    while (!token && wl_display_dispatch(display) != -1) {}
    xdg_activation_token_v1_destroy(request);
    return token;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 7 || (argc - 2) % 5 != 0 || (argc - 2) / 5 > 8) { fprintf(stderr, "usage: see the source\n"); return 64; }
    int runs = atoi(argv[1]), count = (argc - 2) / 5;
    Variant variants[8];
    for (int v = 0; v < count; v++) {
        char **a = argv + 2 + v * 5;
        variants[v] = (Variant){a[0], a[1], a[2], a[3], a[4], calloc((size_t)runs, sizeof(double)), 0, 0};
    }
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "no Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!activation) { fprintf(stderr, "the compositor has no xdg_activation_v1\n"); return 1; }
    int commands = ipc_connect(), events = ipc_connect();
    if (commands < 0 || events < 0 || ipc_send(events, 2, "[\"window\"]") != 0) { fprintf(stderr, "no sway IPC\n"); return 1; }
    free(ipc_read(events, 10000));

    for (int round = -3; round < runs; round++) {  // 3 warm-up rounds
        for (int i = 0; i < count; i++) {
            Variant *variant = &variants[(round + i + count * 8) % count];  // rotate the order
            if (variant->focused == 0 && variant->missed >= 5) continue;  // never focuses: stop paying MISS_MS
            focus(commands, events, variant->away);
            for (char *stale; (stale = ipc_read(events, 0));) free(stale);  // nothing from before counts
            char *tok = mint(display);
            setenv("XDG_ACTIVATION_TOKEN", tok, 1);
            setenv("DESKTOP_STARTUP_ID", tok, 1);
            char *args[] = {(char *)variant->launcher, (char *)variant->url, NULL};
            pid_t pid;
            long long start = now_ns();
            if (posix_spawnp(&pid, variant->launcher, NULL, NULL, args, environ) != 0) { perror("posix_spawnp"); return 71; }
            unsetenv("XDG_ACTIVATION_TOKEN");
            unsetenv("DESKTOP_STARTUP_ID");
            free(tok);
            long long end = wait_focus(events, variant->title, MISS_MS);
            int status;
            waitpid(pid, &status, 0);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) { fprintf(stderr, "%s: %s exited %d\n", variant->label, variant->launcher, status); return 1; }
            if (round < 0) continue;
            if (end < 0) variant->missed++;
            else variant->samples[variant->focused++] = (end - start) / 1e6;
        }
    }
    double reference = -1;
    for (int v = 0; v < count; v++) {
        Variant *variant = &variants[v];
        if (variant->focused == 0) {
            printf("%-30s never focused its window (%d rounds, %d ms each)\n", variant->label, variant->missed, MISS_MS);
            continue;
        }
        qsort(variant->samples, (size_t)variant->focused, sizeof(double), compare);
        double median = variant->samples[variant->focused / 2];
        printf("%-30s median %7.2f ms  p25 %7.2f  p75 %7.2f  (%d rounds focused, %d missed)\n", variant->label, median,
               variant->samples[variant->focused / 4], variant->samples[variant->focused * 3 / 4], variant->focused, variant->missed);
        if (v == count - 1) reference = median;
    }
    if (reference > 0)
        for (int v = 0; v < count - 1; v++)
            if (variants[v].focused > 0)
                printf("%-30s %.2fx %s\n", variants[v].label, variants[v].samples[variants[v].focused / 2] / reference, variants[count - 1].label);
    return 0;
}
