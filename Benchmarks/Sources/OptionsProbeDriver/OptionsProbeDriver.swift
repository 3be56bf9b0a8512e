// The part both probes of Benchmarks/options share, so that they differ only in how they read.
import Glibc

/// The command line both probes read: the app's flag and value, and the runtime's URL.
public let typicalArguments = ["--verbose", "--store", "/tmp/store", "todolist://?Buy%20milk#today"]

/// Runs a probe: `--rounds N` reads ``typicalArguments`` N times and prints the median of one
/// read in ns; any other arguments are read once (a cold start), exit 0 when `read` accepts them.
public func runProbe(_ read: ([String]) -> Bool) -> Never {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.first == "--rounds", arguments.count == 2, let rounds = Int(arguments[1]) else {
        exit(read(arguments) ? 0 : 1)
    }
    var samples: [UInt64] = []
    samples.reserveCapacity(rounds)
    for _ in 0..<rounds {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let ok = read(typicalArguments)
        clock_gettime(CLOCK_MONOTONIC, &end)
        precondition(ok)
        samples.append(UInt64(end.tv_sec - start.tv_sec) * 1_000_000_000 + UInt64(end.tv_nsec) - UInt64(start.tv_nsec))
    }
    print(samples.sorted()[samples.count / 2])
    exit(0)
}
