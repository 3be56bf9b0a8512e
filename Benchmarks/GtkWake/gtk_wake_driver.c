// Spawns `PROGRAM URL` against a running primary and measures from just before posix_spawn to the
// primary's `open` stamp (CLOCK_MONOTONIC ns, last number of the newest line of the variant's
// trace: Notes' "monotonicNs", gapp_open's plain number). Variants run interleaved, round by
// round; medians, p25 and p75 per variant. The new trace line is waited for with inotify, never a
// sleep. Usage: gtk_wake_driver RUNS LABEL TRACE ENV=VALUE PROGRAM URL [LABEL TRACE ENV PROGRAM URL]...
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct { const char *label, *trace, *assign, *program, *url; double *samples; int lines; } Variant;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

// The number of `open` stamps in the file (Notes' lines with "monotonicNs", or gapp_open's plain
// numbers; Notes' other hook lines are skipped) and the newest one.
static int read_trace(const char *path, long long *stamp) {
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    char line[8192];
    int count = 0;
    while (fgets(line, sizeof line, file)) {
        const char *key = strstr(line, "\"monotonicNs\": ");
        if (key) { *stamp = atoll(key + 15); count++; }
        else if (line[0] >= '0' && line[0] <= '9') { *stamp = atoll(line); count++; }
    }
    fclose(file);
    return count;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 7 || (argc - 2) % 5 != 0) { fprintf(stderr, "usage: see the source\n"); return 64; }
    int runs = atoi(argv[1]), count = (argc - 2) / 5;
    Variant variants[8];
    for (int v = 0; v < count; v++) {
        char **a = argv + 2 + v * 5;
        variants[v] = (Variant){a[0], a[1], a[2], a[3], a[4], calloc(runs, sizeof(double)), 0};
        long long ignored;
        variants[v].lines = read_trace(a[1], &ignored);
    }
    int watch = inotify_init1(IN_CLOEXEC);
    for (int round = -5; round < runs; round++) {  // 5 warm-up rounds
        for (int v = 0; v < count; v++) {
            Variant *variant = &variants[(round + v + count * 8) % count];  // rotate the order
            int wd = inotify_add_watch(watch, variant->trace, IN_MODIFY | IN_CLOSE_WRITE);
            char *name = strchr(variant->assign, '=') ? strndup(variant->assign, strchr(variant->assign, '=') - variant->assign) : NULL;
            char *old = name ? getenv(name) : NULL;
            char *saved = old ? strdup(old) : NULL;
            if (name) setenv(name, strchr(variant->assign, '=') + 1, 1);
            char *args[] = {(char *)variant->program, (char *)variant->url, NULL};
            pid_t pid;
            long long start = now_ns();
            if (posix_spawn(&pid, variant->program, NULL, NULL, args, environ) != 0) { perror("posix_spawn"); return 71; }
            if (name) { if (saved) setenv(name, saved, 1); else unsetenv(name); }
            free(name); free(saved);
            long long stamp = 0;
            int lines;
            while ((lines = read_trace(variant->trace, &stamp)) <= variant->lines) {
                struct pollfd wait = {watch, POLLIN, 0};
                if (poll(&wait, 1, 10000) <= 0) { fprintf(stderr, "%s: no open within 10 s\n", variant->label); return 1; }
                char buffer[4096];
                (void)!read(watch, buffer, sizeof buffer);
            }
            variant->lines = lines;
            int status;
            waitpid(pid, &status, 0);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) { fprintf(stderr, "%s exited %d\n", variant->label, status); return 1; }
            inotify_rm_watch(watch, wd);
            if (round >= 0) variant->samples[round] = (stamp - start) / 1e6;
        }
    }
    double reference = 0;
    for (int v = 0; v < count; v++) {
        qsort(variants[v].samples, runs, sizeof(double), compare);
        double median = variants[v].samples[runs / 2];
        if (v == count - 1) reference = median;
        printf("%-28s median %7.3f ms  p25 %7.3f  p75 %7.3f  (%d runs)\n", variants[v].label, median,
               variants[v].samples[runs / 4], variants[v].samples[runs * 3 / 4], runs);
    }
    for (int v = 0; v < count - 1; v++)
        printf("%-28s %.2fx %s\n", variants[v].label, variants[v].samples[runs / 2] / reference, variants[count - 1].label);
    return 0;
}
