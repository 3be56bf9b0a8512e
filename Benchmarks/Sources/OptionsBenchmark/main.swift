// Benchmarks/options: what reading an app's command line costs at launch, SchemeRouterRuntime's
// AppOptions against swift-argument-parser, both as static executables (as scripts/release ships
// apps). In process: the median of one read over many rounds. Cold start: spawn-to-exit of a
// process that reads its arguments and exits, the two interleaved, with /bin/true as the floor.
import BenchmarkProcesses
import OptionsProbeDriver
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    print("usage: OptionsBenchmark <options-probe-appoptions> <options-probe-argumentparser>")
    exit(64)
}
let probes = [("AppOptions", arguments[0]), ("swift-argument-parser", arguments[1])]
let typical = typicalArguments
let output = "/tmp/options-benchmark-\(getpid()).out"
defer { unlink(output) }

/// Runs `path` with `arguments` to its exit; returns the status and the wall time in ns.
func timed(_ path: String, _ arguments: [String]) -> (status: Int32, nanoseconds: Double) {
    let start = monotonicNanos()
    let status = Spawned(path, arguments, environment: ["PATH=/usr/bin:/bin"], output: output).wait()
    return (status, Double(monotonicNanos() - start))
}

// In process: each probe's median over 20,000 reads, five times; the median of those.
print("reading the command line in process (median of one read, 5 runs of 20,000 rounds)")
var inProcess: [String: Double] = [:]
for (name, path) in probes {
    var runs = Series(name: name)
    for _ in 0..<5 {
        _ = Spawned(path, ["--rounds", "20000"], environment: [], output: output).wait()
        let text = readText(output).filter(\.isNumber)
        runs.add(Double(text) ?? .nan)
    }
    inProcess[name] = runs.median
    print("  \(name): \(format(runs.median)) ns (runs \(runs.values.map { format($0) }.joined(separator: ", ")))")
}
print("  ratio swift-argument-parser / AppOptions: \(format(inProcess["swift-argument-parser"]! / inProcess["AppOptions"]!, decimals: 1))x")

// Cold start: interleaved, after a warm-up of each.
let rounds = 400
print("cold start: spawn to exit reading `\(typical.joined(separator: " "))` (\(rounds) runs each, interleaved)")
var series = probes.map { Series(name: $0.0) } + [Series(name: "/bin/true (floor)")]
let commands = probes.map(\.1) + ["/bin/true"]
for path in commands {
    for _ in 0..<20 where timed(path, typical).status != 0 && path != "/bin/true" { fatal("\(path) failed") }
}
for _ in 0..<rounds {
    for (index, path) in commands.enumerated() { series[index].add(timed(path, typical).nanoseconds) }
}
for entry in series {
    print("  \(entry.name): median \(format(entry.median / 1000, decimals: 0)) µs, p90 \(format(entry.percentile(0.9) / 1000, decimals: 0)) µs")
}
let floor = series[2].median
print(
    "  above the floor: AppOptions \(format((series[0].median - floor) / 1000)) µs, swift-argument-parser \(format((series[1].median - floor) / 1000)) µs"
)
