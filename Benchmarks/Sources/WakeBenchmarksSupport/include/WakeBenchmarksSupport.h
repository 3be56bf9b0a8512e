#ifndef WAKE_BENCHMARKS_SUPPORT_H
#define WAKE_BENCHMARKS_SUPPORT_H
// pidfd_open(2): Swift cannot call the variadic syscall(2).
int wake_benchmarks_pidfd_open(int pid);
#endif
