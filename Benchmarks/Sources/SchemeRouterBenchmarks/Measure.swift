#if canImport(Glibc)
import Glibc
#endif

// Timing with medians: every workload runs `rounds` times over the whole corpus, interleaved with
// the others so drift hits all alike; we report the median ns per URL (and the spread), never one
// run. `Series`, `monotonicNanos` and `format` come from BenchmarkProcesses.

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
