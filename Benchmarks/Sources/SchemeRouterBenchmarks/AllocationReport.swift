import BenchmarkProcesses
import MallocInterposerSwift
import SchemeRouter

/// Counts heap allocations with ordo-one's malloc interposer (the process must run with
/// `LD_PRELOAD=…/libMallocInterposerSwift.so`; `Benchmarks/run` does that).
enum AllocationReport {
    static func run(workloads: Workloads) {
        MallocInterposerSwift.initialize()
        // A control: if a known allocation is not seen, the interposer is not active and we say so.
        let control = count { blackHole([Int](repeating: 7, count: 1000)) }
        guard control.mallocCount > 0 else {
            print("allocations: interposer not active (run with LD_PRELOAD=…/libMallocInterposerSwift.so)")
            return
        }
        // Warm up once (lazy globals such as the character table are allocated on first use).
        _ = workloads.validateOnly()
        let validate = count { blackHole(workloads.validateOnly()) }
        let decode = count { blackHole(workloads.parseAndDecode()) }
        let foundation = count { blackHole(workloads.foundationParseAndDecode()) }
        let route = count { blackHole(workloads.routes.schemeRouter()) }
        let routeMatches = count { blackHole(workloads.routes.schemeRouterMatches()) }
        let foundationRoute = count { blackHole(workloads.routes.foundation()) }
        let n = workloads.corpus.count
        func perURL(_ count: Int) -> String { format(Double(count) / Double(n), decimals: 1) }
        print("allocations over \(n) URLs (control: \(control.mallocCount) for one array):")
        print("  validate only (URLParser.validate):             \(validate.mallocCount) mallocs")
        print("  SchemeRouter parse + decode:                    \(decode.mallocCount) mallocs (\(perURL(decode.mallocCount)) per URL)")
        print("  Foundation URL + URLComponents + queryItems:    \(foundation.mallocCount) mallocs (\(perURL(foundation.mallocCount)) per URL)")
        print("  SchemeRouter withRoute + typed request:         \(route.mallocCount) mallocs (\(perURL(route.mallocCount)) per URL)")
        print("  SchemeRouter route (owned match) + request:     \(routeMatches.mallocCount) mallocs (\(perURL(routeMatches.mallocCount)) per URL)")
        print("  Foundation, the same job by hand:               \(foundationRoute.mallocCount) mallocs (\(perURL(foundationRoute.mallocCount)) per URL)")
    }

    static func count(_ body: () -> Void) -> MallocInterposerSwift.Statistics {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics()
    }
}
