import BenchmarkProcesses
import Glibc
import WakeBenchmarksSupport

/// A process's resident set size now and at its peak, in KiB (`/proc/<pid>/status`).
func memory(of pid: pid_t) -> (resident: Double, peak: Double) {
    let status = readText("/proc/\(pid)/status")
    func field(_ name: String) -> Double {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return .nan }
        return Double(line.filter(\.isNumber)) ?? .nan
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// One number from the load driver's JSON line.
func field(_ name: String, in report: String) -> Double {
    guard let range = report.range(of: "\"\(name)\": ") else { return .nan }
    return Double(report[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" || $0 == "+" }) ?? .nan
}

extension String {
    /// The range of the first occurrence of `other` (no Foundation).
    func range(of other: String) -> Range<String.Index>? {
        guard !other.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(other) { return index..<self.index(index, offsetBy: other.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
