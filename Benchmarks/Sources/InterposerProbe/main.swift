import MallocInterposerSwift

#if canImport(Glibc)
import Glibc
#endif

// Checks that ordo-one's malloc interposer counts on this machine: exit 0 when one array's
// allocation is seen, 1 when not. Building this target builds the interposer's library, which
// `Benchmarks/run` preloads for SchemeRouterBenchmarks' allocation count; the timed benchmarks do
// not link it (see Package.swift).
@inline(never)
func allocate() -> Int { [Int](repeating: 7, count: 1000).count }

MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
let count = allocate()
MallocInterposerSwift.unhook()
let mallocs = MallocInterposerSwift.getStatistics().mallocCount
print("interposer probe: \(mallocs) allocation(s) counted for one array of \(count)")
exit(mallocs > 0 ? 0 : 1)
