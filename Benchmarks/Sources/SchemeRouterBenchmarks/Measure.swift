#if canImport(Glibc)
import Glibc
#endif

/// Timing with medians: every workload runs `rounds` times over the whole corpus, interleaved with the
/// others so drift hits all alike; we report the median ns per URL (and the spread), never one run.
struct Sample {
    let name: String
    var nanosPerURL: [Double] = []

    var sorted: [Double] { nanosPerURL.sorted() }
    var median: Double { percentile(0.5) }
    func percentile(_ p: Double) -> Double {
        let s = sorted
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func format(_ value: Double, decimals: Int = 1) -> String {
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let rounded = (value * factor).rounded() / factor
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if have < decimals { text += String(repeating: "0", count: decimals - have) }
    } else if decimals > 0 {
        text += "." + String(repeating: "0", count: decimals)
    }
    return text
}
