#include "WakeBenchmarksSupport.h"
#include <sys/syscall.h>
#include <unistd.h>

int wake_benchmarks_pidfd_open(int pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }
