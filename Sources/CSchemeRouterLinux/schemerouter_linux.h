#ifndef SCHEMEROUTER_LINUX_H
#define SCHEMEROUTER_LINUX_H

// The Linux calls Swift cannot make directly: variadic ones (`syscall`, `fcntl`) and those the
// Glibc module hides because it is not built with _GNU_SOURCE (`pipe2`, `accept4`, ...).

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

// libdispatch's main-queue hooks, the ones CoreFoundation's run loop uses on Linux. The first
// returns the main queue's eventfd (readable when jobs are queued); the second runs the queued
// jobs on the calling thread, which must be the main thread. Exported by libdispatch.so (the
// Swift concurrency runtime's executor for the main actor), not declared in any public header.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *_Null_unspecified msg);

// `O_PATH` (a handle on a file without opening it: for a socket, to connect through
// /proc/self/fd/N after checking what the name is) is hidden without _GNU_SOURCE. Linux's value.
static const int schemerouter_o_path = 010000000;

// `syscall(2)` is variadic, so Swift cannot call it: a process file descriptor (Linux 5.3+)
// becomes readable when the process exits, which lets a parent wait for a process it did not
// spawn. Returns -1 and sets errno on failure.
static inline int schemerouter_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

// `pipe2(2)` needs _GNU_SOURCE, which the Glibc module is not built with.
extern int pipe2(int pipefd[2], int flags);
static inline int schemerouter_pipe2(int *_Nonnull descriptors, int flags) {
    return pipe2(descriptors, flags);
}

// `accept4(2)` needs _GNU_SOURCE too.
extern int accept4(int sockfd, struct sockaddr *_Nullable addr, socklen_t *_Nullable addrlen, int flags);
static inline int schemerouter_accept4(int descriptor, int flags) {
    return accept4(descriptor, NULL, NULL, flags);
}

// Closes every descriptor >= `from` in a spawned child (glibc 2.34+; declared under _GNU_SOURCE).
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *_Nonnull actions, int from);
static inline int schemerouter_spawn_closefrom(posix_spawn_file_actions_t *_Nonnull actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

// `fcntl(2)` with an int argument (variadic in C).
static inline int schemerouter_fcntl_int(int fd, int command, int argument) {
    return fcntl(fd, command, argument);
}

// The peer of a connected Unix socket as the kernel saw it at connect(2) time (SO_PEERCRED).
// `struct ucred` needs _GNU_SOURCE, which the Glibc module is not built with, so the layout is
// spelled out here (it is fixed by the kernel ABI: pid, uid, gid).
#ifndef SO_PEERCRED
#define SO_PEERCRED 17
#endif
static inline int schemerouter_peer_credentials(int fd, pid_t *_Nonnull pid, uid_t *_Nonnull uid) {
    struct { pid_t pid; uid_t uid; gid_t gid; } credentials;
    socklen_t length = sizeof credentials;
    int result = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length);
    if (result == 0) {
        *pid = credentials.pid;
        *uid = credentials.uid;
    }
    return result;
}

// A descriptor for the process at the other end of a connected Unix socket (SO_PEERPIDFD,
// Linux 6.5+): unlike a pid it cannot come to name another process. Returns -errno on failure:
// -ENOPROTOOPT when the kernel does not have it, another error when the peer is gone.
#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77
#endif
static inline int schemerouter_peer_pidfd(int fd) {
    int pidfd = -1;
    socklen_t length = sizeof pidfd;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERPIDFD, &pidfd, &length) != 0) return -errno;
    return pidfd;
}

// Whether the process behind a pidfd has not exited yet (signal 0 checks without sending).
static inline int schemerouter_pidfd_alive(int pidfd) {
    return syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) == 0;
}

#endif
