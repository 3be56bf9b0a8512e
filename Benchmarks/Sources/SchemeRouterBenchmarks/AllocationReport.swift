import BenchmarkProcesses
import SchemeRouter

#if canImport(Glibc)
import Glibc
#endif

/// Counts heap allocations with ordo-one's malloc interposer, which the process must run with
/// preloaded (`LD_PRELOAD=…/libMallocInterposerSwift.so`; `Benchmarks/run` does that). The
/// benchmarks do not link it (the timed runs would pay for its malloc and free), so its counters
/// are reached through its C functions, looked up when the report runs.
enum AllocationReport {
    static func run(workloads: Workloads) {
        guard let counters = MallocCounters() else {
            print("allocations: interposer not loaded (run with LD_PRELOAD=…/libMallocInterposerSwift.so)")
            return
        }
        // A control: if a known allocation is not seen, the interposer is not active and we say so.
        let control = counters.count { blackHole([Int](repeating: 7, count: 1000)) }
        guard control.mallocCount > 0 else {
            print("allocations: interposer not active (run with LD_PRELOAD=…/libMallocInterposerSwift.so)")
            return
        }
        // Warm up once (lazy globals such as the character table are allocated on first use).
        _ = workloads.validateOnly()
        let validate = counters.count { blackHole(workloads.validateOnly()) }
        let decode = counters.count { blackHole(workloads.parseAndDecode()) }
        let foundation = counters.count { blackHole(workloads.foundationParseAndDecode()) }
        let route = counters.count { blackHole(workloads.routes.schemeRouter()) }
        let foundationRoute = counters.count { blackHole(workloads.routes.foundation()) }
        let n = workloads.corpus.count
        func perURL(_ count: Int) -> String { format(Double(count) / Double(n), decimals: 1) }
        print("allocations over \(n) URLs (control: \(control.mallocCount) for one array):")
        print("  validate only (URLParser.validate):             \(validate.mallocCount) mallocs")
        print("  SchemeRouter parse + decode:                    \(decode.mallocCount) mallocs (\(perURL(decode.mallocCount)) per URL)")
        print("  Foundation URL + URLComponents + queryItems:    \(foundation.mallocCount) mallocs (\(perURL(foundation.mallocCount)) per URL)")
        print("  SchemeRouter route + typed request:             \(route.mallocCount) mallocs (\(perURL(route.mallocCount)) per URL)")
        print("  Foundation, the same job by hand:               \(foundationRoute.mallocCount) mallocs (\(perURL(foundationRoute.mallocCount)) per URL)")
    }
}

/// The malloc interposer's counting functions (its C API, `malloc_interposer_*`), found in the
/// preloaded library; `nil` when it is not loaded.
struct MallocCounters {
    struct Statistics {
        let mallocCount: Int
        let freeCount: Int
    }

    private typealias Toggle = @convention(c) () -> Void
    private typealias Read = @convention(c) (
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
    ) -> Void
    private let enable: Toggle, disable: Toggle, reset: Toggle
    private let read: Read

    init?() {
        // A null handle is RTLD_DEFAULT: every loaded object, the preloaded library first.
        guard let enable = dlsym(nil, "malloc_interposer_enable"), let disable = dlsym(nil, "malloc_interposer_disable"),
            let reset = dlsym(nil, "malloc_interposer_reset"), let read = dlsym(nil, "malloc_interposer_get_stats")
        else { return nil }
        self.enable = unsafeBitCast(enable, to: Toggle.self)
        self.disable = unsafeBitCast(disable, to: Toggle.self)
        self.reset = unsafeBitCast(reset, to: Toggle.self)
        self.read = unsafeBitCast(read, to: Read.self)
    }

    /// The allocations `body` makes.
    func count(_ body: () -> Void) -> Statistics {
        reset()
        enable()
        body()
        disable()
        var mallocs: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freed: Int64 = 0
        read(&mallocs, &bytes, &small, &large, &frees, &freed)
        return Statistics(mallocCount: Int(mallocs), freeCount: Int(frees))
    }
}
