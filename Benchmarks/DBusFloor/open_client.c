// Round trip of org.freedesktop.Application.Open with one URI, from an sd-bus client to a
// running app, until the reply; targets interleaved call by call. Prints each target's median,
// p25 and p75 in microseconds, and every target's median over the first target's.
// Usage: open_client ROUNDS NAME URI [NAME URI ...]
//        open_client --spawn ROUNDS LABEL -- CMD... [--- LABEL -- CMD...]   (wall time of a command)
#include <systemd/sd-bus.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void path_of(const char *name, char *path) {
    *path++ = '/';
    for (; *name; name++) *path++ = *name == '.' ? '/' : (*name == '-' ? '_' : *name);
    *path = 0;
}

static void report(int targets, int rounds, const char **labels, double *samples) {
    double first = 0;
    for (int t = 0; t < targets; t++) {
        double *s = samples + (size_t)t * rounds;
        qsort(s, rounds, sizeof *s, compare);
        double median = s[rounds / 2];
        if (t == 0) first = median;
        printf("  %-40s median %8.1f us  p25 %8.1f  p75 %8.1f  (%.2fx of %s)\n", labels[t], median, s[rounds / 4],
               s[rounds * 3 / 4], median / first, labels[0]);
    }
}

static int spawn_mode(int argc, char **argv) {
    int rounds = atoi(argv[2]);
    const char *labels[8];
    char **commands[8];
    int targets = 0;
    for (int i = 3; i < argc && targets < 8;) {
        labels[targets] = argv[i];
        commands[targets] = argv + i + 2;  // after LABEL --
        int j = i + 2;
        while (j < argc && strcmp(argv[j], "---") != 0) j++;
        if (j < argc) argv[j] = NULL;
        targets++;
        i = j + 1;
    }
    double *samples = calloc((size_t)targets * rounds, sizeof(double));
    for (int r = 0; r < rounds; r++) {
        for (int t = 0; t < targets; t++) {
            double start = now_us();
            pid_t pid;
            if (posix_spawn(&pid, commands[t][0], NULL, NULL, commands[t], environ) != 0) return 71;
            int status;
            waitpid(pid, &status, 0);
            samples[(size_t)t * rounds + r] = now_us() - start;
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                fprintf(stderr, "%s exited %d\n", labels[t], status);
                return 1;
            }
        }
    }
    report(targets, rounds, labels, samples);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--spawn") == 0) return spawn_mode(argc, argv);
    if (argc < 4) return 64;
    int rounds = atoi(argv[1]);
    int targets = (argc - 2) / 2;
    sd_bus *bus = NULL;
    int r = sd_bus_open_user(&bus);
    if (r < 0) {
        fprintf(stderr, "sd_bus_open_user: %s\n", strerror(-r));
        return 71;
    }
    const char *labels[8];
    char paths[8][256];
    for (int t = 0; t < targets && t < 8; t++) {
        labels[t] = argv[2 + 2 * t];
        path_of(argv[2 + 2 * t], paths[t]);
    }
    double *samples = calloc((size_t)targets * rounds, sizeof(double));
    // A few warm-up calls each (connections, caches), then the measured rounds.
    for (int r0 = -20; r0 < rounds; r0++) {
        for (int t = 0; t < targets; t++) {
            sd_bus_error error = SD_BUS_ERROR_NULL;
            sd_bus_message *reply = NULL;
            double start = now_us();
            r = sd_bus_call_method(bus, argv[2 + 2 * t], paths[t], "org.freedesktop.Application", "Open", &error,
                                   &reply, "asa{sv}", 1, argv[3 + 2 * t], 0);
            double elapsed = now_us() - start;
            if (r < 0) {
                fprintf(stderr, "%s: %s: %s\n", labels[t], error.name, error.message);
                return 1;
            }
            sd_bus_message_unref(reply);
            sd_bus_error_free(&error);
            if (r0 >= 0) samples[(size_t)t * rounds + r0] = elapsed;
        }
    }
    report(targets, rounds, labels, samples);
    sd_bus_unref(bus);
    return 0;
}
